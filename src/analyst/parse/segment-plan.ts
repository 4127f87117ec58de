import {
  type Dimension,
  dimensions,
  isSegmentDimension,
  type SegmentDimension,
  segmentValueLabel,
  unreadableTogether,
} from '../dimensions';
import { hasShare, type MetricKey, metrics as registry } from '../metrics';
import { noShareOf } from './no-share';
import type { CompareGroup, Filters, Period, Plan } from './plan';
import type { Reading } from './reading';
import type { Direction } from './rules/cues';
import { countryNames, deviceValues, placementValues, surfaceValues } from './rules/segment-values';

type Common = { range: Period; filters: Filters; scopeNames: string[]; notes: string[] };

/** "Age group", "placement": how a segment dimension reads in a sentence. */
export function segmentWord(dimension: SegmentDimension, many = false): string {
  const label = dimensions[dimension].label;
  return many ? label.many : label.one;
}

/** The segment split an answer shows: "age group", "age and gender group". */
export function splitWords(by: readonly SegmentDimension[], many = false): string {
  if (by.length === 2 && by.includes('age') && by.includes('gender'))
    return many ? 'age and gender groups' : 'age and gender group';
  return by.map((d) => segmentWord(d, many)).join(' and ');
}

/** A segment value as text names it: "Women", "Instagram Stories", "United Kingdom (GB)". */
export function valueWords(dimension: SegmentDimension, value: string): string {
  if (dimension === 'country') {
    const name = countryNames.get(value);
    return name ? `${name} (${value})` : value;
  }
  return segmentValueLabel(dimension, value);
}

/** "Instagram", "all but Audience Network": a segment filter, for the reasoning's scope. */
export function segmentFilterWords(filter: Filters[number]): string | undefined {
  if (!isSegmentDimension(filter.dimension)) return undefined;
  const dimension = filter.dimension;
  const same = (values: string[]) =>
    values.length === filter.values.length && values.every((v) => filter.values.includes(v));
  const group = [...deviceValues, ...surfaceValues, ...placementValues].find(
    (value) => value.dimension === dimension && value.values.length > 1 && same(value.values),
  );
  const names = group?.label ?? filter.values.map((value) => valueWords(dimension, value)).join(' or ');
  return filter.op === 'not_in' ? `all but ${names}` : names;
}

const segmentFilter = (filter: Filters[number]) => isSegmentDimension(filter.dimension);
const segmentGroup = (group: CompareGroup) => group.filters.every(segmentFilter);

function directionFor(direction: Direction | undefined, metric: MetricKey): 'asc' | 'desc' {
  const lowerIsBetter = registry[metric].better === 'lower';
  if (direction === 'high') return 'desc';
  if (direction === 'low') return 'asc';
  if (direction === 'bad') return lowerIsBetter ? 'desc' : 'asc';
  return lowerIsBetter ? 'asc' : 'desc';
}

/** With no metric named: "best" and "worst" judge results, anything else shows spend. */
function defaultMetric(r: Reading, filters: Filters, notes: string[]): MetricKey {
  if (
    !/\b(best|worst|perform\w*|under ?perform\w*|out ?perform\w*|strongest|weakest|winners?|losers?|efficient|effective|better|worse)\b/.test(
      r.text,
    )
  )
    return 'spend';
  const objective = filters.find((f) => f.dimension === 'objective');
  const sales = objective?.values.includes('OUTCOME_SALES') && !objective.values.includes('OUTCOME_LEADS');
  notes.push(
    `No metric was named, so “best” and “worst” are judged by ${sales ? 'return on ad spend (ROAS)' : 'cost per result (CPA)'}.`,
  );
  return sales ? 'roas' : 'cpa';
}

/** A question that splits by segments both ways Meta cannot: say so, and offer each on its own. */
function crossed(problem: string, asked: string[], metric: MetricKey, range: Period): Plan {
  const name = registry[metric].label;
  return {
    kind: 'decline',
    message: `I can't combine ${asked.join(' and ')} in one answer: ${problem}. Ask for each on its own.`,
    suggestions: asked.slice(0, 3).map((words) => `${name} by ${words} ${range.label}`),
  };
}

/** The words for each dimension a plan reads together, for a decline. */
function askedWords(keys: readonly Dimension[]): string[] {
  return [...new Set(keys.map((key) => dimensions[key].label.one))];
}

/**
 * The plan for a question that splits results by segments, sets segment values side by side or
 * asks a segment's share; undefined when the question only narrows to segment values (those are
 * ordinary plans with a filter, checked by `checkSegments`).
 */
export function segmentPlan(
  r: Reading,
  common: Common,
  entity: { filters: Filters; scopeNames: string[]; level?: Dimension },
): Plan | undefined {
  // A diagnosis or advice over segments is not something the breakdowns answer.
  if (r.intent && r.intent.kind !== 'overview') return undefined;
  const sides = r.groups.length >= 2 && r.groups.every(segmentGroup) ? r.groups : undefined;
  let by: SegmentDimension[] = r.segments?.by ?? [];
  let filters = entity.filters;
  let parts: CompareGroup[] | undefined;
  const share = Boolean(r.segments?.share);
  if (share && !by.length) {
    // "How much of our spend goes to Audience Network": the share of that value among its segment.
    const asked = sides ?? filters.filter((f) => segmentFilter(f) && (f.op ?? 'in') === 'in').map(groupOf);
    const dimension = asked[0]?.filters[0]?.dimension;
    if (!dimension || !isSegmentDimension(dimension)) return undefined;
    by = [dimension];
    parts = asked;
    filters = filters.filter((f) => !asked.some((group) => group.filters.includes(f)));
  } else if (share && sides) parts = sides;
  if (!by.length && !sides) return undefined;
  if (!by.length && sides) {
    const dimension = sides[0]?.filters[0]?.dimension;
    if (dimension && isSegmentDimension(dimension)) by = [dimension];
  }
  const notes = [...common.notes];
  const metric = r.metrics[0] ?? (share ? 'spend' : sides ? 'cpa' : defaultMetric(r, filters, notes));
  // A share of a ratio or of reach ("what share of CPA comes from each placement") is declined
  // with its reason, never answered as a share of spend.
  if (share && !hasShare(metric)) return noShareOf(metric, splitWords(by), common.range);
  const shown = r.metrics.length
    ? r.metrics
    : sides
      ? (['spend', 'conversions', 'cpa'] as MetricKey[])
      : [metric];

  const level = r.byLevel;
  if (level && level !== 'account') {
    const name = registry[metric].label;
    return {
      kind: 'decline',
      message: `I can show ${name} by ${splitWords(by)} or ${name} by ${dimensions[level].label.one}, but not split both ways at once yet.`,
      suggestions: [
        `${name} by ${splitWords(by)} ${common.range.label}`,
        `${name} by ${dimensions[level].label.one} ${common.range.label}`,
      ],
    };
  }
  if (r.grain || r.pick) {
    const name = registry[metric].label;
    const over = r.pick ?? (r.grain === 'trend' ? 'day' : r.grain);
    return {
      kind: 'decline',
      message: `I can show ${name} per ${over} or ${name} by ${splitWords(by)}, but not split both ways at once yet.`,
      suggestions: [
        `${name} per ${over} ${common.range.label}`,
        `${name} by ${splitWords(by)} ${common.range.label}`,
      ],
    };
  }
  const keys: Dimension[] = [
    ...by,
    ...filters.map((f) => f.dimension),
    ...(sides ?? []).flatMap((g) => g.filters.map((f) => f.dimension)),
    ...(entity.level ? [entity.level] : []),
  ];
  const problem = unreadableTogether(keys);
  if (problem) return crossed(problem, askedWords(keys.filter((k) => k !== 'account')), metric, common.range);

  const scopeNames = [...entity.scopeNames, ...filters.flatMap((f) => segmentFilterWords(f) ?? [])];
  return {
    ...common,
    filters,
    scopeNames: [...new Set(scopeNames)],
    notes,
    kind: 'segment',
    by,
    metric,
    metrics: [...new Set<MetricKey>([metric, ...shown])],
    direction: directionFor(r.direction, metric),
    ...(r.limit ? { limit: r.limit } : {}),
    pick: Boolean(r.rankCue || r.direction),
    ...(sides && !parts ? { sides } : {}),
    ...(share ? { share: { parts: parts ?? [] } } : {}),
  };
}

function groupOf(filter: Filters[number]): CompareGroup {
  return { label: segmentFilterWords(filter) ?? filter.values.join(' or '), filters: [filter] };
}

/** The dimensions a plan reads: its filters, and the level or grain its rows are grouped by. */
function dimensionsRead(plan: Plan): Dimension[] {
  if (!('filters' in plan)) return [];
  const keys: Dimension[] = plan.filters.map((f) => f.dimension);
  if (plan.kind === 'ranking') keys.push(plan.level);
  if (plan.kind === 'breakdown') keys.push(plan.childLevel);
  if (plan.kind === 'entity') keys.push(plan.entity.level);
  if (plan.kind === 'compare') keys.push(...plan.groups.flatMap((g) => g.filters.map((f) => f.dimension)));
  return keys;
}

/** Plans that read rows the breakdowns can give: totals, lists, series and side-by-sides. */
const READ_FROM_SEGMENTS = new Set<Plan['kind']>([
  'total',
  'ranking',
  'series',
  'entity',
  'breakdown',
  'compare',
  'overview',
  'segment',
  'funnel',
]);

/**
 * A plan narrowed to segment values must read rows that exist: Meta reports each breakdown on its
 * own and per ad set, so an ad-level list on Instagram, or age within the UK, is declined naming
 * why. Diagnoses and advice look at ads and campaigns over the whole account, so they are not run
 * on a segment. Segment filters also join the reasoning's scope.
 */
export function checkSegments(plan: Plan, r: Reading): Plan {
  if (!('range' in plan) || plan.kind === 'segment') return plan;
  const segments = plan.filters.filter(segmentFilter);
  if (!segments.length && !r.segments) return plan;
  if (r.segments?.share && !r.segments.by.length && !segments.length)
    return {
      kind: 'decline',
      message:
        'I can work out shares of a total across segments (age, gender, country, platform, placement, device or creative format), but this question names none.',
      suggestions: [
        'Share of spend by placement last month',
        'What % of purchases come from mobile?',
        'Spend by country last month',
      ],
    };
  const keys = dimensionsRead(plan);
  const metric: MetricKey =
    'metric' in plan && plan.metric ? plan.metric : ('metrics' in plan && plan.metrics[0]) || 'spend';
  const problem = unreadableTogether(keys);
  if (problem) return crossed(problem, askedWords(keys.filter((k) => k !== 'account')), metric, plan.range);
  const named = segments.map((f) => segmentFilterWords(f)).filter((w): w is string => Boolean(w));
  if (!READ_FROM_SEGMENTS.has(plan.kind) || r.segments?.by.length) {
    const what = named.join(', ') || splitWords(r.segments?.by ?? []);
    const name = registry[metric].label;
    return {
      kind: 'decline',
      message: `I can't answer that within ${what} yet: segment figures come from Meta's breakdowns, which ARLO can rank, compare and total, but not diagnose or turn into advice.`,
      suggestions: [
        `${name} for ${what} ${plan.range.label}`,
        `Top campaigns by ${name} for ${what} ${plan.range.label}`,
        `Why did my CPA go up last week?`,
      ],
    };
  }
  const single = asSegmentSide(plan, segments);
  if (single) return single;
  return { ...plan, scopeNames: [...new Set([...plan.scopeNames, ...named])] };
}

/**
 * "CPA on Instagram last month": a total narrowed to values of one segment is that segment's own
 * figures, so it is answered as a segment, its row labelled by the segment's key.
 */
function asSegmentSide(plan: Plan, segments: Filters): Plan | undefined {
  if (plan.kind !== 'total' || plan.compare || segments.length !== 1) return undefined;
  const [filter] = segments;
  // Creative format reads the ad rows themselves: a format total stays an ordinary total.
  if (
    !filter ||
    (filter.op ?? 'in') !== 'in' ||
    !isSegmentDimension(filter.dimension) ||
    filter.dimension === 'format'
  )
    return undefined;
  const metric = plan.metrics[0] ?? 'spend';
  return {
    range: plan.range,
    filters: plan.filters.filter((f) => f !== filter),
    scopeNames: plan.scopeNames,
    notes: plan.notes,
    kind: 'segment',
    by: [filter.dimension],
    metric,
    metrics: plan.metrics.length ? plan.metrics : [metric],
    direction: registry[metric].better === 'lower' ? 'asc' : 'desc',
    pick: false,
    sides: [groupOf(filter)],
  };
}

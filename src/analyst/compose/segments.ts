import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import { type BreakdownKey, breakdownOf, isSegmentDimension, type SegmentDimension } from '../dimensions';
import type { ResultRow } from '../executor';
import { type MetricKey, metrics, minimumVolume } from '../metrics';
import type { CompareGroup, Filters, Period, Plan } from '../parse/plan';
import { splitWords } from '../parse/segment-plan';
import type { AnalyticsQuery, AnalyticsQueryInput } from '../query';
import { type ComposeContext, complex, table, tableRows, text } from './context';
import { declineAnswer } from './decline';
import { withShares } from './level-shares';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';
import { breakdownCoverage, type Coverage, coveredSpan, formatsKnown } from './segment-coverage';
import { BREAKDOWN_WORDS, coverageNotes, estimateNote, noBreakdownMessage } from './segment-notes';
import { labelKeys, rowWords, segmentChart, sharesOf, sideWords } from './segment-rows';
import { metricWords } from './segment-words';
import { sentenceList } from './words';

type SegmentPlan = Extract<Plan, { kind: 'segment' }>;

const FORMAT_NOTE =
  '**Creative format:** each ad’s creative type as Meta reports it (object_type). “Link or carousel” is Meta’s SHARE type, which covers link ads and carousels alike; ads whose settings ARLO has not read are “Unknown format”.';

/** A segment filter's values, when a plan narrows a segment dimension to some of its values. */
const narrows = (filters: Filters, by: readonly SegmentDimension[]) =>
  filters.some((f) => by.includes(f.dimension as SegmentDimension));

/** Single values of one segment, side by side: one grouped query answers them, rows keyed by segment. */
function singleValued(plan: SegmentPlan): boolean {
  const sides = plan.sides ?? [];
  return (
    sides.every(
      (side) =>
        side.filters.length === 1 &&
        side.filters[0]?.values.length === 1 &&
        side.filters[0].dimension === plan.by[0],
    ) && plan.by.length === 1
  );
}

/** The metrics a segment answer shows: those asked, then spend and conversions to judge them by. */
function shownMetrics(plan: SegmentPlan): MetricKey[] {
  const context: MetricKey[] =
    plan.metric === 'spend' ? ['impressions', 'clicks', 'conversions'] : ['spend', 'conversions'];
  return [
    ...new Set<MetricKey>([...plan.metrics, ...(plan.share ? ['spend' as MetricKey] : []), ...context]),
  ];
}

async function segmentRows(ctx: ComposeContext, plan: SegmentPlan, shown: MetricKey[]): Promise<ResultRow[]> {
  const range = { start: plan.range.start, end: plan.range.end };
  const order = { metric: plan.metric, direction: plan.direction };
  if (plan.sides && !singleValued(plan)) {
    const results = await Promise.all(
      plan.sides.map((side) =>
        ctx.run({ metrics: shown, filters: [...plan.filters, ...side.filters], time: { range } }),
      ),
    );
    return results.flatMap((result, i) => {
      const name = plan.sides?.[i]?.label ?? '';
      return result.rows.length ? result.rows.map((row) => ({ name, ...row })) : [{ name }];
    });
  }
  const sideFilter: Filters = plan.sides
    ? [
        {
          dimension: plan.by[0] as SegmentDimension,
          op: 'in',
          values: plan.sides.flatMap((s) => s.filters[0]?.values ?? []),
        },
      ]
    : [];
  const result = await ctx.run({
    metrics: shown,
    dimensions: plan.by,
    filters: [...plan.filters, ...sideFilter],
    time: { range },
    order,
  });
  return result.rows;
}

/** The ad rows' total for the same accounts, campaigns and dates, without the segment filters. */
function unbrokenTotal(
  ctx: ComposeContext,
  plan: { filters: Filters; metric?: MetricKey },
  range: Period,
  accounts?: string[],
) {
  const filters = plan.filters.filter((f) => !isSegmentDimension(f.dimension));
  const only: Filters = accounts ? [{ dimension: 'account', op: 'in', values: accounts }] : [];
  return ctx.run({
    metrics: ['spend'],
    filters: [...filters, ...only],
    time: { range: { start: range.start, end: range.end } },
  });
}

function floorOf(plan: SegmentPlan): MetricKey | undefined {
  return plan.sides ? undefined : minimumVolume(plan.metric)?.metric;
}

/** Ratio rankings list segments below the metric's volume floor last: one lucky sale leads nothing. */
function floored(rows: ResultRow[], metric: MetricKey): { ordered: ResultRow[]; below: ResultRow[] } {
  const floor = minimumVolume(metric);
  if (!floor) return { ordered: rows, below: [] };
  const enough = (row: ResultRow) => Number(row[floor.metric] ?? 0) >= floor.min;
  const below = rows.filter((row) => !enough(row));
  return { ordered: [...rows.filter(enough), ...below], below };
}

export async function composeSegments(ctx: ComposeContext, plan: SegmentPlan): Promise<AssistantMessage> {
  const key = breakdownOf(plan.by);
  const shown = shownMetrics(plan);
  const whole = !plan.sides && !narrows(plan.filters, plan.by);
  const [coverage, known, rows, firstTotal] = await Promise.all([
    key ? breakdownCoverage(ctx, key, plan.filters, plan.range) : undefined,
    key ? true : formatsKnown(ctx, plan.filters),
    // The volume floor's metric is read too, so thin segments can be listed last.
    segmentRows(ctx, plan, [...new Set([...shown, ...(floorOf(plan) ? [floorOf(plan) as MetricKey] : [])])]),
    key && whole ? unbrokenTotal(ctx, plan, plan.range) : undefined,
  ]);
  if (key && coverage && coverage.days === 0)
    return declineAnswer(
      noBreakdownMessage(ctx, key, coverage, plan.range),
      noDataSuggestions(plan, coverage),
    );
  if (!known)
    return declineAnswer(
      "ARLO doesn't have the creative format of these ads: their creative settings (Meta's object_type) haven't been synced, so video, image and carousel ads can't be told apart.",
      [
        'Which ads had the highest CTR last month?',
        'Top 5 ads by ROAS last month',
        'How much did I spend last month?',
      ],
    );
  let total = firstTotal?.rows[0];
  const span = coverage ? coveredSpan(coverage, plan.range) : undefined;
  if (key && whole && coverage && (span || coverage.missing.length))
    total = (await unbrokenTotal(ctx, plan, span ?? plan.range, coverage.covered)).rows[0];

  const { ordered, below } = plan.sides ? { ordered: rows, below: [] } : floored(rows, plan.metric);
  const cut = plan.limit ? ordered.slice(0, plan.limit) : ordered;
  const valued = cut.filter((row) => typeof row[plan.metric] === 'number');
  const items: ContentItem[] = [];
  if (!valued.length) items.push(text(noRows(ctx, plan)));
  else items.push(text(headline(ctx, plan, cut, ordered, shown)));
  const shares = plan.share ? sharesOf(rows, shareMetric(plan)) : undefined;
  if (cut.length) {
    const labels = labelKeys(plan, cut[0]);
    const data = tableRows(cut, labels, shown);
    items.push(shares ? withShares(table(data, title(plan)), cut, shares) : table(data, title(plan)));
    const charted = shares ? ordered : cut;
    if (charted.length > 1)
      items.push(segmentChart(plan, charted, labels, shares ? shareMetric(plan) : plan.metric, shares));
  }
  const notes: string[] = [];
  if (key && coverage) notes.push(...coverageNotes(ctx, key, coverage, plan.range));
  if (key && valued.length)
    notes.push(
      estimateNote(
        ctx,
        key,
        whole ? rows : undefined,
        total,
        () => `the ${ctx.evidence.count(rows)} ${splitWords(plan.by, rows.length !== 1)}`,
      ),
    );
  if (notes.length) items.push(text(notes.join('\n\n'), 'About these figures'));

  const first = await analyticsFirst(ctx, complex(items), suggestionsFor(plan, ordered));
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      range: plan.range,
      filters: plan.filters,
      scopeNames: plan.scopeNames,
      notes: plan.notes,
      metrics: shown,
      steps: steps(ctx, plan, key, below),
    }),
    insightsSection(ctx, [], insights(ctx, plan, ordered, rows), emptyInsight(plan)),
    first.suggestions,
  );
}

function shareMetric(plan: SegmentPlan): MetricKey {
  return metrics[plan.metric].kind === 'sum' ? plan.metric : 'spend';
}

function title(plan: SegmentPlan): string {
  const split = splitWords(plan.by);
  return `${metrics[plan.metric].label} by ${split}`;
}

function noRows(ctx: ComposeContext, plan: SegmentPlan): string {
  const what = plan.sides ? sentenceList(plan.sides.map((s) => s.label)) : splitWords(plan.by, true);
  return `There are no ${metrics[plan.metric].label} figures for ${what} in ${ctx.period(plan.range)}: no rows match${plan.scopeNames.length ? ` ${plan.scopeNames.join(', ')}` : ''}.`;
}

/** The answer's first sentences: the share asked, the sides' verdict, or the ranking's leader. */
function headline(
  ctx: ComposeContext,
  plan: SegmentPlan,
  cut: ResultRow[],
  all: ResultRow[],
  shown: MetricKey[],
): string {
  if (plan.share) return shareHeadline(ctx, plan, all);
  if (plan.sides) return sideWords(ctx, plan, cut, shown);
  const metric = plan.metric;
  const label = metricWords(metric);
  const valued = cut.filter((row) => typeof row[metric] === 'number');
  const top = valued[0];
  const word = plan.direction === 'desc' ? 'highest' : 'lowest';
  const other = plan.direction === 'desc' ? 'lowest' : 'highest';
  const many = splitWords(plan.by, all.length !== 1);
  const period = ctx.period(plan.range);
  if (!plan.pick) {
    // Each metric asked for, highest and lowest ("purchases and conversion rate per device").
    return plan.metrics
      .filter((key) => !metrics[key].ratio || key === metric || plan.metrics.length > 1)
      .slice(0, 3)
      .map((key, i) => {
        const ranked = [...cut]
          .filter((row) => typeof row[key] === 'number')
          .sort((a, b) => Number(b[key]) - Number(a[key]));
        const high = ranked[0];
        const low = ranked.at(-1);
        const tail =
          low && low !== high ? `, lowest **${rowWords(low, plan.by)}** at ${ctx.value(low, key)}` : '';
        const lead =
          i === 0 ? `${metrics[key].label} by ${splitWords(plan.by)} in ${period}` : metrics[key].label;
        return high
          ? `${lead}: highest **${rowWords(high, plan.by)}** at ${ctx.value(high, key)}${tail}.`
          : '';
      })
      .filter(Boolean)
      .join(' ');
  }
  const next = valued[1];
  const lines = [
    `**${rowWords(top, plan.by)}** has the ${word} ${label} of the ${ctx.evidence.count(all)} ${many} in ${period}: ${ctx.value(top, metric)}.`,
  ];
  if (next) lines.push(`Next is **${rowWords(next, plan.by)}** at ${ctx.value(next, metric)}.`);
  const last = all.filter((row) => typeof row[metric] === 'number').at(-1);
  if (last && last !== top && last !== next)
    lines.push(`The ${other}: **${rowWords(last, plan.by)}** at ${ctx.value(last, metric)}.`);
  return lines.join(' ');
}

function shareHeadline(ctx: ComposeContext, plan: SegmentPlan, rows: ResultRow[]): string {
  const metric = shareMetric(plan);
  const label = metrics[metric].label.toLowerCase();
  const period = ctx.period(plan.range);
  const currencies = new Set(rows.map((row) => row.currency));
  const values = rows.map((row) => row[metric]).filter((v): v is number => typeof v === 'number');
  if (currencies.size > 1 || !values.length)
    return `${metrics[metric].label} by ${splitWords(plan.by)} in ${period}, per currency: shares are not worked out across currencies.`;
  const currency = rows[0]?.currency;
  const total = ctx.evidence.sum(values, metrics[metric].format, currency);
  const whole = values.reduce((a, b) => a + b, 0);
  const across = `across ${splitWords(plan.by, true)}`;
  const parts = plan.share?.parts ?? [];
  if (!parts.length) {
    const top = rows.find((row) => typeof row[metric] === 'number') as ResultRow;
    const ranked = [...rows].sort((a, b) => Number(b[metric] ?? 0) - Number(a[metric] ?? 0))[0] ?? top;
    return `${metrics[metric].label} by ${splitWords(plan.by)} in ${period}: **${rowWords(ranked, plan.by)}** has the largest share, ${ctx.value(ranked, metric)} of ${total} ${across} (${ctx.evidence.rate(Number(ranked[metric]), whole)}).`;
  }
  return parts
    .map((part) => {
      const inPart = rows.filter((row) => matches(row, part, plan.by));
      const partValues = inPart.map((row) => row[metric]).filter((v): v is number => typeof v === 'number');
      if (!partValues.length)
        return `**${part.label}** had no ${label} in ${period} (of ${total} ${across}).`;
      const amount =
        partValues.length === 1
          ? ctx.value(inPart[0], metric)
          : ctx.evidence.sum(partValues, metrics[metric].format, currency);
      const value = partValues.reduce((a, b) => a + b, 0);
      const of = metrics[metric].format === 'money' ? `${total} in ${label}` : `${total} ${label}`;
      return `**${part.label}** ${metric === 'spend' ? 'took' : 'had'} ${amount} of the ${of} ${across} in ${period}: **${ctx.evidence.rate(value, whole)}**.`;
    })
    .join('\n\n');
}

/** Whether a row belongs to a group of segment values ("Mobile" holds mobile_app and mobile_web). */
function matches(row: ResultRow, group: CompareGroup, by: readonly SegmentDimension[]): boolean {
  return group.filters.every((filter) => {
    const dimension = filter.dimension;
    const value =
      dimension === 'placement'
        ? `${row.publisher_platform}|${row.platform_position}`
        : String(row[dimension as string] ?? '');
    return by.includes(dimension as SegmentDimension) && filter.values.includes(value);
  });
}

function steps(
  ctx: ComposeContext,
  plan: SegmentPlan,
  key: BreakdownKey | undefined,
  below: ResultRow[],
): string[] {
  const out: string[] = [];
  if (key)
    out.push(
      `**Source:** Meta's ${BREAKDOWN_WORDS[key]} breakdown, rows per ad set and day; Meta estimates these splits, so they can differ a little from the ad rows' totals.`,
    );
  else out.push(FORMAT_NOTE);
  if (!plan.sides && !plan.share)
    out.push(
      `**Order:** ${plan.direction === 'desc' ? 'highest' : 'lowest'} ${metrics[plan.metric].label} first.`,
    );
  const sides = plan.sides ?? [];
  if (sides.length === 1 && (sides[0]?.filters[0]?.values.length ?? 0) > 1)
    out.push(
      `**${sides[0]?.label}:** the rows of ${sentenceList(sides[0]?.filters[0]?.values ?? [])} together.`,
    );
  else if (plan.sides?.some((side) => (side.filters[0]?.values.length ?? 0) > 1))
    out.push(
      `**Compared:** ${plan.sides.map((side) => `${side.label} (${side.filters[0]?.values.join(', ')})`).join(' vs ')}, each its own query over the rows of those segments.`,
    );
  const floor = minimumVolume(plan.metric);
  if (floor && below.length) {
    const min = ctx.evidence.constant(floor.min, floor.min.toLocaleString('en-US'), 'minimum volume');
    out.push(
      `**Listed last:** segments with fewer than ${min} ${metrics[floor.metric].label.toLowerCase()}, whose ${metrics[plan.metric].label} would be noise.`,
    );
  }
  return out;
}

/** What the split suggests doing: where the weakest segment stands against the best, with its spend. */
function insights(ctx: ComposeContext, plan: SegmentPlan, ordered: ResultRow[], all: ResultRow[]): string[] {
  const metric = plan.metric;
  if (!metrics[metric].ratio || plan.share) return [];
  const valued = ordered.filter((row) => typeof row[metric] === 'number' && typeof row.spend === 'number');
  if (valued.length < 2 || new Set(all.map((row) => row.currency)).size > 1) return [];
  const better = metrics[metric].better === 'lower' ? 'asc' : 'desc';
  const sorted = [...valued].sort((a, b) =>
    better === 'asc' ? Number(a[metric]) - Number(b[metric]) : Number(b[metric]) - Number(a[metric]),
  );
  const best = sorted[0] as ResultRow;
  const worst = sorted.at(-1) as ResultRow;
  const label = metrics[metric].label;
  const spent = all.map((row) => row.spend).filter((v): v is number => typeof v === 'number');
  const whole = spent.reduce((a, b) => a + b, 0);
  const name = (row: ResultRow) => String(row.name ?? rowWords(row, plan.by));
  const share =
    whole > 0 && !plan.sides
      ? `, and took ${ctx.evidence.rate(Number(worst.spend), whole)} of the ${ctx.evidence.sum(spent, 'money', worst.currency)} spent across ${splitWords(plan.by, true)}`
      : '';
  return [
    `**${name(worst)}** has the weakest ${label} (${ctx.value(worst, metric)}, against ${ctx.value(best, metric)} for **${name(best)}**)${share}. Look at the campaigns there before moving budget: ask “top campaigns by ${label} on ${name(worst)}”.`,
  ];
}

function emptyInsight(plan: SegmentPlan): string {
  return `Nothing here calls for action on its own: the split shows how ${metricWords(plan.metric)} divides among ${splitWords(plan.by, true)}. To act on a segment, rank the campaigns inside it.`;
}

function suggestionsFor(plan: SegmentPlan, rows: ResultRow[]): string[] {
  const label = metrics[plan.metric].label;
  const others: string[] = ['age group', 'placement', 'country', 'device', 'gender'].filter(
    (word) => !splitWords(plan.by).includes(word),
  );
  const top = rows[0] && !plan.sides ? rowWords(rows[0], plan.by) : undefined;
  return [
    `${label} by ${others[0]} ${plan.range.label}`,
    top && plan.by.length === 1 && plan.by[0] !== 'format'
      ? `Top campaigns by ${label} on ${top} ${plan.range.label}`
      : `${label} by ${others[1]} ${plan.range.label}`,
    `${label} by ${others[2]} ${plan.range.label}`,
  ];
}

function noDataSuggestions(plan: SegmentPlan, coverage: Coverage): string[] {
  const label = metrics[plan.metric].label;
  const split = splitWords(plan.by);
  return [
    ...(coverage.first && coverage.last
      ? [`${label} by ${split} from ${coverage.first} to ${coverage.last}`]
      : []),
    `${label} by campaign ${plan.range.label}`,
    `${label} ${plan.range.label}`,
  ].slice(0, 3);
}

/**
 * A query the language model mapped that only splits by segments ("spend by age"): answered as a
 * segment plan, so it reads and notes the breakdown like the parser's own questions.
 */
export function segmentPlanOfQuery(
  query: AnalyticsQuery,
  range: Period,
  scopeNames: string[],
  notes: string[],
): SegmentPlan | undefined {
  const dims = [...query.dimensions, ...(query.time.grain ? [query.time.grain] : [])];
  if (!dims.length || !dims.every(isSegmentDimension) || query.time.compare || query.having?.length)
    return undefined;
  const metric = query.order?.metric ?? query.metrics[0] ?? 'spend';
  return {
    kind: 'segment',
    range,
    filters: query.filters,
    scopeNames,
    notes,
    by: dims as SegmentDimension[],
    metric,
    metrics: [...new Set<MetricKey>([metric, ...query.metrics])],
    direction: query.order?.direction ?? (metrics[metric].better === 'lower' ? 'asc' : 'desc'),
    ...(query.limit ? { limit: query.limit } : {}),
    pick: false,
  };
}

/** A segment row's value as a filter takes it: "instagram|feed" for a placement. */
export function segmentValueOf(row: ResultRow, dimension: SegmentDimension): string {
  return dimension === 'placement'
    ? `${row.publisher_platform}|${row.platform_position}`
    : String(row[dimension] ?? '');
}

/**
 * The segment values of an earlier split in the order its answer listed them, so "the first one"
 * names the same segment: the same query, thin segments last.
 */
export async function rankedSegmentValues(
  run: (query: AnalyticsQueryInput) => Promise<{ rows: ResultRow[] }>,
  plan: SegmentPlan,
): Promise<string[]> {
  const dimension = plan.by[0];
  if (!dimension || plan.by.length !== 1 || plan.sides) return [];
  const floor = minimumVolume(plan.metric);
  const result = await run({
    metrics: [plan.metric, ...(floor ? [floor.metric] : [])],
    dimensions: plan.by,
    filters: plan.filters,
    time: { range: { start: plan.range.start, end: plan.range.end } },
    order: { metric: plan.metric, direction: plan.direction },
  });
  return floored(result.rows, plan.metric).ordered.map((row) => segmentValueOf(row, dimension));
}

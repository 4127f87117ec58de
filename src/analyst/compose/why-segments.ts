import type { ContentItem, DataRow } from '../../shared/api/answer';
import { dimensions, type SegmentDimension, segmentValueLabel, unreadableTogether } from '../dimensions';
import type { QueryResult, ResultRow } from '../executor';
import { ANOMALY_THRESHOLD, MIN_CONVERSIONS, MIN_SPEND_SHARE } from '../insights';
import type { MetricKey } from '../metrics';
import type { Period, Plan } from '../parse/plan';
import { type ComposeContext, table, text } from './context';
import { percentChange } from './evidence';

type WhyPlan = Extract<Plan, { kind: 'why' }>;

/** The splits a "why" looks through, each read from its own breakdown's rows. */
const SPLITS: SegmentDimension[] = ['age', 'gender', 'country', 'placement', 'device_platform'];

/** Meta's breakdowns are estimates: their sum may differ a little from the totals, not this much. */
const COVERAGE_TOLERANCE = 0.1;

/** What each target's segments are weighed by: a CPA by its conversions, a ROAS by its spend. */
const weightOf: Record<WhyPlan['metric'], MetricKey> = { cpa: 'conversions', roas: 'spend' };
const needed: Record<WhyPlan['metric'], MetricKey[]> = {
  cpa: ['cpa', 'spend', 'conversions'],
  roas: ['roas', 'spend', 'revenue', 'purchases'],
};

export interface SegmentQueries {
  split: SegmentDimension;
  now: Promise<QueryResult>;
  before: Promise<QueryResult>;
}

/**
 * The breakdown queries of a "why", started at once so they run beside the campaign queries: one
 * per split and period. Splits the question's filters cannot be read with (an ad, a creative
 * format) are left out.
 */
export function segmentQueries(ctx: ComposeContext, plan: WhyPlan): SegmentQueries[] {
  const filtered = plan.filters.map((filter) => filter.dimension);
  return SPLITS.filter((split) => !unreadableTogether([split, ...filtered])).map((split) => {
    const run = (range: Period) =>
      ctx.run({
        metrics: needed[plan.metric],
        dimensions: [split],
        filters: plan.filters,
        time: { range: { start: range.start, end: range.end } },
      });
    return { split, now: run(plan.range), before: run(plan.compare) };
  });
}

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/** A segment's value as rows carry it: a placement is its platform and position together. */
function segmentKey(split: SegmentDimension, row: ResultRow): string {
  if (split === 'placement') return `${row.publisher_platform ?? ''}|${row.platform_position ?? ''}`;
  return String(row[dimensions[split].labelKey] ?? '');
}

interface Mover {
  split: SegmentDimension;
  key: string;
  now: ResultRow;
  before: ResultRow;
  /** The segment's own change, weighted by its share now: its part of the total's move. */
  effect: number;
}

/** Whether a split's rows hold (nearly) all of a period's spend: the breakdown covers the period. */
function covers(rows: ResultRow[], total: ResultRow): boolean {
  const spend = num(total, 'spend');
  const sum = rows.reduce((s, row) => s + num(row, 'spend'), 0);
  return spend > 0 && Math.abs(sum - spend) <= spend * COVERAGE_TOLERANCE;
}

function moversOf(
  split: SegmentDimension,
  target: WhyPlan['metric'],
  now: ResultRow[],
  before: ResultRow[],
  direction: number,
): Mover[] {
  const weight = weightOf[target];
  const volume = target === 'cpa' ? 'conversions' : 'purchases';
  const totalWeight = now.reduce((s, row) => s + num(row, weight), 0);
  const totalSpend = now.reduce((s, row) => s + num(row, 'spend'), 0);
  const earlier = new Map(before.map((row) => [segmentKey(split, row), row]));
  const out: Mover[] = [];
  for (const row of now) {
    const was = earlier.get(segmentKey(split, row));
    if (!was || totalWeight <= 0 || totalSpend <= 0) continue;
    if (num(row, volume) < MIN_CONVERSIONS || num(was, volume) < MIN_CONVERSIONS) continue;
    if (num(row, 'spend') / totalSpend < MIN_SPEND_SHARE) continue;
    const a = num(was, target);
    const b = num(row, target);
    if (a <= 0 || percentChange(a, b) * direction < ANOMALY_THRESHOLD * 100) continue;
    out.push({
      split,
      key: segmentKey(split, row),
      now: row,
      before: was,
      effect: (num(row, weight) / totalWeight) * (b - a),
    });
  }
  return out;
}

function valueWords(split: SegmentDimension, key: string): string {
  return segmentValueLabel(split, key);
}

export interface SegmentFinding {
  items: ContentItem[];
  lead: string;
  step: string;
}

/**
 * The segment that moved the total most: among age groups, genders, countries, placements and
 * devices, the one whose own CPA (or ROAS) change, weighted by its share of conversions (or spend)
 * now, did most of the total's move. Nothing when no breakdown covers both periods, or no
 * segment moved past the threshold in the total's direction.
 */
export async function segmentFinding(
  ctx: ComposeContext,
  plan: WhyPlan,
  queries: SegmentQueries[],
  totals: { now: ResultRow; before: ResultRow },
): Promise<SegmentFinding | undefined> {
  const target = plan.metric;
  const from = num(totals.before, target);
  const to = num(totals.now, target);
  if (from <= 0 || to <= 0 || from === to) return undefined;
  const direction = to > from ? 1 : -1;
  const read = await Promise.all(
    queries.map(async (q) => ({ split: q.split, now: (await q.now).rows, before: (await q.before).rows })),
  );
  const covered = read.filter(
    ({ now, before }) =>
      sameCurrency([...now, ...before], totals.now) &&
      covers(now, totals.now) &&
      covers(before, totals.before),
  );
  if (!covered.length) return undefined;
  const best = covered
    .flatMap(({ split, now, before }) => moversOf(split, target, now, before, direction))
    .sort((a, b) => b.effect * direction - a.effect * direction || a.key.localeCompare(b.key))[0];
  if (!best) return undefined;
  const { split, now, before } = best;
  const label = dimensions[split].label;
  const name = valueWords(split, best.key);
  const moved = `${ctx.evidence.change(num(before, target), num(now, target))}, from ${ctx.value(before, target)} to ${ctx.value(now, target)}`;
  const metricWord = target === 'cpa' ? 'CPA' : 'ROAS';
  const splitsRead = covered.map((c) => dimensions[c.split].label.many);
  const lines = [
    `Of the ${listOf(splitsRead)}, **${name}** (${label.one}) moved ${metricWord} most: its ${metricWord} ${direction > 0 ? 'rose' : 'fell'} ${moved}, on ${ctx.value(now, 'spend')} of spend.`,
    'Segment figures are Meta’s breakdown estimates, which can add up to slightly different totals.',
  ];
  const rows = covered.find((c) => c.split === split);
  const items: ContentItem[] = [text(lines.join('\n'), 'By segment')];
  if (rows)
    items.push(
      table(segmentRows(split, target, rows.now, rows.before), `${metricWord} by ${label.one}, both periods`),
    );
  return {
    items,
    lead: `Look at **${name}** (${label.one}) first: its ${metricWord} moved ${ctx.evidence.change(num(before, target), num(now, target))} (${ctx.value(before, target)} → ${ctx.value(now, target)}).`,
    step: `**Segments:** the same two periods split by ${listOf(splitsRead)} (Meta’s breakdowns, one query per split and period). The segment named is the one whose own ${metricWord} change, weighted by its share of ${target === 'cpa' ? 'conversions' : 'spend'} now, moved the total most; segments with under ${ctx.evidence.constant(MIN_CONVERSIONS, String(MIN_CONVERSIONS), 'minimum volume')} ${target === 'cpa' ? 'conversions' : 'purchases'} in either period are left out.`,
  };
}

function sameCurrency(rows: ResultRow[], total: ResultRow): boolean {
  return rows.every((row) => row.currency === total.currency);
}

function listOf(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function segmentRows(
  split: SegmentDimension,
  target: WhyPlan['metric'],
  now: ResultRow[],
  before: ResultRow[],
): DataRow[] {
  const earlier = new Map(before.map((row) => [segmentKey(split, row), row]));
  const labels = dimensions[split].select.map((column) => column.column);
  return [...now]
    .sort((a, b) => num(b, 'spend') - num(a, 'spend'))
    .map((row) => {
      const was = earlier.get(segmentKey(split, row));
      const out: DataRow = {};
      for (const key of labels) out[key] = row[key] ?? null;
      const a = num(was, target);
      const b = num(row, target);
      out[`${target}_before`] = typeof was?.[target] === 'number' ? a : null;
      out[target] = typeof row[target] === 'number' ? b : null;
      out[`${target}_change`] = a > 0 && typeof row[target] === 'number' ? percentChange(a, b) : null;
      out.spend = num(row, 'spend');
      out[weightOf[target] === 'spend' ? 'purchases' : 'conversions'] = num(
        row,
        target === 'cpa' ? 'conversions' : 'purchases',
      );
      if (row.currency !== undefined) out.currency = row.currency;
      return out;
    });
}

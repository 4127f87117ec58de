import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { campaignRecommendations, type Recommendation } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import type { Period } from '../parse/plan';
import { isEntityDimension } from '../query';
import { type ComposeContext, chart, complex, levelLabel, table, tableRows, text } from './context';
import { headline } from './headline';
import { levelShareHeadline, levelSharePie, levelSharesOf, withShares } from './level-shares';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';
import { metricWords } from './segment-words';
import { labelKeyOf, type QueryPlan, type Shape, shapeOf } from './shape';
import { conditionWords } from './words';

const MOVERS = 3;

/**
 * The one composer for every plan that is a query over rows (totals, rankings, series, lookups,
 * breakdowns, side-by-sides, overviews): run the shape's query for the period (and the period it
 * is compared with), then write the same parts in the same order: a headline with the figures,
 * a table, a chart where rows can be drawn, and insights about what the answer shows.
 */
export async function composeQuery(ctx: ComposeContext, plan: QueryPlan): Promise<AssistantMessage> {
  return composeShape(ctx, await shapeOf(ctx, plan), plan);
}

/** What the reasoning says beyond the shape: the scope's names, notes, and the kind of plan. */
export interface ShapeContext {
  kind?: QueryPlan['kind'];
  filters: QueryPlan['filters'];
  scopeNames: string[];
  notes: string[];
  suggestions?: string[];
}

export async function composeShape(
  ctx: ComposeContext,
  shape: Shape,
  plan: ShapeContext,
): Promise<AssistantMessage> {
  const [rows, before] = await Promise.all([
    rowsFor(ctx, shape, shape.range),
    shape.compare ? rowsFor(ctx, shape, shape.compare) : undefined,
  ]);
  const lead = shape.metrics[0] ?? 'spend';
  const shareLevel =
    shape.share && shape.dimension && isEntityDimension(shape.dimension) ? shape.dimension : undefined;
  const items: ContentItem[] = [];
  if (rows.length === 0 || rows.every((row) => shape.metrics.every((m) => row[m] === undefined)))
    items.push(text(noRows(ctx, shape, plan.scopeNames)));
  else {
    items.push(
      text(
        shareLevel
          ? levelShareHeadline(ctx, rows, shareLevel, lead, ctx.period(shape.range))
          : headline(ctx, shape, rows, before),
        shape.movers ? 'Key figures' : undefined,
      ),
    );
    if (shape.compare && before?.every((row) => shape.metrics.every((m) => row[m] === undefined)))
      items.push(text(`There is no ad data for ${ctx.period(shape.compare)} to compare with.`));
  }
  if (rows.length) {
    const ordered = shape.pick ? pickedFirst(rows, lead, shape.pick) : rows;
    const tableData = shape.dimension || shape.groups ? ordered : [...rows, ...(before ?? [])];
    const labels = [shape.labelKey, ...(shape.more ?? []).map(labelKeyOf)];
    const shown = table(tableRows(tableData, labels, shape.metrics), shape.title);
    const shares = shareLevel ? levelSharesOf(ordered, lead) : undefined;
    items.push(shares ? withShares(shown, ordered, shares) : shown);
    if (shareLevel && shares) {
      const pie = levelSharePie(ordered, shareLevel, lead, shares);
      if (pie) items.push(pie);
    } else if (shape.chart && rows.length > 1)
      items.push(chart(shape.chart, rows, shape.labelKey, lead, chartTitle(shape, lead)));
  }
  if (plan.kind === 'entity') {
    const daily = await ctx.run({
      metrics: ['spend'],
      filters: shape.filters,
      time: { range: shape.range, grain: 'day' },
    });
    if (daily.rows.length > 1)
      items.push(chart('line_chart', daily.rows, 'day', 'spend', seriesChartTitle('spend', 'day')));
  }
  if (shape.movers && shape.compare) items.push(...(await movers(ctx, shape, shape.compare)));
  const first = await analyticsFirst(ctx, complex(items), plan.suggestions ?? suggestionsFor(shape, lead));
  const { recommendations, empty } = await insightsFor(ctx, plan, shape, rows, lead);
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      range: shape.range,
      compare: shape.compare,
      filters: plan.filters,
      scopeNames: plan.scopeNames,
      notes: plan.notes,
      metrics: shape.metrics,
      level: shape.dimension && isEntityDimension(shape.dimension) ? shape.dimension : undefined,
      steps: steps(shape),
      excluded: excluded(ctx, shape),
    }),
    insightsSection(ctx, recommendations, [], empty),
    first.suggestions,
  );
}

/** The shape's rows for one period: one query, or one per named group, each row labelled. */
async function rowsFor(ctx: ComposeContext, shape: Shape, range: Period): Promise<ResultRow[]> {
  if (shape.groups) {
    const results = await Promise.all(
      shape.groups.map((group) =>
        ctx.run({ metrics: shape.metrics, filters: [...shape.filters, ...group.filters], time: { range } }),
      ),
    );
    return results.flatMap((result, index) => {
      const name = shape.groups?.[index]?.label ?? '';
      return result.rows.length ? result.rows.map((row) => ({ name, ...row })) : [{ name }];
    });
  }
  const result = await ctx.run({
    metrics: shape.metrics,
    dimensions: shape.dimension ? [shape.dimension, ...(shape.more ?? [])] : [],
    filters: shape.filters,
    time: { range },
    ...(shape.order ? { order: shape.order } : {}),
    ...(shape.limit ? { limit: shape.limit } : {}),
    ...(shape.having ? { having: shape.having } : {}),
    ...(shape.minVolume ? { minVolume: shape.minVolume } : {}),
  });
  return shape.dimension ? result.rows : result.rows.map((row) => ({ name: range.label, ...row }));
}

/** No rows: say whether the period has no data at all, or nothing matches the question's filters. */
function noRows(ctx: ComposeContext, shape: Shape, scopeNames: string[]): string {
  const narrowed = shape.filters.some((filter) => filter.dimension !== 'account') || shape.having?.length;
  return narrowed
    ? `Nothing matches ${scopeNames.length ? scopeNames.join(', ') : 'the question'} in ${ctx.period(shape.range)}: no rows were found, so there are no figures to show.`
    : `There is no ad data for ${ctx.period(shape.range)} in the connected accounts.`;
}

function pickedFirst(rows: ResultRow[], metric: MetricKey, pick: 'max' | 'min'): ResultRow[] {
  const valued = rows.filter((row) => typeof row[metric] === 'number');
  const best = [...valued].sort((a, b) =>
    pick === 'min' ? Number(a[metric]) - Number(b[metric]) : Number(b[metric]) - Number(a[metric]),
  )[0];
  return best ? [best, ...rows.filter((row) => row !== best)] : rows;
}

function chartTitle(shape: Shape, lead: MetricKey): string {
  if (shape.groups) return `${metrics[lead].label} side by side`;
  if (shape.dimension && isEntityDimension(shape.dimension))
    return `${metrics[lead].label} by ${levelLabel[shape.dimension].one}`;
  return seriesChartTitle(lead, shape.dimension ?? 'period');
}

const GRAIN_WORDS: Record<string, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };

/**
 * A chart over time is titled for its trend ("Daily spend trend"), so it never repeats the title
 * of the table above it ("Spend per day").
 */
export function seriesChartTitle(lead: MetricKey, grain: string): string {
  const adjective = GRAIN_WORDS[grain];
  if (adjective) return `${adjective} ${metricWords(lead)} trend`;
  if (grain === 'weekday') return `${metrics[lead].label} by day of the week`;
  return `${metrics[lead].label} by ${grain}, charted`;
}

/** The campaigns whose spend moved most against the period compared with. */
async function movers(ctx: ComposeContext, shape: Shape, compare: Period): Promise<ContentItem[]> {
  const query = (range: Period) =>
    ctx.run({
      metrics: ['spend', 'cpa', 'roas'],
      dimensions: ['campaign'],
      filters: shape.filters,
      time: { range },
    });
  const [now, earlier] = await Promise.all([query(shape.range), query(compare)]);
  const moved = now.rows
    .map((row) => {
      const was = earlier.rows.find((c) => c.campaign_id === row.campaign_id && c.currency === row.currency);
      return { row, was, delta: Number(row.spend ?? 0) - Number(was?.spend ?? 0) };
    })
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))
    .slice(0, MOVERS);
  if (!moved.length) return [];
  const lines = moved.map(({ row, was }) =>
    was && typeof was.spend === 'number' && was.spend > 0 && typeof row.spend === 'number'
      ? `- **${row.campaign}**: spend ${ctx.value(was, 'spend')} → ${ctx.value(row, 'spend')} (${ctx.evidence.change(was.spend, row.spend)})`
      : `- **${row.campaign}**: spend ${ctx.value(row, 'spend')} (new this period)`,
  );
  return [text(lines.join('\n'), 'Biggest movers')];
}

function steps(shape: Shape): string[] {
  const out: string[] = [];
  if (shape.order)
    out.push(
      `**Order:** ${shape.order.direction === 'desc' ? 'highest' : 'lowest'} ${metrics[shape.order.metric].label} first.`,
    );
  if (shape.dimension && !isEntityDimension(shape.dimension))
    out.push(
      `**Grain:** one row per ${shape.dimension}${shape.dimension === 'week' ? ' (weeks start on Monday)' : ''}.`,
    );
  if (shape.groups)
    out.push(`**Compared:** ${shape.groups.map((g) => g.label).join(' vs ')}, each its own query.`);
  if (shape.movers) out.push('**Biggest movers:** campaigns with the largest change in spend.');
  const lead = shape.metrics[0];
  if (shape.share && lead && shape.dimension && isEntityDimension(shape.dimension))
    out.push(
      `**Share:** each ${levelLabel[shape.dimension].one}'s ${metrics[lead].label} divided by the total of the rows shown${metrics[lead].format === 'money' ? ', within each currency' : ''}.`,
    );
  return out;
}

function excluded(ctx: ComposeContext, shape: Shape): string[] {
  const level =
    shape.dimension && isEntityDimension(shape.dimension) ? levelLabel[shape.dimension].many : 'rows';
  const out = (shape.having ?? []).map(
    (condition) =>
      `${level} outside your condition: only those with ${conditionWords(ctx, condition)} are listed.`,
  );
  if (shape.minVolume) {
    const floor = ctx.evidence.constant(
      shape.minVolume.min,
      shape.minVolume.min.toLocaleString('en-US'),
      'minimum volume',
    );
    const lead = shape.order?.metric ?? shape.metrics[0] ?? 'spend';
    out.push(
      `${level} with fewer than ${floor} ${metrics[shape.minVolume.metric].label.toLowerCase()}, whose ${metrics[lead].label} would be noise.`,
    );
  }
  return out;
}

function suggestionsFor(shape: Shape, metric: MetricKey): string[] {
  const label = metricWords(metric);
  if (shape.subject)
    return [
      `Show daily ${label.toLowerCase()} for ${shape.subject} in ${shape.range.label}`,
      `How did ${shape.subject} do compared to the previous period?`,
      `Which ads in ${shape.subject} have the best CTR?`,
    ];
  return [
    `Which campaigns had the best ${label} in ${shape.range.label}?`,
    `Show daily ${label.toLowerCase()} for ${shape.range.label}`,
    `Why did my ${metric === 'roas' ? 'ROAS go down' : 'CPA go up'} last week?`,
  ];
}

/** The campaign advice works from spend, conversions and CPA: it speaks to these metrics only. */
const ADVICE_METRICS = new Set<MetricKey>([
  'spend',
  'cpa',
  'conversions',
  'purchases',
  'leads',
  'cost_per_purchase',
  'cost_per_lead',
  'roas',
  'revenue',
]);

/**
 * Insights about what the answer shows: the campaigns in its rows, or, for a total, the campaigns
 * inside its filters when the metric is one the advice speaks to. Account-wide advice is for
 * overviews (and the advice answers).
 */
async function insightsFor(
  ctx: ComposeContext,
  plan: ShapeContext,
  shape: Shape,
  rows: ResultRow[],
  lead: MetricKey,
): Promise<{ recommendations: Recommendation[]; empty?: string }> {
  const all = await campaignRecommendations(ctx, shape.range, plan.filters, shape.compare);
  if (plan.kind === 'overview') return { recommendations: all };
  const label = metrics[lead].label;
  const names = [
    ...(shape.groups?.map((g) => g.label) ?? []),
    ...(shape.subject ? [shape.subject] : []),
    ...(shape.dimension && isEntityDimension(shape.dimension)
      ? rows.map((row) => String(row[shape.labelKey] ?? ''))
      : []),
  ].filter(Boolean);
  const about = names.length
    ? all.filter((r) => names.some((name) => r.text.includes(name)))
    : ADVICE_METRICS.has(lead)
      ? all
      : [];
  const shown = names.length ? `the ${names.length === 1 ? names[0] : 'rows shown'}` : 'this scope';
  return {
    recommendations: about,
    empty: `Nothing stands out for ${shown} in ${ctx.period(shape.range)}: no campaign here moved or stood apart from its peers by more than the threshold on spend, conversions or CPA. To see what moved ${label}, ask “why did ${label} change?”.`,
  };
}

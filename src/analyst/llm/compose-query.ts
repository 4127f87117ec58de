import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import {
  type ComposeContext,
  chart as chartItem,
  complex,
  formatSpan,
  levelLabel,
  table,
  tableRows,
  text,
} from '../compose/context';
import { analyticsFirst, assistantMessage, insightsSection } from '../compose/message';
import { reasoningSection } from '../compose/reasoning';
import { effectiveDimensions, type ResultRow } from '../executor';
import { campaignRecommendations } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import type { Period } from '../parse/plan';
import {
  type AnalyticsQuery,
  type AnalyticsQueryInput,
  analyticsQuerySchema,
  type Dimension,
  type EntityDimension,
  entityDimensions,
  timeGrains,
} from '../query';

/** Suggested next questions after a mapped query: ones the parser reads without the model. */
const NEXT_QUESTIONS = [
  'How much did I spend in the last 7 days?',
  'Top 5 campaigns by ROAS in the last 30 days',
  'Why did my CPA go up?',
];

/** The column the executor names each dimension's label by. */
const labelKey: Record<Dimension, string> = {
  account: 'account',
  campaign: 'campaign',
  adset: 'adset',
  ad: 'ad',
  objective: 'objective',
  day: 'day',
  week: 'day',
  month: 'month',
  quarter: 'quarter_label',
  weekday: 'weekday',
};

const isEntity = (d: Dimension): d is EntityDimension => (entityDimensions as readonly string[]).includes(d);
const isTime = (d: Dimension) => (timeGrains as readonly string[]).includes(d);

function period(range: { start: string; end: string }): Period {
  return { ...range, label: formatSpan(range.start, range.end) };
}

function figures(ctx: ComposeContext, row: ResultRow | undefined, keys: MetricKey[]): string {
  return keys.map((key) => `${metrics[key].label} ${ctx.value(row, key)}`).join(', ');
}

/** One or two sentences with the figures that matter, every number through ctx.evidence. */
function headline(
  ctx: ComposeContext,
  query: AnalyticsQuery,
  rows: ResultRow[],
  previous?: ResultRow[],
): string {
  const range = period(query.time.range);
  if (rows.length === 0) return `There is no ad data for ${ctx.period(range)} in the connected accounts.`;
  const dims = effectiveDimensions(query);
  const metric = query.order?.metric ?? query.metrics[0] ?? 'spend';
  const label = metrics[metric].label;
  if (dims.length === 0) {
    return rows
      .map((row) => {
        const before = previous?.find((candidate) => candidate.currency === row.currency);
        const lines = [`In ${ctx.period(range)}: ${figures(ctx, row, query.metrics)}.`];
        if (before && query.time.compare) {
          const changes = query.metrics.map((key) => {
            const [a, b] = [before[key], row[key]];
            const moved = typeof a === 'number' && typeof b === 'number' ? ctx.evidence.change(a, b) : 'n/a';
            return `${metrics[key].label} ${ctx.value(before, key)} → ${ctx.value(row, key)} (${moved})`;
          });
          lines.push(`Against ${ctx.period(period(query.time.compare))}: ${changes.join(', ')}.`);
        }
        return lines.join(' ');
      })
      .join('\n\n');
  }
  const count = ctx.evidence.count(rows);
  if (dims.every(isTime)) {
    const peak = [...rows].sort((a, b) => Number(b[metric] ?? 0) - Number(a[metric] ?? 0))[0];
    return `${label} per ${dims[0]} over ${ctx.period(range)}: ${count} points, highest on ${ctx.evidence.date(String(peak?.day))} at ${ctx.value(peak, metric)}.`;
  }
  const first = rows[0];
  const names = dims.map((d) => (isEntity(d) ? levelLabel[d].one : d)).join(' and ');
  const lead = query.order
    ? ` **${first?.[labelKey[dims[0] as Dimension]]}** comes first (${query.order.direction === 'desc' ? 'highest' : 'lowest'} ${label}) at ${ctx.value(first, metric)}.`
    : '';
  return `${count} rows by ${names} in ${ctx.period(range)}.${lead}`;
}

/** A chart only where one reads well: one dimension and one currency. */
function chart(query: AnalyticsQuery, rows: ResultRow[]): ContentItem | undefined {
  const dims = effectiveDimensions(query);
  const only = dims[0];
  if (dims.length !== 1 || !only || rows.length < 2) return undefined;
  if (new Set(rows.map((row) => row.currency)).size > 1) return undefined;
  const metric = query.order?.metric ?? query.metrics[0] ?? 'spend';
  const header = `${metrics[metric].label} by ${isEntity(only) ? levelLabel[only].one : only}`;
  return isTime(only)
    ? chartItem('line_chart', rows, 'day', metric, header)
    : chartItem('bar_chart', rows, labelKey[only], metric, header);
}

/** Names of the entities the filters narrow to, for the reasoning's "Filtered to" line. */
function filterNames(ctx: ComposeContext, query: AnalyticsQuery): string[] {
  const names = query.filters.flatMap((filter) =>
    filter.dimension === 'objective'
      ? filter.values
      : ctx.catalog.entities
          .filter((e) => e.level === filter.dimension && filter.values.includes(e.id))
          .map((e) => e.name),
  );
  return [...new Set(names)];
}

/**
 * Answers an AnalyticsQuery that the language model mapped from a question the parser could not
 * read. The query runs through the same executor and the texts through the same evidence as any
 * other answer; only the choice of query came from the model.
 */
export async function composeCustomQuery(
  ctx: ComposeContext,
  input: AnalyticsQueryInput,
): Promise<AssistantMessage> {
  const query = analyticsQuerySchema.parse(input);
  const result = await ctx.run(query);
  const previous = query.time.compare
    ? await ctx.run({ ...query, time: { range: query.time.compare, grain: query.time.grain } })
    : undefined;
  const dims = effectiveDimensions(query);
  const labels = [...new Set(dims.map((d) => labelKey[d]))];
  const shown = [...new Set<MetricKey>([...query.metrics, ...(query.order ? [query.order.metric] : [])])];
  const items: ContentItem[] = [text(headline(ctx, query, result.rows, previous?.rows))];
  if (result.rows.length) {
    items.push(table(tableRows(result.rows, labels, shown), 'Figures'));
    const picture = chart(query, result.rows);
    if (picture) items.push(picture);
  }
  if (previous?.rows.length) items.push(table(tableRows(previous.rows, labels, shown), 'Previous period'));
  // The figures are final here; the insights still take their own queries.
  const first = await analyticsFirst(ctx, complex(items), NEXT_QUESTIONS);

  const range = period(query.time.range);
  const compare = query.time.compare ? period(query.time.compare) : undefined;
  const recommendations = await campaignRecommendations(ctx, range, query.filters, compare);
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      range,
      compare,
      filters: query.filters,
      scopeNames: filterNames(ctx, query),
      metrics: shown,
      level: dims.find(isEntity),
      notes: [
        '**Read by:** the language model mapped this question to a query; the query was validated against the same schema and account scope as every other question, and every figure was computed by the deterministic engine.',
      ],
    }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

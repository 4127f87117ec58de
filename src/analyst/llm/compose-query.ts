import type { AssistantMessage } from '../../shared/api/answer';
import { type ComposeContext, formatSpan, levelLabel } from '../compose/context';
import { composeShape } from '../compose/query-answer';
import { segmentGuard } from '../compose/segment-filter';
import { composeSegments, segmentPlanOfQuery } from '../compose/segments';
import { labelKeyOf, type Shape } from '../compose/shape';
import { effectiveDimensions } from '../executor';
import { type MetricKey, metrics } from '../metrics';
import type { Period } from '../parse/plan';
import { type AnalyticsQueryInput, analyticsQuerySchema, isEntityDimension } from '../query';

/** Suggested next questions after a mapped query: ones the parser reads without the model. */
const NEXT_QUESTIONS = [
  'How much did I spend in the last 7 days?',
  'Top 5 campaigns by ROAS in the last 30 days',
  'Why did my CPA go up?',
];

const READ_BY =
  '**Read by:** the language model mapped this question to a query; the query was validated against the same schema and account scope as every other question, and every figure was computed by the deterministic engine.';

function period(range: { start: string; end: string }): Period {
  return { ...range, label: formatSpan(range.start, range.end) };
}

/** Names of the entities the filters narrow to, for the reasoning's "Filtered to" line. */
function filterNames(
  ctx: ComposeContext,
  filters: ReturnType<typeof analyticsQuerySchema.parse>['filters'],
): string[] {
  const names = filters.flatMap((filter) =>
    filter.dimension === 'objective'
      ? filter.values
      : filter.op === 'contains' || filter.op === 'not_contains'
        ? filter.values.map((v) => `${filter.op === 'contains' ? '' : 'not '}“${v}”`)
        : ctx.catalog.entities
            .filter((e) => e.level === filter.dimension && filter.values.includes(e.id))
            .map((e) => (filter.op === 'not_in' ? `all but ${e.name}` : e.name)),
  );
  return [...new Set(names)];
}

/**
 * Answers an AnalyticsQuery that the language model mapped from a question the parser could not
 * read, through the same composer as every other query: only the choice of query came from the
 * model; the executor, the texts and the evidence are the engine's.
 */
export async function composeCustomQuery(
  ctx: ComposeContext,
  input: AnalyticsQueryInput,
): Promise<AssistantMessage> {
  const query = analyticsQuerySchema.parse(input);
  const dims = effectiveDimensions(query);
  const [primary, ...more] = dims;
  const range = period(query.time.range);
  const segmented = segmentPlanOfQuery(query, range, filterNames(ctx, query.filters), [READ_BY]);
  if (segmented) return composeSegments(ctx, segmented);
  const guard = await segmentGuard(
    ctx,
    [...dims, ...query.filters.map((f) => f.dimension)],
    query.filters,
    range,
  );
  if ('decline' in guard) return guard.decline;
  const lead: MetricKey = query.order?.metric ?? query.metrics[0] ?? 'spend';
  const shown = [...new Set<MetricKey>([lead, ...query.metrics])];
  const shape: Shape = {
    metrics: shown,
    ...(primary ? { dimension: primary } : {}),
    ...(more.length ? { more } : {}),
    labelKey: primary ? labelKeyOf(primary) : 'name',
    filters: query.filters,
    range,
    ...(query.time.compare ? { compare: period(query.time.compare) } : {}),
    ...(query.order ? { order: query.order } : {}),
    ...(query.limit ? { limit: query.limit } : {}),
    ...(query.having ? { having: query.having } : {}),
    ...(query.minVolume ? { minVolume: query.minVolume } : {}),
    ...(primary && !more.length ? { chart: isEntityDimension(primary) ? 'bar_chart' : 'line_chart' } : {}),
    title: primary
      ? `${metrics[lead].label} by ${dims.map((d) => (isEntityDimension(d) ? levelLabel[d].one : d)).join(' and ')}`
      : 'Figures',
  };
  return composeShape(ctx, shape, {
    filters: query.filters,
    scopeNames: filterNames(ctx, query.filters),
    notes: [READ_BY, ...guard.notes],
    suggestions: NEXT_QUESTIONS,
  });
}

import { dimensions } from '../dimensions';
import type { MetricKey } from '../metrics';
import type { Filters, Plan } from './plan';

/**
 * Creative formats that are never video. Ads whose format ARLO never read stay in (their rows
 * still carry the plays), so a folder without settings answers as before.
 */
const NOT_VIDEO = ['PHOTO', 'SHARE', 'STATUS'];

/** Metrics whose denominator is every impression: an image ad's impressions would dilute them. */
const PER_IMPRESSION_VIDEO: readonly MetricKey[] = ['hook_rate'];

function metricsOf(plan: Plan): MetricKey[] {
  const found: MetricKey[] = [];
  if ('metrics' in plan) found.push(...plan.metrics);
  if ('metric' in plan && plan.metric) found.push(plan.metric);
  if (plan.kind === 'ranking') found.push(...plan.extraMetrics);
  return found;
}

const readsBreakdowns = (filters: Filters) =>
  filters.some((filter) => dimensions[filter.dimension].breakdown);

/**
 * "Hook rate on our videos" means video ads' plays over video ads' impressions. A plan that asks
 * for it over ads of every format is narrowed to the formats that can be video, and says so.
 * Meta's breakdowns do not split by format, so a hook rate per age group or placement keeps
 * every ad's impressions, and the note says that instead.
 */
export function videoScope(plan: Plan): Plan {
  if (!('notes' in plan) || !metricsOf(plan).some((metric) => PER_IMPRESSION_VIDEO.includes(metric)))
    return plan;
  if (plan.filters.some((filter) => filter.dimension === 'format')) return plan;
  const segmentSplit = plan.kind === 'segment' && plan.by.some((key) => dimensions[key].breakdown);
  if (segmentSplit || readsBreakdowns(plan.filters)) {
    const note =
      "Hook rate here counts every ad's impressions in the segment, video or not: Meta's breakdowns do not split by creative format.";
    return { ...plan, notes: [...plan.notes, note] };
  }
  if (plan.kind === 'segment' && plan.by.includes('format')) return plan;
  return {
    ...plan,
    filters: [...plan.filters, { dimension: 'format', op: 'not_in', values: NOT_VIDEO }],
    notes: [...plan.notes, 'Hook rate counts video ads only: image, link and carousel ads are left out.'],
  };
}

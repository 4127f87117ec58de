import type { ContentItem } from '../../shared/api/answer';
import { unreadableTogether } from '../dimensions';
import type { ResultRow } from '../executor';
import type { MetricKey } from '../metrics';
import { objectiveGroups } from '../objectives';
import type { Filters, Period, Plan } from '../parse/plan';
import { type ComposeContext, levelLabel, table, tableRows } from './context';
import { type Path, pathMetrics, pathOf, stepCount } from './funnel-steps';

type FunnelPlan = Extract<Plan, { kind: 'funnel' }>;

/** One funnel to show: a path over one query's row (one currency). */
export interface Funnel {
  title: string;
  path: Path;
  row: ResultRow;
  /** The same funnel in the period compared with, when one was asked for and had rows. */
  before?: ResultRow | undefined;
  /** What the reader should know about the rows read (a video funnel over image ads too). */
  note?: string;
}

const LEAD_OBJECTIVES = [...objectiveGroups.leads];
const VIDEO_ONLY: Filters[number] = { dimension: 'format', op: 'in', values: ['VIDEO'] };

/**
 * The funnels of a period: one query for the scope; where it mixes lead and shopping results, one
 * more per path (lead campaigns end in leads, the others in purchases). A video funnel reads video
 * ads only, unless no ad is known to be a video (creative formats not synced).
 */
export async function funnelsIn(ctx: ComposeContext, plan: FunnelPlan, range: Period): Promise<Funnel[]> {
  const query = (path: Path, filters: Filters) =>
    ctx.run({ metrics: pathMetrics(path), filters, time: { range: { start: range.start, end: range.end } } });
  if (plan.funnel === 'video') {
    // Impressions of image ads would water the hook rate down.
    // A segment filter (age, placement…) cannot be read with the format: every ad with plays counts.
    const dimensions = plan.filters.map((filter) => filter.dimension);
    const narrowable = !dimensions.includes('format') && !unreadableTogether(['format', ...dimensions]);
    const videos = narrowable ? await query('video', [...plan.filters, VIDEO_ONLY]) : undefined;
    const played = videos?.rows.filter((row) => stepCount(row, 'video_views_3s') > 0) ?? [];
    if (played.length) return withRows(played, 'Video funnel (video ads)', 'video');
    const every = withRows((await query('video', plan.filters)).rows, 'Video funnel', 'video');
    if (dimensions.includes('format')) return every;
    const note = narrowable
      ? 'No ad here is known to be a video (creative formats not synced), so impressions of every ad count in the hook rate.'
      : 'Meta’s breakdown rows cannot be narrowed to video ads, so impressions of image ads count in the hook rate too.';
    return every.map((funnel) => ({ ...funnel, note }));
  }
  const all = await query('purchase', plan.filters);
  const rows = all.rows.filter((row) => stepCount(row, 'impressions') > 0);
  const mixed = rows.some((row) => pathOf(row) === 'purchase' && stepCount(row, 'leads') > 0);
  if (!mixed) return rows.map((row) => funnelOf(row, pathOf(row), 'Funnel', rows.length > 1));
  const [shopping, leads] = await Promise.all([
    query('purchase', [...plan.filters, { dimension: 'objective', op: 'not_in', values: LEAD_OBJECTIVES }]),
    query('lead', [...plan.filters, { dimension: 'objective', op: 'in', values: LEAD_OBJECTIVES }]),
  ]);
  const split = [
    ...withRows(shopping.rows, 'Purchase funnel (campaigns without a lead objective)', 'purchase'),
    ...withRows(leads.rows, 'Lead funnel (lead campaigns)', 'lead'),
  ];
  // Leads that come from sales campaigns only: one funnel, the purchase path, as before the split.
  return split.some((funnel) => funnel.path === 'lead')
    ? split
    : rows.map((row) => funnelOf(row, 'purchase', 'Funnel', rows.length > 1));
}

/** Each funnel of the period with its counterpart (same path and currency) in the period compared with. */
export function paired(now: Funnel[], earlier: Funnel[]): Funnel[] {
  return now.map((funnel) => ({
    ...funnel,
    before: earlier.find((e) => e.path === funnel.path && e.row.currency === funnel.row.currency)?.row,
  }));
}

function withRows(rows: ResultRow[], title: string, path: Path): Funnel[] {
  const shown = rows.filter((row) => stepCount(row, 'impressions') > 0);
  return shown.map((row) => funnelOf(row, path, title, shown.length > 1));
}

function funnelOf(row: ResultRow, path: Path, title: string, perCurrency: boolean): Funnel {
  return { row, path, title: perCurrency && row.currency ? `${title}, ${row.currency}` : title };
}

const BY_LEVEL_ROWS = 50;

/**
 * Why the funnel cannot be split by the level asked, with the question's segment filter: Meta
 * reports breakdowns per ad set, never per ad.
 */
export function levelUnreadable(plan: FunnelPlan): string | undefined {
  if (!plan.level) return undefined;
  const problem = unreadableTogether([plan.level, ...plan.filters.map((filter) => filter.dimension)]);
  return problem
    ? `${problem}, so the funnel is shown without the split by ${levelLabel[plan.level].one}.`
    : undefined;
}

/** "Funnel by campaign": every step's count per campaign (or ad set, ad), biggest spenders first. */
export async function stepsBy(ctx: ComposeContext, plan: FunnelPlan, paths: Path[]): Promise<ContentItem[]> {
  const level = plan.level;
  if (!level || levelUnreadable(plan)) return [];
  const counts: MetricKey[] =
    plan.funnel === 'video'
      ? [
          'impressions',
          'video_views_3s',
          'video_p25',
          'video_p50',
          'video_p75',
          'video_p100',
          'hook_rate',
          'hold_rate',
        ]
      : [
          'impressions',
          'link_clicks',
          'landing_page_views',
          ...(paths.includes('purchase')
            ? (['content_views', 'adds_to_cart', 'checkouts_initiated', 'purchases'] as const)
            : []),
          ...(paths.includes('lead') ? (['leads'] as const) : []),
        ];
  const metrics: MetricKey[] = [...counts, 'spend'];
  const result = await ctx.run({
    metrics,
    dimensions: [level],
    filters: plan.filters,
    time: { range: { start: plan.range.start, end: plan.range.end } },
    order: { metric: 'spend', direction: 'desc' },
    limit: BY_LEVEL_ROWS,
  });
  if (!result.rows.length) return [];
  return [table(tableRows(result.rows, [level], metrics), `Funnel steps by ${levelLabel[level].one}`)];
}

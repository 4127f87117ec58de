import { dimensions } from '../dimensions';
import { type MetricKey, metrics, minimumVolume } from '../metrics';
import type { CompareGroup, Filters, Having, Period, Plan } from '../parse/plan';
import type { Dimension, EntityDimension } from '../query';
import { type ComposeContext, levelLabel } from './context';
import { metricWords } from './segment-words';

/** The plans one composer answers: each is a query over some rows, shown as text, table and chart. */
export type QueryPlan = Extract<
  Plan,
  { kind: 'total' | 'ranking' | 'series' | 'entity' | 'breakdown' | 'compare' | 'overview' }
>;

/**
 * What a query answer shows, whatever the plan kind: the metrics (the first leads), the rows'
 * dimension, how they are ordered and cut, the period to compare with, and named groups that
 * each get their own query. The composer reads only this, so every plan kind is written the same
 * way.
 */
export interface Shape {
  metrics: MetricKey[];
  dimension?: Dimension;
  /** Further grouping columns (a mapped query may group by two or three dimensions). */
  more?: Dimension[];
  /** The key that labels each row: a level, a time key, or `name` for totals and groups. */
  labelKey: string;
  filters: Filters;
  range: Period;
  compare?: Period;
  order?: { metric: MetricKey; direction: 'asc' | 'desc' };
  limit?: number;
  having?: Having;
  minVolume?: { metric: MetricKey; min: number };
  groups?: CompareGroup[];
  pick?: 'max' | 'min';
  chart?: 'bar_chart' | 'line_chart' | 'pie_chart';
  /** The entity a lookup or breakdown is about, for its sentences and suggestions. */
  subject?: string;
  /** Each row's share of the rows' total of the lead metric, asked for a level. */
  share?: boolean;
  /** Overviews add the campaigns that moved most. */
  movers?: boolean;
  title: string;
}

export const KPIS: MetricKey[] = [
  'spend',
  'revenue',
  'roas',
  'purchases',
  'leads',
  'conversions',
  'cpa',
  'ctr',
  'cpm',
];

/** Metrics that describe a scope at a glance, with sales metrics only where there are sales. */
async function keyMetrics(ctx: ComposeContext, range: Period, filters: Filters): Promise<MetricKey[]> {
  const probe = await ctx.run({ metrics: ['purchases', 'leads'], filters, time: { range } });
  const hasPurchases = probe.rows.some((row) => Number(row.purchases) > 0);
  const hasLeads = probe.rows.some((row) => Number(row.leads) > 0);
  const out: MetricKey[] = ['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'cpm', 'conversions', 'cpa'];
  if (hasLeads) out.push('leads', 'cost_per_lead');
  if (hasPurchases) out.push('purchases', 'revenue', 'roas');
  return out;
}

/** A ranking shows its metric, what it asked for, and enough context to judge the order. */
function rankingMetrics(metric: MetricKey, extra: MetricKey[], having: Having | undefined): MetricKey[] {
  const context: MetricKey[] =
    metric === 'spend' ? ['impressions', 'clicks', 'conversions'] : ['spend', 'conversions'];
  return [
    ...new Set<MetricKey>([
      metric,
      ...extra,
      ...(having ?? []).map((h) => h.metric as MetricKey),
      ...context,
    ]),
  ];
}

/** The key a dimension's label sits under in result rows: its own name (weeks and months by first day). */
export function labelKeyOf(dimension: Dimension): string {
  // A placement's rows carry its position under platform_position (and its platform beside it).
  return dimensions[dimension].labelKey;
}

type RankingPlan = Extract<Plan, { kind: 'ranking' }>;

/**
 * A ranking's order, cut, thresholds and volume floor: the rows its answer shows, and the rows a
 * later "the second one" points at, which must be the same.
 */
export function rankingCut(plan: RankingPlan): Pick<Shape, 'order' | 'limit' | 'having' | 'minVolume'> & {
  order: NonNullable<Shape['order']>;
} {
  const floor = minimumVolume(plan.metric);
  return {
    order: { metric: plan.metric, direction: plan.direction },
    // A share keeps every row unless a number was asked: the shares are of the rows shown.
    ...(plan.share && !plan.limit ? {} : { limit: plan.limit }),
    ...(plan.having ? { having: plan.having } : {}),
    ...(floor ? { minVolume: floor } : {}),
  };
}

export async function shapeOf(ctx: ComposeContext, plan: QueryPlan): Promise<Shape> {
  const base = { filters: plan.filters, range: plan.range };
  switch (plan.kind) {
    case 'total':
      return {
        ...base,
        metrics: plan.metrics,
        labelKey: 'name',
        ...(plan.compare ? { compare: plan.compare } : {}),
        title: 'Figures',
      };
    case 'overview':
      return {
        ...base,
        metrics: KPIS,
        labelKey: 'name',
        compare: plan.compare,
        movers: true,
        title: 'Key figures',
      };
    case 'compare':
      return {
        ...base,
        metrics: plan.metrics,
        labelKey: 'name',
        groups: plan.groups,
        chart: 'bar_chart',
        title: 'Side by side',
      };
    case 'ranking':
      return {
        ...base,
        metrics: rankingMetrics(plan.metric, plan.extraMetrics, plan.having),
        dimension: plan.level,
        labelKey: plan.level,
        ...rankingCut(plan),
        chart: plan.share ? 'pie_chart' : 'bar_chart',
        ...(plan.share ? { share: true } : {}),
        title: `${capitalised(levelLabel[plan.level].many)} by ${metricWords(plan.metric)}`,
      };
    case 'breakdown': {
      const shown = [
        ...new Set<MetricKey>([plan.metric, 'spend', 'impressions', 'clicks', 'ctr', 'conversions', 'cpa']),
      ];
      const better = metrics[plan.metric].better === 'lower' ? 'asc' : 'desc';
      return {
        ...base,
        metrics: shown,
        dimension: plan.childLevel,
        labelKey: plan.childLevel,
        order: { metric: plan.metric, direction: better },
        chart: metrics[plan.metric].ratio ? 'bar_chart' : 'pie_chart',
        subject: plan.entity.name,
        title: `${plan.entity.name} by ${levelLabel[plan.childLevel].one}`,
      };
    }
    case 'entity': {
      const level: EntityDimension = plan.entity.level;
      return {
        ...base,
        metrics: plan.metrics.length ? plan.metrics : await keyMetrics(ctx, plan.range, plan.filters),
        dimension: level,
        labelKey: level,
        ...(plan.compare ? { compare: plan.compare } : {}),
        subject: plan.entity.name,
        title: `${capitalised(levelLabel[level].one)} performance`,
      };
    }
    case 'series':
      return {
        ...base,
        metrics: plan.metrics,
        dimension: plan.grain,
        labelKey: labelKeyOf(plan.grain),
        ...(plan.pick ? { pick: plan.pick } : {}),
        chart: plan.grain === 'weekday' || plan.pick ? 'bar_chart' : 'line_chart',
        title: `${metrics[plan.metrics[0] ?? 'spend'].label} per ${plan.grain}`,
      };
  }
}

export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

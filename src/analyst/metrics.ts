/**
 * The semantic layer's metric registry (DESIGN.md section 4). Sums are added at any grain; ratios
 * are always computed from sums at the output grain, never averaged from daily ratios.
 */
export const sumMetricKeys = [
  'spend',
  'impressions',
  'clicks',
  'link_clicks',
  'reach',
  'purchases',
  'leads',
  'conversions',
  'revenue',
  'post_engagements',
  'post_reactions',
  'post_comments',
] as const;

export const ratioMetricKeys = [
  'ctr',
  'cpc',
  'cpm',
  'cpa',
  'cost_per_purchase',
  'cost_per_lead',
  'roas',
  'roi',
  'frequency',
  'cvr',
  'aov',
] as const;

export const metricKeys = [...sumMetricKeys, ...ratioMetricKeys] as const;
export type SumMetric = (typeof sumMetricKeys)[number];
export type RatioMetric = (typeof ratioMetricKeys)[number];
export type MetricKey = (typeof metricKeys)[number];

export type MetricFormat = 'money' | 'count' | 'percent' | 'multiplier' | 'decimal';

export interface MetricDefinition {
  key: MetricKey;
  label: string;
  format: MetricFormat;
  /** Which way is good: cost metrics are better when lower. */
  better: 'higher' | 'lower';
  /** For ratios: numerator and denominator sums, and a constant factor. */
  ratio?: { numerator: SumMetric | 'revenue_minus_spend'; denominator: SumMetric; factor: number };
  /** How the value is computed, for the reasoning section. */
  formula: string;
}

const sum = (key: SumMetric, label: string, format: MetricFormat, better: 'higher' | 'lower' = 'higher') => ({
  key,
  label,
  format,
  better,
  formula: `sum of ${label.toLowerCase()}`,
});

export const metrics: Record<MetricKey, MetricDefinition> = {
  spend: sum('spend', 'Spend', 'money', 'higher'),
  impressions: sum('impressions', 'Impressions', 'count'),
  clicks: sum('clicks', 'Clicks', 'count'),
  link_clicks: sum('link_clicks', 'Link clicks', 'count'),
  reach: {
    ...sum('reach', 'Reach', 'count'),
    formula: 'unique people reached; daily reach summed, so an upper bound over several days or ads',
  },
  purchases: {
    ...sum('purchases', 'Purchases', 'count'),
    formula: 'purchases (omni_purchase, counted once)',
  },
  leads: { ...sum('leads', 'Leads', 'count'), formula: 'leads (lead, counted once)' },
  conversions: { ...sum('conversions', 'Conversions', 'count'), formula: 'purchases + leads' },
  revenue: { ...sum('revenue', 'Revenue', 'money'), formula: 'purchase conversion value' },
  post_engagements: sum('post_engagements', 'Post engagements', 'count'),
  post_reactions: sum('post_reactions', 'Post reactions', 'count'),
  post_comments: sum('post_comments', 'Post comments', 'count'),
  ctr: ratio('ctr', 'CTR', 'percent', 'higher', 'clicks', 'impressions', 100, 'clicks ÷ impressions × 100'),
  cpc: ratio('cpc', 'CPC', 'money', 'lower', 'spend', 'clicks', 1, 'spend ÷ clicks'),
  cpm: ratio('cpm', 'CPM', 'money', 'lower', 'spend', 'impressions', 1000, 'spend ÷ impressions × 1000'),
  cpa: ratio(
    'cpa',
    'CPA',
    'money',
    'lower',
    'spend',
    'conversions',
    1,
    'spend ÷ conversions (purchases + leads)',
  ),
  cost_per_purchase: ratio(
    'cost_per_purchase',
    'Cost per purchase',
    'money',
    'lower',
    'spend',
    'purchases',
    1,
    'spend ÷ purchases',
  ),
  cost_per_lead: ratio(
    'cost_per_lead',
    'Cost per lead',
    'money',
    'lower',
    'spend',
    'leads',
    1,
    'spend ÷ leads',
  ),
  roas: ratio('roas', 'ROAS', 'multiplier', 'higher', 'revenue', 'spend', 1, 'revenue ÷ spend'),
  roi: ratio(
    'roi',
    'ROI',
    'percent',
    'higher',
    'revenue_minus_spend',
    'spend',
    100,
    '(revenue − spend) ÷ spend × 100',
  ),
  frequency: ratio(
    'frequency',
    'Frequency',
    'decimal',
    'higher',
    'impressions',
    'reach',
    1,
    'impressions ÷ reach (daily reach summed, so a lower bound over several days)',
  ),
  cvr: ratio(
    'cvr',
    'Conversion rate',
    'percent',
    'higher',
    'conversions',
    'clicks',
    100,
    'conversions ÷ clicks × 100',
  ),
  aov: ratio(
    'aov',
    'Average order value',
    'money',
    'higher',
    'revenue',
    'purchases',
    1,
    'revenue ÷ purchases',
  ),
};

function ratio(
  key: RatioMetric,
  label: string,
  format: MetricFormat,
  better: 'higher' | 'lower',
  numerator: SumMetric | 'revenue_minus_spend',
  denominator: SumMetric,
  factor: number,
  formula: string,
): MetricDefinition {
  return { key, label, format, better, ratio: { numerator, denominator, factor }, formula };
}

export function isRatio(key: MetricKey): key is RatioMetric {
  return metrics[key].ratio !== undefined;
}

/** The sums a set of metrics needs, so a query can fetch ratios' ingredients alongside them. */
export function requiredSums(keys: readonly MetricKey[]): SumMetric[] {
  const needed = new Set<SumMetric>();
  for (const key of keys) {
    const ratioDef = metrics[key].ratio;
    if (!ratioDef) needed.add(key as SumMetric);
    else {
      needed.add(ratioDef.denominator);
      if (ratioDef.numerator === 'revenue_minus_spend') {
        needed.add('revenue');
        needed.add('spend');
      } else needed.add(ratioDef.numerator);
    }
  }
  return [...needed];
}

/** Rankings of ratios skip rows with too little volume for the ratio to mean anything. */
export function minimumVolume(metric: MetricKey): { metric: MetricKey; min: number } | undefined {
  if (!isRatio(metric)) return undefined;
  switch (metric) {
    case 'roas':
    case 'roi':
    case 'aov':
    case 'cost_per_purchase':
      return { metric: 'purchases', min: 1 };
    case 'cost_per_lead':
      return { metric: 'leads', min: 1 };
    case 'cpa':
      return { metric: 'conversions', min: 1 };
    case 'cpc':
    case 'cvr':
      return { metric: 'clicks', min: 20 };
    default:
      return { metric: 'impressions', min: 1000 };
  }
}

/**
 * The semantic layer's metric registry. Each metric is declared once, as data: the executor's SQL,
 * the parser's vocabulary, formats and ranking floors are read from these entries, and each sum
 * names the Graph API field or actions it is loaded from. Sums are added at any grain; ratios and derived metrics are always computed
 * from sums at the output grain, never averaged from daily ratios.
 *
 * Adding a metric: a sum needs one entry in `sumDefinitions` (plus its column in the loader and
 * the warehouse); a ratio of existing sums needs one entry in `computedDefinitions`.
 */

// The loader canonicalises actions by these same precedence lists; the warehouse layer does not
// depend on the engine, so the registry points at its lists rather than the other way round.
import {
  addToCartActionTypes,
  checkoutInitiatedActionTypes,
  contentViewActionTypes,
  landingPageViewActionTypes,
  leadActionTypes,
  purchaseActionTypes,
  videoViewActionTypes,
} from '../warehouse/actions';

export type MetricFormat = 'money' | 'count' | 'percent' | 'multiplier' | 'decimal';
export type MetricKind = 'sum' | 'ratio' | 'derived';

/** Where a sum's daily value comes from in a Graph API insights row. */
export type MetricSource =
  /** A numeric field of the row. */
  | { field: string }
  /**
   * The first action type present in the row's `actions` (or `action_values`), in this order.
   * Meta reports one conversion under several types at once, so they are never added up.
   */
  | { actions: readonly string[] }
  | { actionValues: readonly string[] }
  /** The `video_view` entry of a list field such as `video_thruplay_watched_actions`. */
  | { videoField: string };

export interface MetricDefinition {
  key: MetricKey;
  label: string;
  format: MetricFormat;
  kind: MetricKind;
  /** Which way is good: cost metrics are better when lower. */
  better: 'higher' | 'lower';
  /** Words marketers use for it; each phrase belongs to one metric only. */
  words: readonly string[];
  /** How the value is computed, for the reasoning section. */
  formula: string;
  /** True when the figure changes with which action counts as a conversion. */
  dependsOnConversionEvent: boolean;
  /** Sums: the aggregate over one warehouse row, aliased `i`. */
  sql?: string;
  /** Sums loaded from the Graph API: which field or actions feed the warehouse column. */
  source?: MetricSource;
  /**
   * Ratios and derived metrics: (numerator − minus) × factor ÷ denominator, over the sums. Where
   * the denominator sums to zero and a fallback is named, the fallback divides instead.
   */
  ratio?: {
    numerator: SumMetric;
    minus?: SumMetric;
    denominator: SumMetric;
    fallback?: SumMetric;
    factor: number;
  };
  /** Rankings skip rows below this volume, so one lucky sale does not top the list. */
  minVolume?: { metric: SumMetric; min: number };
}

type Spec<K extends string> = Omit<MetricDefinition, 'key' | 'ratio' | 'minVolume'> & {
  ratio?: { numerator: K; minus?: K; denominator: K; fallback?: K; factor: number };
  minVolume?: { metric: K; min: number };
};

interface SumInput {
  label: string;
  format: MetricFormat;
  words: readonly string[];
  sql: string;
  source?: MetricSource;
  formula?: string;
  better?: 'higher' | 'lower';
  dependsOnConversionEvent?: boolean;
}

function sum(input: SumInput): Spec<string> {
  return {
    kind: 'sum',
    better: 'higher',
    formula: `sum of ${input.label.toLowerCase()}`,
    dependsOnConversionEvent: false,
    ...input,
  };
}

const sumDefinitions = {
  spend: sum({
    label: 'Spend',
    format: 'money',
    sql: 'sum(i.spend)',
    source: { field: 'spend' },
    words: [
      'amount spent',
      'money spent',
      'ad spend',
      'adspend',
      'money went into ads',
      'money went into',
      'money did i put',
      'put into',
      'went out the door',
      'out the door',
      'burned through',
      'burnt through',
      'blown on',
      'blew on',
      'money went out',
      'budget spent',
      'spend',
      'spent',
      'spending',
      'spends',
      'cost',
      'costs',
      'investment',
      'invested',
    ],
  }),
  impressions: sum({
    label: 'Impressions',
    format: 'count',
    sql: 'sum(i.impressions)',
    source: { field: 'impressions' },
    words: ['impressions', 'impression', 'imps'],
  }),
  clicks: sum({
    label: 'Clicks',
    format: 'count',
    sql: 'sum(i.clicks)',
    source: { field: 'clicks' },
    words: ['clicks', 'click', 'clicked', 'clicking'],
  }),
  link_clicks: sum({
    label: 'Link clicks',
    format: 'count',
    sql: 'sum(i.link_clicks)',
    source: { field: 'inline_link_clicks' },
    words: ['link clicks', 'link click', 'outbound clicks', 'outbound click'],
  }),
  reach: sum({
    label: 'Reach',
    format: 'count',
    sql: 'sum(i.reach)',
    source: { field: 'reach' },
    formula: 'unique people reached; daily reach summed, so an upper bound over several days or ads',
    words: [
      'people reached',
      'unique people',
      'unique users',
      'reach',
      'reached',
      'people saw',
      'ppl saw',
      'people have seen',
      'saw our ads',
      'saw my ads',
      'seen our ads',
      'seen my ads',
    ],
  }),
  purchases: sum({
    label: 'Purchases',
    format: 'count',
    sql: 'sum(i.purchases)',
    source: { actions: purchaseActionTypes },
    formula: 'purchases (omni_purchase, counted once)',
    dependsOnConversionEvent: true,
    words: [
      'how many sales',
      'number of sales',
      'purchases',
      'purchase',
      'orders',
      'order',
      'checkouts completed',
      'completed checkouts',
      'completed purchases',
    ],
  }),
  leads: sum({
    label: 'Leads',
    format: 'count',
    sql: 'sum(i.leads)',
    source: { actions: leadActionTypes },
    formula: 'leads (lead, counted once)',
    dependsOnConversionEvent: true,
    words: ['sign ups', 'sign-ups', 'signups', 'registrations', 'form fills', 'leads', 'lead'],
  }),
  // Stored as purchases and leads separately; the sum of the two is taken row by row.
  conversions: sum({
    label: 'Conversions',
    format: 'count',
    sql: 'sum(i.purchases + i.leads)',
    formula: 'purchases + leads',
    dependsOnConversionEvent: true,
    words: ['conversions', 'conversion', 'results', 'acquisitions'],
  }),
  revenue: sum({
    label: 'Revenue',
    format: 'money',
    sql: 'sum(i.revenue)',
    source: { actionValues: purchaseActionTypes },
    formula: 'purchase conversion value',
    dependsOnConversionEvent: true,
    words: [
      'conversion value',
      'purchase value',
      'sales value',
      'revenue',
      'sales',
      'income',
      'earnings',
      'earned',
      'how much did i make',
      'how much did we make',
    ],
  }),
  post_engagements: sum({
    label: 'Post engagements',
    format: 'count',
    sql: 'sum(i.post_engagements)',
    source: { actions: ['post_engagement'] },
    words: ['post engagements', 'post engagement', 'engagements', 'engagement'],
  }),
  post_reactions: sum({
    label: 'Post reactions',
    format: 'count',
    sql: 'sum(i.post_reactions)',
    source: { actions: ['post_reaction'] },
    words: ['reactions', 'likes'],
  }),
  post_comments: sum({
    label: 'Post comments',
    format: 'count',
    sql: 'sum(i.post_comments)',
    source: { actions: ['comment'] },
    words: ['comments'],
  }),
  landing_page_views: sum({
    label: 'Landing page views',
    format: 'count',
    sql: 'sum(i.landing_page_views)',
    source: { actions: landingPageViewActionTypes },
    formula: 'landing page views (landing_page_view, counted once)',
    words: [
      'landing page views',
      'landing page view',
      'landing page visits',
      'landing page visit',
      'landing page hits',
      'lpvs',
      'lpv',
      'lp views',
    ],
  }),
  content_views: sum({
    label: 'Content views',
    format: 'count',
    sql: 'sum(i.content_views)',
    source: { actions: contentViewActionTypes },
    formula: 'content views (omni_view_content, counted once)',
    words: [
      'content views',
      'content view',
      'view content',
      'view contents',
      'viewcontent',
      'product views',
      'product page views',
      'product page visits',
      'product detail views',
    ],
  }),
  adds_to_cart: sum({
    label: 'Adds to cart',
    format: 'count',
    sql: 'sum(i.adds_to_cart)',
    source: { actions: addToCartActionTypes },
    formula: 'adds to cart (omni_add_to_cart, counted once)',
    words: [
      'adds to cart',
      'adds to carts',
      'add to cart',
      'add to carts',
      'added to cart',
      'added to carts',
      'addtocart',
      'cart adds',
      'cart additions',
      'add to basket',
      'adds to basket',
      'added to basket',
      'atc',
      'atcs',
      'carts',
    ],
  }),
  checkouts_initiated: sum({
    label: 'Checkouts initiated',
    format: 'count',
    sql: 'sum(i.checkouts_initiated)',
    source: { actions: checkoutInitiatedActionTypes },
    formula: 'checkouts initiated (omni_initiated_checkout, counted once)',
    words: [
      'checkouts initiated',
      'initiated checkouts',
      'initiated checkout',
      'initiate checkout',
      'initiate checkouts',
      'checkouts started',
      'checkout started',
      'started checkouts',
      'started checkout',
      'begin checkout',
      'begin checkouts',
      'checkout initiations',
      'checkouts',
      'checkout',
    ],
  }),
  video_views_3s: sum({
    label: 'Three-second video plays',
    format: 'count',
    sql: 'sum(i.video_views_3s)',
    source: { actions: videoViewActionTypes },
    formula: 'three-second video plays (video_view)',
    // Questions are normalised before matching: "3-second" arrives as "3 second".
    words: [
      '3 second video views',
      '3 second video view',
      '3 second views',
      '3 sec views',
      '3 sec video views',
      '3s views',
      '3s video views',
      '3 second video plays',
      '3 second plays',
      '3 sec plays',
      'three second views',
      'three second video views',
      'three second plays',
      'three second video plays',
      'video views',
      'video view',
      'video plays',
    ],
  }),
  thruplays: sum({
    label: 'ThruPlays',
    format: 'count',
    sql: 'sum(i.thruplays)',
    source: { videoField: 'video_thruplay_watched_actions' },
    formula: 'plays to fifteen seconds or the end (ThruPlays)',
    words: ['thruplays', 'thruplay', 'thru plays', 'thru play', 'through plays', 'throughplays'],
  }),
  video_p25: sum({
    label: 'Video plays to 25%',
    format: 'count',
    sql: 'sum(i.video_p25)',
    source: { videoField: 'video_p25_watched_actions' },
    words: [
      '25% video views',
      '25% views',
      '25% video plays',
      '25% plays',
      'plays to 25%',
      'watched 25%',
      'p25',
      'p25 views',
      'p25 plays',
      'video p25',
    ],
  }),
  video_p50: sum({
    label: 'Video plays to 50%',
    format: 'count',
    sql: 'sum(i.video_p50)',
    source: { videoField: 'video_p50_watched_actions' },
    words: [
      '50% video views',
      '50% views',
      '50% video plays',
      '50% plays',
      'plays to 50%',
      'watched 50%',
      'p50',
      'p50 views',
      'p50 plays',
      'video p50',
    ],
  }),
  video_p75: sum({
    label: 'Video plays to 75%',
    format: 'count',
    sql: 'sum(i.video_p75)',
    source: { videoField: 'video_p75_watched_actions' },
    words: [
      '75% video views',
      '75% views',
      '75% video plays',
      '75% plays',
      'plays to 75%',
      'watched 75%',
      'p75',
      'p75 views',
      'p75 plays',
      'video p75',
    ],
  }),
  video_p95: sum({
    label: 'Video plays to 95%',
    format: 'count',
    sql: 'sum(i.video_p95)',
    source: { videoField: 'video_p95_watched_actions' },
    words: [
      '95% video views',
      '95% views',
      '95% video plays',
      '95% plays',
      'plays to 95%',
      'watched 95%',
      'p95',
      'p95 views',
      'p95 plays',
      'video p95',
    ],
  }),
  video_p100: sum({
    label: 'Video plays to 100%',
    format: 'count',
    sql: 'sum(i.video_p100)',
    source: { videoField: 'video_p100_watched_actions' },
    words: [
      '100% video views',
      '100% views',
      '100% video plays',
      '100% plays',
      'plays to 100%',
      'watched 100%',
      'p100',
      'p100 views',
      'p100 plays',
      'video p100',
      'video completions',
      'completed video views',
      'completed video plays',
      'full video views',
      'watched to the end',
      'watched till the end',
      'watched until the end',
    ],
  }),
} satisfies Record<string, Spec<string>>;

export type SumMetric = keyof typeof sumDefinitions;

interface ComputedInput {
  label: string;
  format: MetricFormat;
  better: 'higher' | 'lower';
  words: readonly string[];
  formula: string;
  ratio: {
    numerator: SumMetric;
    minus?: SumMetric;
    denominator: SumMetric;
    fallback?: SumMetric;
    factor: number;
  };
  minVolume: { metric: SumMetric; min: number };
  dependsOnConversionEvent?: boolean;
}

function computed(input: ComputedInput): Spec<SumMetric> {
  // A plain quotient of two sums is a ratio; anything more (roi subtracts first) is derived.
  return { kind: input.ratio.minus ? 'derived' : 'ratio', dependsOnConversionEvent: false, ...input };
}

// A ratio of impressions needs a thousand of them, of clicks twenty, of conversions one.
const perImpressions = { metric: 'impressions', min: 1000 } as const;
const perClicks = { metric: 'clicks', min: 20 } as const;
const perPurchase = { metric: 'purchases', min: 1 } as const;

const computedDefinitions = {
  ctr: computed({
    label: 'CTR',
    format: 'percent',
    better: 'higher',
    ratio: { numerator: 'clicks', denominator: 'impressions', factor: 100 },
    formula: 'clicks ÷ impressions × 100',
    minVolume: perImpressions,
    words: [
      'click-through rate',
      'click through rate',
      'clickthrough rate',
      'click thru rate',
      'click-thru rate',
      'clickthru rate',
      'clickthru',
      'click rate',
      'ctr',
    ],
  }),
  cpc: computed({
    label: 'CPC',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'clicks', factor: 1 },
    formula: 'spend ÷ clicks',
    minVolume: perClicks,
    words: ['cost per click', 'cost-per-click', 'per click', 'cpc'],
  }),
  cpm: computed({
    label: 'CPM',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'impressions', factor: 1000 },
    formula: 'spend ÷ impressions × 1000',
    minVolume: perImpressions,
    words: [
      'cost per mille',
      'cost per thousand impressions',
      'cost per thousand',
      'cost per 1000 impressions',
      'cost per 1,000 impressions',
      'per thousand impressions',
      'per mille',
      'cpm',
    ],
  }),
  cpa: computed({
    label: 'CPA',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'conversions', factor: 1 },
    formula: 'spend ÷ conversions (purchases + leads)',
    minVolume: { metric: 'conversions', min: 1 },
    dependsOnConversionEvent: true,
    words: [
      'cost per acquisition',
      'cost per conversion',
      'cost per result',
      'cost per action',
      'acquisition cost',
      'customer acquisition cost',
      'cac',
      'cpa',
    ],
  }),
  cost_per_purchase: computed({
    label: 'Cost per purchase',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'purchases', factor: 1 },
    formula: 'spend ÷ purchases',
    minVolume: perPurchase,
    dependsOnConversionEvent: true,
    words: ['cost per purchase', 'cost per sale', 'cost per order'],
  }),
  cost_per_lead: computed({
    label: 'Cost per lead',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'leads', factor: 1 },
    formula: 'spend ÷ leads',
    minVolume: { metric: 'leads', min: 1 },
    dependsOnConversionEvent: true,
    words: ['cost per lead', 'cost per signup', 'cost per sign up', 'cpl'],
  }),
  roas: computed({
    label: 'ROAS',
    format: 'multiplier',
    better: 'higher',
    ratio: { numerator: 'revenue', denominator: 'spend', factor: 1 },
    formula: 'revenue ÷ spend',
    minVolume: perPurchase,
    dependsOnConversionEvent: true,
    words: ['return on ad spend', 'return on adspend', 'return on spend', 'roas'],
  }),
  roi: computed({
    label: 'ROI',
    format: 'percent',
    better: 'higher',
    ratio: { numerator: 'revenue', minus: 'spend', denominator: 'spend', factor: 100 },
    formula: '(revenue − spend) ÷ spend × 100',
    minVolume: perPurchase,
    dependsOnConversionEvent: true,
    words: ['return on investment', 'roi'],
  }),
  frequency: computed({
    label: 'Frequency',
    format: 'decimal',
    better: 'higher',
    ratio: { numerator: 'impressions', denominator: 'reach', factor: 1 },
    formula: 'impressions ÷ reach (daily reach summed, so a lower bound over several days)',
    minVolume: perImpressions,
    words: ['frequency'],
  }),
  // Per link click, as Meta's own conversion rate; accounts without link clicks fall back to clicks.
  cvr: computed({
    label: 'Conversion rate',
    format: 'percent',
    better: 'higher',
    ratio: { numerator: 'conversions', denominator: 'link_clicks', fallback: 'clicks', factor: 100 },
    formula: 'conversions ÷ link clicks × 100 (÷ clicks where there are no link clicks)',
    minVolume: perClicks,
    dependsOnConversionEvent: true,
    words: ['conversion rate', 'cvr'],
  }),
  aov: computed({
    label: 'Average order value',
    format: 'money',
    better: 'higher',
    ratio: { numerator: 'revenue', denominator: 'purchases', factor: 1 },
    formula: 'revenue ÷ purchases',
    minVolume: perPurchase,
    dependsOnConversionEvent: true,
    words: ['average order value', 'avg order value', 'order value', 'aov'],
  }),
  cost_per_link_click: computed({
    label: 'Cost per link click',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'link_clicks', factor: 1 },
    formula: 'spend ÷ link click',
    minVolume: { metric: 'link_clicks', min: 20 },
    words: ['cost per link click', 'cpc link', 'link cpc'],
  }),
  cost_per_landing_page_view: computed({
    label: 'Cost per landing page view',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'landing_page_views', factor: 1 },
    formula: 'spend ÷ landing page view',
    minVolume: { metric: 'landing_page_views', min: 1 },
    words: [
      'cost per landing page view',
      'cost per landing page views',
      'cost per lpv',
      'cost per lp view',
      'cost per landing page visit',
    ],
  }),
  cost_per_content_view: computed({
    label: 'Cost per content view',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'content_views', factor: 1 },
    formula: 'spend ÷ content view',
    minVolume: { metric: 'content_views', min: 1 },
    words: ['cost per content view', 'cost per view content', 'cost per product view'],
  }),
  cost_per_add_to_cart: computed({
    label: 'Cost per add to cart',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'adds_to_cart', factor: 1 },
    formula: 'spend ÷ add to cart',
    minVolume: { metric: 'adds_to_cart', min: 1 },
    words: [
      'cost per add to cart',
      'cost per add-to-cart',
      'cost per atc',
      'cost per cart add',
      'cost per adds to cart',
      'cost per add to basket',
      'cost per cart',
    ],
  }),
  cost_per_checkout_initiated: computed({
    label: 'Cost per checkout initiated',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'checkouts_initiated', factor: 1 },
    formula: 'spend ÷ checkout initiated',
    minVolume: { metric: 'checkouts_initiated', min: 1 },
    words: [
      'cost per checkout initiated',
      'cost per initiated checkout',
      'cost per initiate checkout',
      'cost per checkout',
      'cost per checkouts',
      'cost per started checkout',
      'cost per checkout started',
    ],
  }),
  cost_per_thruplay: computed({
    label: 'Cost per ThruPlay',
    format: 'money',
    better: 'lower',
    ratio: { numerator: 'spend', denominator: 'thruplays', factor: 1 },
    formula: 'spend ÷ ThruPlays',
    minVolume: { metric: 'thruplays', min: 1 },
    words: [
      'cost per thruplay',
      'cost per thruplays',
      'cost per thru play',
      'cost per through play',
      'cpv',
      'cost per view',
      'cost per video view',
    ],
  }),
  hook_rate: computed({
    label: 'Hook rate',
    format: 'percent',
    better: 'higher',
    ratio: { numerator: 'video_views_3s', denominator: 'impressions', factor: 100 },
    formula: 'three-second video plays ÷ impressions × 100',
    minVolume: perImpressions,
    words: [
      'hook rate',
      'hook rates',
      'hook ratio',
      'hooked viewers',
      'hooked people',
      'hooked',
      'hook',
      'thumb stop rate',
      'thumbstop rate',
      'thumbstop ratio',
      'thumb stop ratio',
      'thumb stop',
      'thumbstop',
      'scroll stop rate',
      '3 second views per impression',
      '3 second video views per impression',
      '3 second plays per impression',
      '3s views per impression',
      'video views per impression',
    ],
  }),
  hold_rate: computed({
    label: 'Hold rate',
    format: 'percent',
    better: 'higher',
    ratio: { numerator: 'thruplays', denominator: 'video_views_3s', factor: 100 },
    formula: 'ThruPlays ÷ three-second video plays × 100',
    minVolume: { metric: 'video_views_3s', min: 100 },
    words: [
      'hold rate',
      'hold rates',
      'hold ratio',
      'video hold rate',
      'held viewers',
      'kept viewers watching',
      'kept people watching',
      'thruplays per 3 second view',
      'thruplays per 3 second views',
      'thruplays per video view',
    ],
  }),
} satisfies Record<string, Spec<SumMetric>>;

export type RatioMetric = keyof typeof computedDefinitions;
export type MetricKey = SumMetric | RatioMetric;

type NonEmpty<T> = [T, ...T[]];
export const sumMetricKeys = Object.keys(sumDefinitions) as NonEmpty<SumMetric>;
export const ratioMetricKeys = Object.keys(computedDefinitions) as NonEmpty<RatioMetric>;
export const metricKeys: NonEmpty<MetricKey> = [...sumMetricKeys, ...ratioMetricKeys];

const withKeys = <K extends MetricKey>(specs: Record<K, Spec<SumMetric>>) =>
  Object.fromEntries(Object.entries<Spec<SumMetric>>(specs).map(([key, spec]) => [key, { key, ...spec }]));

export const metrics = {
  ...withKeys(sumDefinitions as Record<SumMetric, Spec<SumMetric>>),
  ...withKeys(computedDefinitions),
} as Record<MetricKey, MetricDefinition>;

/** Computed at the output grain from sums (a ratio or a derived metric), never summed itself. */
/**
 * Whether each row's figure is a part of the rows' total, so it has a share of it: sums do, but
 * not reach (the same person is reached in several rows) nor ratios (a CPA is no part of a CPA).
 */
export function hasShare(key: MetricKey): boolean {
  return metrics[key].kind === 'sum' && key !== 'reach';
}

export function isRatio(key: MetricKey): key is RatioMetric {
  return metrics[key].ratio !== undefined;
}

/** The sums a set of metrics needs, so a query can fetch ratios' ingredients alongside them. */
export function requiredSums(keys: readonly MetricKey[]): SumMetric[] {
  const needed = new Set<SumMetric>();
  for (const key of keys) {
    const ratio = metrics[key].ratio;
    if (!ratio) needed.add(key as SumMetric);
    else {
      needed.add(ratio.numerator);
      if (ratio.minus) needed.add(ratio.minus);
      needed.add(ratio.denominator);
      if (ratio.fallback) needed.add(ratio.fallback);
    }
  }
  return [...needed];
}

/** Rankings of ratios skip rows with too little volume for the ratio to mean anything. */
export function minimumVolume(metric: MetricKey): { metric: MetricKey; min: number } | undefined {
  return metrics[metric].minVolume;
}

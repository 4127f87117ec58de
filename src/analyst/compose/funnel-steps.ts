import type { ResultRow } from '../executor';
import type { MetricKey, SumMetric } from '../metrics';

/** One step of a funnel: its count, and what reaching it costs. */
export interface StepSpec {
  metric: SumMetric;
  /** The cost per step, where the registry has one. */
  cost?: MetricKey;
  /** How the step reads mid-sentence ("adds to cart"). */
  words: string;
  /**
   * An event between the click and the result: a count of zero means the pixel does not report it
   * (or nobody reached it), so the step is left out rather than shown as the leak.
   */
  optional?: boolean;
  /** Video steps: the share of the video played, which the step's words name. */
  share?: number;
  /** What to look at when most people stop before this step. */
  advice?: string;
}

export type Path = 'purchase' | 'lead' | 'video';

const impressions: StepSpec = { metric: 'impressions', cost: 'cpm', words: 'impressions' };
const linkClicks: StepSpec = {
  metric: 'link_clicks',
  cost: 'cost_per_link_click',
  words: 'link clicks',
};
const landingPageViews: StepSpec = {
  metric: 'landing_page_views',
  cost: 'cost_per_landing_page_view',
  words: 'landing page views',
  optional: true,
  advice:
    'Many clicks never load the landing page: check its speed on mobile, and that the link and the pixel work.',
};

export const paths: Record<Path, StepSpec[]> = {
  purchase: [
    impressions,
    linkClicks,
    landingPageViews,
    {
      metric: 'content_views',
      cost: 'cost_per_content_view',
      words: 'content views',
      optional: true,
      advice:
        'Visitors land but do not open a product: make the landing page lead to products, and check the view-content event fires.',
    },
    {
      metric: 'adds_to_cart',
      cost: 'cost_per_add_to_cart',
      words: 'adds to cart',
      optional: true,
      advice:
        'Product views rarely turn into adds to cart: test the price, offer, photos and reviews on the product page.',
    },
    {
      metric: 'checkouts_initiated',
      cost: 'cost_per_checkout_initiated',
      words: 'checkouts initiated',
      optional: true,
      advice:
        'Carts are left before checkout: show shipping costs early, and retarget people who added to cart.',
    },
    {
      metric: 'purchases',
      cost: 'cost_per_purchase',
      words: 'purchases',
      advice:
        'Checkouts are started but not finished: shorten the checkout, add payment options, and look for errors at payment.',
    },
  ],
  lead: [
    impressions,
    linkClicks,
    landingPageViews,
    {
      metric: 'leads',
      cost: 'cost_per_lead',
      words: 'leads',
      advice: 'Visitors do not fill in the form: shorten it, and make the offer clearer above the fold.',
    },
  ],
  video: [
    { metric: 'impressions', words: 'impressions' },
    {
      metric: 'video_views_3s',
      words: 'three-second plays',
      advice:
        'Few people stop for the video: test a stronger opening (motion, a face, a question in the first seconds).',
    },
    {
      metric: 'video_p25',
      words: 'plays to',
      share: 25,
      advice: 'Viewers leave soon after the hook: get to the point faster after the opening.',
    },
    {
      metric: 'video_p50',
      words: 'plays to',
      share: 50,
      advice: 'Viewers leave in the middle: cut the video shorter or add a turn halfway.',
    },
    {
      metric: 'video_p75',
      words: 'plays to',
      share: 75,
      advice: 'Viewers leave in the second half: bring the offer and the call to action earlier.',
    },
    { metric: 'video_p95', words: 'plays to', share: 95 },
    { metric: 'video_p100', words: 'plays to', share: 100 },
  ],
};

/** Clicks, shown in place of link clicks where Meta reported none (older rows lack them). */
export const clicksInstead: StepSpec = { metric: 'clicks', cost: 'cpc', words: 'clicks' };

/** Every metric a path's query must return: the counts and their costs. */
export function pathMetrics(path: Path): MetricKey[] {
  const keys: MetricKey[] = ['spend'];
  // One query serves both conversion paths: which one a row walks is read from its counts.
  const steps = path === 'video' ? paths.video : [...paths.purchase, ...paths.lead, clicksInstead];
  for (const step of steps) {
    keys.push(step.metric);
    if (step.cost) keys.push(step.cost);
  }
  if (path === 'video') keys.push('thruplays', 'hook_rate', 'hold_rate', 'cost_per_thruplay');
  return [...new Set(keys)];
}

const count = (row: ResultRow, key: string): number =>
  typeof row[key] === 'number' ? (row[key] as number) : 0;

export interface Walked {
  /** The steps shown, in order. */
  shown: StepSpec[];
  /** Optional steps with no count: not tracked, never the leak. */
  untracked: StepSpec[];
}

/**
 * The steps a row shows: link clicks give way to clicks where Meta reported no link clicks, and a
 * step with no count is set aside as not tracked when it is optional or a later step has a count.
 * The last step (the result) is always shown, zero included: a result of zero is a real finding.
 */
export function walk(row: ResultRow, path: Path): Walked {
  const shown: StepSpec[] = [];
  const untracked: StepSpec[] = [];
  const steps = paths[path];
  for (const [i, step] of steps.entries()) {
    if (step.metric === 'link_clicks' && count(row, 'link_clicks') === 0 && count(row, 'clicks') > 0) {
      shown.push(clicksInstead);
      continue;
    }
    // A step with none while a later step has some was not reported, not lost.
    const missing =
      i > 0 &&
      count(row, step.metric) === 0 &&
      (step.optional || steps.slice(i + 1).some((later) => count(row, later.metric) > 0));
    (missing ? untracked : shown).push(step);
  }
  return { shown, untracked };
}

/** Which path a row's events belong to: purchases where any shopping step was reported, else leads. */
export function pathOf(row: ResultRow): 'purchase' | 'lead' {
  const shopping = ['content_views', 'adds_to_cart', 'checkouts_initiated', 'purchases'].some(
    (key) => count(row, key) > 0,
  );
  return shopping || count(row, 'leads') === 0 ? 'purchase' : 'lead';
}

export { count as stepCount };

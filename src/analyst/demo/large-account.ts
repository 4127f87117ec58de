import type { AccountSpec, CampaignSettings } from './model';
import { type AdSetDraft, buildAccount, type CampaignDraft } from './plan-builder';

/** The large account's naming parts, exported for tests that build its names without its rows. */
export const PRODUCT_LINES = ['Bedding', 'Kitchen', 'Bath', 'Outdoor Living', 'Lighting'];
export const STRATEGIES = [
  'Prospecting - Broad',
  'Prospecting - Lookalike 1%',
  'Advantage+ Shopping',
  'Retargeting - Site Visitors',
  'Retargeting - Cart Abandoners',
];
export const AUDIENCES = ['US 25-44', 'US 45-64', 'Lookalike 2% Purchasers', 'Advantage+ Audience'];
export const CREATIVES = [
  'Video - Product Demo',
  'Image - Lifestyle',
  'Carousel - Bestsellers',
  'Image - Customer Review',
  'Video - UGC Testimonial',
];

/**
 * The 'large' size, for benchmarks: one shop with 25 sales campaigns × 4 ad sets × 5 ads, every ad
 * live every day. Variety comes from arithmetic on the position, not from randomness, so the plan
 * is the same whatever the seed.
 */
export function largeAccount(): AccountSpec {
  const campaigns: CampaignDraft[] = [];
  let adNumber = 1000;
  for (const [p, product] of PRODUCT_LINES.entries()) {
    for (const [s, strategy] of STRATEGIES.entries()) {
      const i = p * STRATEGIES.length + s;
      const retargeting = strategy.startsWith('Retargeting');
      const adSets: AdSetDraft[] = AUDIENCES.map((audience, a) => ({
        name: `${product} - ${strategy} | ${audience}`,
        weight: 1 + ((i + a) % 3) * 0.25,
        ads: CREATIVES.map((creative, c) => {
          adNumber += 1;
          return [`${creative} #${adNumber}`, 0.7 + ((i + a + c) % 4) * 0.2] as [string, number];
        }),
      }));
      campaigns.push({
        name: `${product} - ${strategy}`,
        objective: 'OUTCOME_SALES',
        dailyBudget: 120 + ((i * 37) % 230),
        cpm: retargeting ? 20 + (i % 5) : 11 + (i % 6),
        linkCtrPercent: retargeting ? 1.5 + (i % 3) * 0.1 : 0.9 + (i % 4) * 0.1,
        conversionRate: retargeting ? 0.045 : 0.026 + (i % 3) * 0.003,
        frequency: retargeting ? 1.6 : 1.2,
        averageOrderValue: 60 + ((i * 13) % 90),
        settings: settingsFor(strategy),
        adSets,
      });
    }
  }
  return buildAccount({
    accountNo: 3,
    accountId: '3098127745560381',
    name: 'Harborline Home Goods',
    currency: 'USD',
    timezone: 'America/Chicago',
    conversion: 'purchase',
    tagline: 'Free delivery over $50 and 90-night returns.',
    campaigns,
  });
}

function settingsFor(strategy: string): CampaignSettings {
  if (strategy.startsWith('Retargeting')) return { budget: 'adset', bidStrategy: 'COST_CAP' };
  if (strategy === 'Advantage+ Shopping') {
    return { budget: 'campaign', bidStrategy: 'LOWEST_COST_WITH_MIN_ROAS', optimizationGoal: 'VALUE' };
  }
  return { budget: 'campaign', bidStrategy: 'LOWEST_COST_WITHOUT_CAP' };
}

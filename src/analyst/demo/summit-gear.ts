import { buildAccount } from './plan-builder';
import { cpaSpike, creativeFatigue, STOPPED_DAYS_AGO } from './scenario-effects';

/** The sales account of the 'demo' size: an outdoor-gear shop that counts purchases and revenue. */
export const summitGear = buildAccount({
  accountNo: 1,
  accountId: '1846302957714025',
  name: 'Summit Gear Co',
  currency: 'USD',
  timezone: 'America/New_York',
  conversion: 'purchase',
  tagline: 'Free shipping on orders over $75, free returns for 60 days.',
  campaigns: [
    {
      name: 'Prospecting - Broad',
      objective: 'OUTCOME_SALES',
      dailyBudget: 115,
      cpm: 14,
      linkCtrPercent: 1.1,
      conversionRate: 0.03,
      frequency: 1.18,
      averageOrderValue: 92,
      adSets: [
        {
          name: 'Prospecting - Broad | US 25-44',
          weight: 1.2,
          ads: [
            ['Video - Founder Story #101', 1.3],
            ['Carousel - Bestsellers #102', 1],
            ['Image - Trail Pack Lifestyle #103', 0.8],
          ],
        },
        {
          name: 'Prospecting - Broad | US 45-64',
          weight: 0.8,
          ads: [
            ['Video - Founder Story #104', 1],
            ['Image - Waterproof Test #105', 1],
          ],
        },
        {
          name: 'Prospecting - Broad | Advantage+ Audience',
          weight: 1,
          ads: [
            ['Video - Unboxing UGC #106', 1.1],
            ['Carousel - New Arrivals #107', 1],
            ['Image - Customer Review #108', 0.7, { paused: true }],
            ['Image - Free Shipping Weekend #109', 0.6, { startDaysAgo: 45 }],
          ],
        },
      ],
    },
    {
      name: 'Retargeting - Site Visitors 30d',
      objective: 'OUTCOME_SALES',
      dailyBudget: 85,
      cpm: 22,
      linkCtrPercent: 1.6,
      conversionRate: 0.045,
      frequency: 1.65,
      averageOrderValue: 88,
      effect: cpaSpike,
      settings: { budget: 'adset', bidStrategy: 'COST_CAP' },
      adSets: [
        {
          name: 'Retargeting - Site Visitors 30d | Viewed Product',
          weight: 1.3,
          ads: [
            ['Dynamic - Product Catalog #201', 1.4],
            ['Image - 10% Off First Order #202', 1],
            ['Carousel - Recently Viewed #203', 0.9],
          ],
        },
        {
          name: 'Retargeting - Site Visitors 30d | Added to Cart',
          weight: 0.9,
          ads: [
            ['Dynamic - Cart Reminder #204', 1.2],
            ['Image - Free Returns #205', 1],
          ],
        },
      ],
    },
    {
      name: 'Prospecting - Lookalike 1% Purchasers',
      objective: 'OUTCOME_SALES',
      dailyBudget: 120,
      cpm: 16,
      linkCtrPercent: 1.2,
      conversionRate: 0.038,
      frequency: 1.25,
      averageOrderValue: 95,
      startDaysAgo: 150,
      settings: { budget: 'campaign', bidStrategy: 'LOWEST_COST_WITH_MIN_ROAS', optimizationGoal: 'VALUE' },
      adSets: [
        {
          name: 'Lookalike 1% | US Purchasers 180d',
          weight: 1,
          ads: [
            ['Video - Trail Tested #301', 0.8, { effect: creativeFatigue }],
            ['Image - Summit Jacket #302', 1.1],
            ['Carousel - Gear Bundle #303', 1],
            ['Image - Built for Rain #304', 1.1],
          ],
        },
        {
          name: 'Lookalike 1% | US High-Value Customers',
          weight: 1,
          ads: [
            ['Video - Founder Story #305', 1.1],
            ['Image - Customer Review #306', 1],
            ['Carousel - Trail to Summit #307', 0.8],
          ],
        },
      ],
    },
    {
      name: 'Traffic - Blog & Trail Guides',
      objective: 'OUTCOME_TRAFFIC',
      dailyBudget: 30,
      cpm: 8,
      linkCtrPercent: 1.9,
      conversionRate: 0,
      frequency: 1.2,
      averageOrderValue: 0,
      settings: {
        budget: 'adset',
        bidStrategy: 'LOWEST_COST_WITH_BID_CAP',
        optimizationGoal: 'LANDING_PAGE_VIEWS',
      },
      adSets: [
        {
          name: 'Traffic - Blog | Outdoor Interests 18-54',
          weight: 1.2,
          ads: [
            ['Image - 10 Essentials Guide #401', 1],
            ['Image - Best Day Hikes #402', 1],
            ['Carousel - Packing Checklist #403', 0.8],
          ],
        },
        {
          name: 'Traffic - Blog | Broad US',
          weight: 0.8,
          ads: [
            ['Image - Layering 101 #404', 1],
            ['Video - Trail Tips #405', 1],
          ],
        },
      ],
    },
    {
      name: 'Awareness - Brand Video',
      objective: 'OUTCOME_AWARENESS',
      dailyBudget: 35,
      cpm: 6,
      linkCtrPercent: 0.35,
      conversionRate: 0,
      frequency: 1.45,
      averageOrderValue: 0,
      settings: { budget: 'campaign', bidStrategy: 'LOWEST_COST_WITHOUT_CAP', optimizationGoal: 'THRUPLAY' },
      adSets: [
        {
          name: 'Awareness - Brand Video | US 18-65+',
          weight: 1.3,
          ads: [
            ['Video - Brand Film 30s #501', 1],
            ['Video - Brand Film 15s #502', 1],
          ],
        },
        {
          name: 'Awareness - Brand Video | Northeast 25-54',
          weight: 0.7,
          ads: [
            ['Video - Brand Film 15s #503', 1],
            ['Video - Mountain Timelapse #504', 0.8],
          ],
        },
      ],
    },
    {
      name: 'Promo - End of Season Sale',
      objective: 'OUTCOME_SALES',
      dailyBudget: 70,
      cpm: 15,
      linkCtrPercent: 1.5,
      conversionRate: 0.04,
      frequency: 1.3,
      averageOrderValue: 78,
      startDaysAgo: 75,
      stopDaysAgo: STOPPED_DAYS_AGO,
      settings: { budget: 'lifetime', bidStrategy: 'COST_CAP', endsInDays: 16 },
      adSets: [
        {
          name: 'End of Season Sale | Past Purchasers',
          weight: 1,
          ads: [
            ['Image - 30% Off Everything #601', 1.2],
            ['Carousel - Sale Picks #602', 1],
          ],
        },
        {
          name: 'End of Season Sale | Broad US 25-54',
          weight: 1,
          ads: [
            ['Video - Sale Countdown #603', 1],
            ['Image - Last Chance #604', 0.9],
          ],
        },
      ],
    },
  ],
});

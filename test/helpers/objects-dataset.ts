import { addDays } from '../../src/analyst/dates';
import type {
  GraphAd,
  GraphAdSet,
  GraphCampaign,
  GraphDataset,
  GraphInsightRow,
} from '../../src/warehouse/graph-types';
import { graphAccount, graphRow } from './graph-rows';

/**
 * A small dataset with campaign, ad set and ad settings, for settings answers whose expected
 * figures are worked out here from the same rows: a shop with a campaign budget, budgets on ad
 * sets, a lifetime budget and a paused campaign; a leads account in euros whose "Hero Video" runs
 * with other copy; and an account whose settings were never read (no objects file).
 */
export const OBJECTS_TODAY = '2026-11-20';
export const FIRST_DAY = '2026-10-01';
export const LAST_DAY = '2026-11-19';
export const SHOP = { id: '8101', name: 'Trail Supply' };
export const LEADS = { id: '8102', name: 'Guide Leads' };
export const UNSYNCED = { id: '8103', name: 'Unsynced Shop' };

interface AdSpec {
  account: string;
  campaign: string;
  adset: string;
  ad: string;
  /** Its own id: the same name runs in two ad sets of the shop. */
  id: string;
  spend: number;
  from?: string;
  until?: string;
  objective: 'OUTCOME_SALES' | 'OUTCOME_LEADS';
}

export const ADS: AdSpec[] = [
  {
    account: SHOP.id,
    campaign: 'Alpha Prospecting',
    adset: 'Alpha Prospecting | Broad',
    ad: 'Hero Video',
    id: 'a-hero-alpha',
    spend: 30,
    objective: 'OUTCOME_SALES',
  },
  {
    account: SHOP.id,
    campaign: 'Alpha Prospecting',
    adset: 'Alpha Prospecting | Lookalike',
    ad: 'Boot Photo',
    id: 'a-boot',
    spend: 20,
    until: '2026-11-10',
    objective: 'OUTCOME_SALES',
  },
  {
    account: SHOP.id,
    campaign: 'Beta Retargeting',
    adset: 'Beta Retargeting | Cart',
    ad: 'Carousel Picks',
    id: 'a-carousel',
    spend: 35,
    objective: 'OUTCOME_SALES',
  },
  {
    account: SHOP.id,
    campaign: 'Beta Retargeting',
    adset: 'Beta Retargeting | Viewers',
    ad: 'Hero Video',
    id: 'a-hero-beta',
    spend: 22,
    objective: 'OUTCOME_SALES',
  },
  {
    account: SHOP.id,
    campaign: 'Gamma Sale',
    adset: 'Gamma Sale | All',
    ad: 'Sale Reel',
    id: 'a-reel',
    spend: 80,
    from: '2026-11-01',
    objective: 'OUTCOME_SALES',
  },
  {
    account: SHOP.id,
    campaign: 'Delta Archive',
    adset: 'Delta Archive | Broad',
    ad: 'Old Static',
    id: 'a-old',
    spend: 12,
    until: '2026-10-15',
    objective: 'OUTCOME_SALES',
  },
  {
    account: LEADS.id,
    campaign: 'Epsilon Leads',
    adset: 'Epsilon Leads | Broad',
    ad: 'Hero Video',
    id: 'a-hero-leads',
    spend: 25,
    objective: 'OUTCOME_LEADS',
  },
  // Results, but no settings: Meta's ads endpoint no longer returns it.
  {
    account: SHOP.id,
    campaign: 'Alpha Prospecting',
    adset: 'Alpha Prospecting | Broad',
    ad: 'Ghost Ad',
    id: 'a-ghost',
    spend: 5,
    until: '2026-10-20',
    objective: 'OUTCOME_SALES',
  },
  {
    account: UNSYNCED.id,
    campaign: 'Zeta Unsynced',
    adset: 'Zeta Unsynced | Broad',
    ad: 'Zeta Ad',
    id: 'a-zeta',
    spend: 15,
    objective: 'OUTCOME_SALES',
  },
];

const campaignId = (account: string, name: string) => `${account}-${name}`;
const adsetId = (account: string, name: string) => `${account}-${name}`;

/** The ad rows of one ad on one day, as Meta sends them. */
function row(spec: AdSpec, day: string): GraphInsightRow {
  const base = graphRow({
    account: spec.account,
    campaign: spec.campaign,
    adset: spec.adset,
    ad: spec.ad,
    day,
    impressions: spec.spend * 100,
    clicks: spec.spend * 2,
    spend: spec.spend.toFixed(2),
    objective: spec.objective,
    ...(spec.objective === 'OUTCOME_SALES'
      ? { purchases: 1, revenue: (spec.spend * 3).toFixed(2) }
      : { leads: 2 }),
  });
  return { ...base, ad_id: spec.id };
}

/** The days an ad delivered. */
export function daysOf(spec: AdSpec): string[] {
  const out: string[] = [];
  const start = spec.from && spec.from > FIRST_DAY ? spec.from : FIRST_DAY;
  const end = spec.until && spec.until < LAST_DAY ? spec.until : LAST_DAY;
  for (let day = start; day <= end; day = addDays(day, 1)) out.push(day);
  return out;
}

/** Spend of the ads matching `where` over the days from `start` to `end`, from the rows above. */
export function spendOf(where: (spec: AdSpec) => boolean, start: string, end: string): number {
  let total = 0;
  for (const spec of ADS.filter(where))
    total += daysOf(spec).filter((day) => day >= start && day <= end).length * spec.spend;
  return total;
}

function campaign(account: string, name: string, settings: Partial<GraphCampaign>): GraphCampaign {
  return {
    id: campaignId(account, name),
    name,
    objective: account === LEADS.id ? 'OUTCOME_LEADS' : 'OUTCOME_SALES',
    status: 'ACTIVE',
    effective_status: 'ACTIVE',
    start_time: '2026-07-01T00:00:00+0000',
    ...settings,
  };
}

function adset(
  account: string,
  campaignName: string,
  name: string,
  settings: Partial<GraphAdSet>,
): GraphAdSet {
  return {
    id: adsetId(account, name),
    name,
    campaign_id: campaignId(account, campaignName),
    status: 'ACTIVE',
    effective_status: 'ACTIVE',
    ...settings,
  };
}

function ad(spec: AdSpec, settings: Partial<GraphAd>): GraphAd {
  return {
    id: spec.id,
    name: spec.ad,
    adset_id: adsetId(spec.account, spec.adset),
    campaign_id: campaignId(spec.account, spec.campaign),
    status: 'ACTIVE',
    effective_status: 'ACTIVE',
    ...settings,
  };
}

const spec = (id: string) => ADS.find((a) => a.id === id) as AdSpec;

export const HERO_COPY = {
  title: 'Go Further',
  body: 'Built for every trail.',
  thumbnail: 'https://scontent.example.net/hero.jpg',
};
export const LEADS_HERO_BODY = 'Get the free trail guide.';

export function objectsDataset(): GraphDataset {
  const shop = SHOP.id;
  const leads = LEADS.id;
  const insights: Record<string, GraphInsightRow[]> = {};
  for (const account of [SHOP, LEADS, UNSYNCED]) {
    insights[`act_${account.id}`] = ADS.filter((a) => a.account === account.id).flatMap((a) =>
      daysOf(a).map((day) => row(a, day)),
    );
  }
  const hero = {
    id: 'cr-hero',
    object_type: 'VIDEO',
    thumbnail_url: HERO_COPY.thumbnail,
    title: HERO_COPY.title,
  };
  return {
    adAccounts: [
      graphAccount(shop, SHOP.name),
      graphAccount(leads, LEADS.name, 'EUR'),
      graphAccount(UNSYNCED.id, UNSYNCED.name),
    ],
    insights,
    objects: {
      [`act_${shop}`]: {
        campaigns: [
          campaign(shop, 'Alpha Prospecting', {
            daily_budget: '10000',
            bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
          }),
          campaign(shop, 'Beta Retargeting', {}),
          campaign(shop, 'Gamma Sale', {
            lifetime_budget: '300000',
            bid_strategy: 'COST_CAP',
            start_time: '2026-11-01T00:00:00+0000',
            stop_time: '2026-11-30T23:59:00+0000',
          }),
          campaign(shop, 'Delta Archive', {
            status: 'PAUSED',
            effective_status: 'PAUSED',
            daily_budget: '5000',
            bid_strategy: 'LOWEST_COST_WITH_MIN_ROAS',
          }),
        ],
        adsets: [
          adset(shop, 'Alpha Prospecting', 'Alpha Prospecting | Broad', {
            bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
            optimization_goal: 'OFFSITE_CONVERSIONS',
          }),
          adset(shop, 'Alpha Prospecting', 'Alpha Prospecting | Lookalike', {
            bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
            optimization_goal: 'OFFSITE_CONVERSIONS',
          }),
          adset(shop, 'Beta Retargeting', 'Beta Retargeting | Cart', {
            daily_budget: '4000',
            bid_strategy: 'LOWEST_COST_WITH_BID_CAP',
            optimization_goal: 'OFFSITE_CONVERSIONS',
          }),
          adset(shop, 'Beta Retargeting', 'Beta Retargeting | Viewers', {
            daily_budget: '2500',
            bid_strategy: 'COST_CAP',
            optimization_goal: 'VALUE',
          }),
          adset(shop, 'Gamma Sale', 'Gamma Sale | All', {
            bid_strategy: 'COST_CAP',
            optimization_goal: 'OFFSITE_CONVERSIONS',
          }),
          adset(shop, 'Delta Archive', 'Delta Archive | Broad', {
            effective_status: 'CAMPAIGN_PAUSED',
            bid_strategy: 'LOWEST_COST_WITH_MIN_ROAS',
            optimization_goal: 'VALUE',
          }),
        ],
        ads: [
          ad(spec('a-hero-alpha'), {
            creative: { ...hero, body: HERO_COPY.body, call_to_action_type: 'SHOP_NOW' },
          }),
          ad(spec('a-boot'), {
            status: 'PAUSED',
            effective_status: 'PAUSED',
            creative: {
              id: 'cr-boot',
              object_type: 'PHOTO',
              thumbnail_url: 'https://scontent.example.net/boot.jpg',
              title: 'Boots 20% Off',
              body: 'Limited time only.',
              call_to_action_type: 'LEARN_MORE',
            },
          }),
          ad(spec('a-carousel'), {
            creative: {
              id: 'cr-carousel',
              object_type: 'SHARE',
              thumbnail_url: 'https://scontent.example.net/carousel.jpg',
              title: 'Top Picks',
              body: 'Swipe our bestsellers.',
              call_to_action_type: 'SHOP_NOW',
            },
          }),
          ad(spec('a-hero-beta'), {
            creative: { ...hero, body: HERO_COPY.body, call_to_action_type: 'SHOP_NOW' },
          }),
          ad(spec('a-reel'), {
            creative: {
              id: 'cr-reel',
              object_type: 'VIDEO',
              thumbnail_url: 'https://scontent.example.net/reel.jpg',
              title: 'Black Friday Starts Now',
              body: 'Everything 30% off this week.',
              call_to_action_type: 'SHOP_NOW',
            },
          }),
          ad(spec('a-old'), {
            effective_status: 'CAMPAIGN_PAUSED',
            creative: {
              id: 'cr-old',
              object_type: 'PHOTO',
              thumbnail_url: 'https://scontent.example.net/old.jpg',
              title: 'Summer Gear',
              body: 'Last season picks.',
              call_to_action_type: 'SHOP_NOW',
            },
          }),
        ],
      },
      [`act_${leads}`]: {
        campaigns: [campaign(leads, 'Epsilon Leads', { daily_budget: '3000', bid_strategy: 'COST_CAP' })],
        adsets: [
          adset(leads, 'Epsilon Leads', 'Epsilon Leads | Broad', {
            bid_strategy: 'COST_CAP',
            optimization_goal: 'LEAD_GENERATION',
          }),
        ],
        ads: [
          ad(spec('a-hero-leads'), {
            creative: { ...hero, id: 'cr-hero-leads', body: LEADS_HERO_BODY, call_to_action_type: 'SIGN_UP' },
          }),
        ],
      },
    },
  };
}

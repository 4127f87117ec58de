import { addDays } from '../../src/analyst/dates';
import type {
  GraphAction,
  GraphAdAccount,
  GraphBreakdownRow,
  GraphDataset,
  GraphInsightRow,
  GraphObjects,
} from '../../src/warehouse/graph-types';

/**
 * Hand-made accounts for the funnel, video, "why" and fatigue answers: every figure is a small
 * constant per ad and day, so each expected value is the daily figure times the days asked for.
 *
 * - Alpha Shop: a sales campaign with two video ads, a photo ad and a photo ad *named* "Video -
 *   Promo" (a name is not a format), and a lead campaign.
 * - Beta Shop: a sales campaign whose pixel sends no content views, adds to cart or checkouts.
 * - Gamma Leads: one lead ad; its age and gender breakdown shows men's cost per lead doubling.
 * - Delta Leads: the same, with breakdown rows for the last 7 days only.
 * - Epsilon Shop: a video ad seen more often with a fading hook, and a photo ad that holds up.
 */

/** One ad's (or segment's) figures for one day. */
export interface DayFigures {
  impressions: number;
  reach?: number;
  clicks: number;
  link: number;
  spend: number;
  lpv?: number;
  cv?: number;
  atc?: number;
  ci?: number;
  purchases?: number;
  revenue?: number;
  leads?: number;
  vv?: number;
  thru?: number;
  p25?: number;
  p50?: number;
  p75?: number;
  p95?: number;
  p100?: number;
}

export interface AdSpec {
  id: string;
  name: string;
  format: 'VIDEO' | 'PHOTO';
  /** Figures for a day, by how many days before today it is (1 = yesterday). */
  day: (daysAgo: number) => DayFigures | undefined;
}

export interface AccountSpec {
  id: string;
  name: string;
  campaign: { id: string; name: string; objective: string; adsetId: string; adsetName: string };
  ads: AdSpec[];
  /** More campaigns of the same account. */
  more?: AccountSpec['campaign'] & { ads: AdSpec[] };
}

const lastDays = (days: number) => (daysAgo: number) => daysAgo >= 1 && daysAgo <= days;
const both = lastDays(14);

export const ALPHA: AccountSpec = {
  id: '7101',
  name: 'Alpha Shop',
  campaign: {
    id: '7101001',
    name: 'Spring Sale',
    objective: 'OUTCOME_SALES',
    adsetId: '7101001001',
    adsetName: 'Spring Sale | Broad',
  },
  ads: [
    {
      id: '710100100101',
      name: 'Clip - Demo',
      format: 'VIDEO',
      day: (d) =>
        both(d)
          ? {
              impressions: 2000,
              clicks: 40,
              link: 30,
              spend: 60,
              lpv: 24,
              cv: 12,
              atc: 4,
              ci: 2,
              purchases: 1,
              revenue: 80,
              vv: 500,
              thru: 150,
              p25: 300,
              p50: 200,
              p75: 120,
              p95: 90,
              p100: 80,
            }
          : undefined,
    },
    {
      id: '710100100102',
      name: 'Photo - Offer',
      format: 'PHOTO',
      day: (d) =>
        both(d)
          ? {
              impressions: 1000,
              clicks: 20,
              link: 15,
              spend: 30,
              lpv: 12,
              cv: 6,
              atc: 2,
              ci: 1,
              purchases: 1,
              revenue: 50,
            }
          : undefined,
    },
    {
      id: '710100100103',
      name: 'Clip - Story',
      format: 'VIDEO',
      day: (d) =>
        both(d)
          ? {
              impressions: 2000,
              clicks: 30,
              link: 20,
              spend: 40,
              lpv: 16,
              cv: 8,
              atc: 2,
              ci: 1,
              purchases: 1,
              revenue: 60,
              vv: 700,
              thru: 140,
              p25: 350,
              p50: 210,
              p75: 140,
              p95: 100,
              p100: 90,
            }
          : undefined,
    },
    {
      id: '710100100104',
      name: 'Video - Promo',
      format: 'PHOTO',
      day: (d) =>
        both(d)
          ? { impressions: 1000, clicks: 10, link: 8, spend: 20, lpv: 6, cv: 3, atc: 1, ci: 0, purchases: 0 }
          : undefined,
    },
  ],
  more: {
    id: '7101002',
    name: 'Lead Magnet',
    objective: 'OUTCOME_LEADS',
    adsetId: '7101002001',
    adsetName: 'Lead Magnet | Everyone',
    ads: [
      {
        id: '710100200101',
        name: 'Guide - Form',
        format: 'PHOTO',
        day: (d) =>
          both(d) ? { impressions: 1500, clicks: 30, link: 20, spend: 45, lpv: 16, leads: 4 } : undefined,
      },
    ],
  },
};

export const BETA: AccountSpec = {
  id: '7102',
  name: 'Beta Shop',
  campaign: {
    id: '7102001',
    name: 'Untracked Sale',
    objective: 'OUTCOME_SALES',
    adsetId: '7102001001',
    adsetName: 'Untracked Sale | All',
  },
  ads: [
    {
      id: '710200100101',
      name: 'Photo - Plain',
      format: 'PHOTO',
      day: (d) =>
        both(d)
          ? { impressions: 1000, clicks: 12, link: 10, spend: 20, lpv: 8, purchases: 1, revenue: 40 }
          : undefined,
    },
  ],
};

/** Leads per day fall from five to four: cost per lead rises from $20 to $25. */
const leadAd = (id: string): AdSpec => ({
  id,
  name: 'Photo - Invite',
  format: 'PHOTO',
  day: (d) =>
    both(d)
      ? { impressions: 5000, clicks: 100, link: 80, spend: 100, lpv: 60, leads: d <= 7 ? 4 : 5 }
      : undefined,
});

export const GAMMA: AccountSpec = {
  id: '7103',
  name: 'Gamma Leads',
  campaign: {
    id: '7103001',
    name: 'Webinar Leads',
    objective: 'OUTCOME_LEADS',
    adsetId: '7103001001',
    adsetName: 'Webinar | All',
  },
  ads: [leadAd('710300100101')],
};

export const DELTA: AccountSpec = {
  id: '7104',
  name: 'Delta Leads',
  campaign: {
    id: '7104001',
    name: 'Course Leads',
    objective: 'OUTCOME_LEADS',
    adsetId: '7104001001',
    adsetName: 'Course | All',
  },
  ads: [leadAd('710400100101')],
};

/**
 * Gamma's and Delta's age and gender split of the lead ad, per day: spend $20, $20, $30, $30.
 * Men's leads halve in the last 7 days (two a day, then one), so men's cost per lead doubles
 * from $25 to $50; women's stays at three a day ($50 ÷ 3).
 */
export const SEGMENTS: { age: string; gender: string; spend: number; leads: (daysAgo: number) => number }[] =
  [
    { age: '18-24', gender: 'female', spend: 20, leads: () => 1 },
    { age: '18-24', gender: 'male', spend: 20, leads: (d) => (d <= 7 ? 0 : 1) },
    { age: '25-34', gender: 'female', spend: 30, leads: () => 2 },
    { age: '25-34', gender: 'male', spend: 30, leads: () => 1 },
  ];

/** The baseline a fatigue answer uses for the last 7 days: the same 7 days, three weeks earlier. */
const baseline = (d: number) => d >= 22 && d <= 28;
const recent = lastDays(7);

export const EPSILON: AccountSpec = {
  id: '7105',
  name: 'Epsilon Shop',
  campaign: {
    id: '7105001',
    name: 'Evergreen',
    objective: 'OUTCOME_SALES',
    adsetId: '7105001001',
    adsetName: 'Evergreen | All',
  },
  ads: [
    {
      id: '710500100101',
      name: 'Clip - Tired',
      format: 'VIDEO',
      // Seen more often (reach falls) while half as many viewers stop for it; CTR holds at 2%.
      day: (d) =>
        baseline(d)
          ? { impressions: 2000, reach: 1000, clicks: 40, link: 30, spend: 50, vv: 600, thru: 180 }
          : recent(d)
            ? { impressions: 2000, reach: 700, clicks: 40, link: 30, spend: 50, vv: 300, thru: 90 }
            : undefined,
    },
    {
      id: '710500100102',
      name: 'Photo - Fine',
      format: 'PHOTO',
      day: (d) =>
        baseline(d) || recent(d)
          ? { impressions: 2000, reach: 1000, clicks: 40, link: 30, spend: 50 }
          : undefined,
    },
  ],
};

export const ACCOUNTS = [ALPHA, BETA, GAMMA, DELTA, EPSILON];

const action = (type: string, value: number | undefined): GraphAction[] =>
  value ? [{ action_type: type, value: String(value) }] : [];

/** Meta's fields for one day's figures, each funnel step under every alias Meta reports it by. */
function fields(f: DayFigures) {
  const list = (value: number | undefined) => action('video_view', value);
  return {
    impressions: String(f.impressions),
    reach: String(f.reach ?? Math.round(f.impressions * 0.8)),
    clicks: String(f.clicks),
    inline_link_clicks: String(f.link),
    spend: f.spend.toFixed(2),
    actions: [
      ...action('link_click', f.link),
      ...action('landing_page_view', f.lpv),
      ...action('omni_landing_page_view', f.lpv),
      ...action('omni_view_content', f.cv),
      ...action('view_content', f.cv),
      ...action('offsite_conversion.fb_pixel_view_content', f.cv),
      ...action('omni_add_to_cart', f.atc),
      ...action('add_to_cart', f.atc),
      ...action('omni_initiated_checkout', f.ci),
      ...action('initiate_checkout', f.ci),
      ...action('omni_purchase', f.purchases),
      ...action('purchase', f.purchases),
      ...action('offsite_conversion.fb_pixel_purchase', f.purchases),
      ...action('lead', f.leads),
      ...action('onsite_conversion.lead_grouped', f.leads),
      ...action('video_view', f.vv),
    ],
    action_values: [
      ...action('omni_purchase', f.revenue),
      ...action('purchase', f.revenue),
      ...action('offsite_conversion.fb_pixel_purchase', f.revenue),
    ],
    ...(f.thru ? { video_thruplay_watched_actions: list(f.thru) } : {}),
    ...(f.p25 ? { video_p25_watched_actions: list(f.p25) } : {}),
    ...(f.p50 ? { video_p50_watched_actions: list(f.p50) } : {}),
    ...(f.p75 ? { video_p75_watched_actions: list(f.p75) } : {}),
    ...(f.p95 ? { video_p95_watched_actions: list(f.p95) } : {}),
    ...(f.p100 ? { video_p100_watched_actions: list(f.p100) } : {}),
  };
}

const DAYS = 30;

function campaignsOf(spec: AccountSpec) {
  return [{ ...spec.campaign, ads: spec.ads }, ...(spec.more ? [spec.more] : [])];
}

function insightRows(spec: AccountSpec, today: string): GraphInsightRow[] {
  const rows: GraphInsightRow[] = [];
  for (const campaign of campaignsOf(spec))
    for (const ad of campaign.ads)
      for (let d = DAYS; d >= 1; d--) {
        const figures = ad.day(d);
        if (!figures) continue;
        const day = addDays(today, -d);
        rows.push({
          account_id: spec.id,
          account_name: spec.name,
          account_currency: 'USD',
          campaign_id: campaign.id,
          campaign_name: campaign.name,
          objective: campaign.objective,
          adset_id: campaign.adsetId,
          adset_name: campaign.adsetName,
          ad_id: ad.id,
          ad_name: ad.name,
          date_start: day,
          date_stop: day,
          ...fields(figures),
        });
      }
  return rows;
}

/** Gamma's (and, for the last 7 days only, Delta's) age and gender rows. */
function breakdownRows(spec: AccountSpec, today: string, days: number): GraphBreakdownRow[] {
  const rows: GraphBreakdownRow[] = [];
  for (let d = days; d >= 1; d--) {
    const day = addDays(today, -d);
    for (const segment of SEGMENTS) {
      const leads = segment.leads(d);
      rows.push({
        account_id: spec.id,
        account_name: spec.name,
        campaign_id: spec.campaign.id,
        campaign_name: spec.campaign.name,
        objective: spec.campaign.objective,
        adset_id: spec.campaign.adsetId,
        adset_name: spec.campaign.adsetName,
        date_start: day,
        date_stop: day,
        age: segment.age,
        gender: segment.gender,
        ...fields({
          impressions: 1250,
          clicks: 25,
          link: 20,
          spend: segment.spend,
          lpv: 15,
          leads,
        }),
      });
    }
  }
  return rows;
}

function objectsOf(spec: AccountSpec): GraphObjects {
  const campaigns = campaignsOf(spec);
  return {
    campaigns: campaigns.map((c) => ({ id: c.id, name: c.name, objective: c.objective, status: 'ACTIVE' })),
    adsets: campaigns.map((c) => ({ id: c.adsetId, name: c.adsetName, campaign_id: c.id, status: 'ACTIVE' })),
    ads: campaigns.flatMap((c) =>
      c.ads.map((ad) => ({
        id: ad.id,
        name: ad.name,
        adset_id: c.adsetId,
        campaign_id: c.id,
        status: 'ACTIVE',
        creative: { id: `${ad.id}9`, object_type: ad.format },
      })),
    ),
  };
}

export function account(spec: AccountSpec): GraphAdAccount {
  return {
    account_id: spec.id,
    id: `act_${spec.id}`,
    name: spec.name,
    account_status: 1,
    currency: 'USD',
    timezone_name: 'UTC',
  };
}

/** The five accounts as Meta would send them, with data up to the day before `today`. */
export function funnelDataset(today: string): GraphDataset {
  return {
    adAccounts: ACCOUNTS.map(account),
    insights: Object.fromEntries(ACCOUNTS.map((spec) => [`act_${spec.id}`, insightRows(spec, today)])),
    breakdowns: {
      [`act_${GAMMA.id}`]: { 'age,gender': breakdownRows(GAMMA, today, 14) },
      [`act_${DELTA.id}`]: { 'age,gender': breakdownRows(DELTA, today, 7) },
    },
    objects: Object.fromEntries(ACCOUNTS.map((spec) => [`act_${spec.id}`, objectsOf(spec)])),
  };
}

/** One ad's figure summed over the days `from`..`to` days ago (inclusive). */
export function total(ad: AdSpec, key: keyof DayFigures, from: number, to = 1): number {
  let sum = 0;
  for (let d = from; d >= to; d--) sum += ad.day(d)?.[key] ?? 0;
  return sum;
}

/** Every ad of a campaign (or account) summed, for `key`, over the days asked. */
export function totalOf(ads: AdSpec[], key: keyof DayFigures, from: number, to = 1): number {
  return ads.reduce((sum, ad) => sum + total(ad, key, from, to), 0);
}

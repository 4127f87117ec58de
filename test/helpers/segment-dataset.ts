import type {
  BreakdownKey,
  GraphAd,
  GraphBreakdownRow,
  GraphDataset,
  GraphInsightRow,
} from '../../src/warehouse/graph-types';
import { graphAccount, graphRow } from './graph-rows';

/**
 * A small dataset with breakdowns, for segment answers whose expected figures are worked out here
 * from the same rows: one shop whose breakdown files start ten days after its ad rows, and one
 * account with no breakdown files at all. Ad names hold no format word, so formats come from the
 * creative settings only.
 */
export const SEGMENT_TODAY = '2026-11-20';
export const AD_ROWS_FROM = '2026-10-01';
export const BREAKDOWNS_FROM = '2026-10-11';
export const LAST_DAY = '2026-11-19';
export const SHOP = { id: '7001', name: 'Northwind Shop' };
export const LEADS = { id: '7002', name: 'Southwind Leads' };
/** Breakdown rows hold this share of the ad rows' spend: Meta's estimates do not add up exactly. */
export const ESTIMATE_FACTOR = 0.98;

/** One row's figures as numbers, with its segment fields, to aggregate in tests. */
export interface Flat {
  account: string;
  campaign: string;
  ad?: string;
  day: string;
  spend: number;
  impressions: number;
  clicks: number;
  purchases: number;
  revenue: number;
  leads: number;
  segment: Record<string, string>;
}

const ADS = [
  {
    account: SHOP.id,
    campaign: 'Spring Push',
    adset: 'Spring Push | Broad',
    ad: 'Hero clip',
    format: 'VIDEO',
    base: 40,
  },
  {
    account: SHOP.id,
    campaign: 'Spring Push',
    adset: 'Spring Push | Broad',
    ad: 'Hero still',
    format: 'PHOTO',
    base: 25,
  },
  {
    account: SHOP.id,
    campaign: 'Evergreen',
    adset: 'Evergreen | Lookalike',
    ad: 'Trio slides',
    format: 'SHARE',
    base: 30,
  },
  {
    account: SHOP.id,
    campaign: 'Evergreen',
    adset: 'Evergreen | Lookalike',
    ad: 'Quiet still',
    format: 'PHOTO',
    base: 15,
  },
  {
    account: LEADS.id,
    campaign: 'Guide Leads',
    adset: 'Guide Leads | Broad',
    ad: 'Guide clip',
    format: 'VIDEO',
    base: 20,
  },
] as const;

/** Each key's segments with their weights (shares of an ad set's day). */
export const SEGMENTS: Record<BreakdownKey, { fields: Record<string, string>; weight: number }[]> = {
  'age,gender': [
    { fields: { age: '25-34', gender: 'female' }, weight: 0.3 },
    { fields: { age: '25-34', gender: 'male' }, weight: 0.2 },
    { fields: { age: '35-44', gender: 'female' }, weight: 0.15 },
    { fields: { age: '35-44', gender: 'male' }, weight: 0.25 },
    { fields: { age: '45-54', gender: 'female' }, weight: 0.1 },
  ],
  country: [
    { fields: { country: 'US' }, weight: 0.6 },
    { fields: { country: 'GB' }, weight: 0.25 },
    { fields: { country: 'CA' }, weight: 0.15 },
  ],
  'publisher_platform,platform_position': [
    { fields: { publisher_platform: 'facebook', platform_position: 'feed' }, weight: 0.3 },
    { fields: { publisher_platform: 'instagram', platform_position: 'feed' }, weight: 0.2 },
    { fields: { publisher_platform: 'instagram', platform_position: 'instagram_stories' }, weight: 0.15 },
    { fields: { publisher_platform: 'instagram', platform_position: 'instagram_reels' }, weight: 0.15 },
    { fields: { publisher_platform: 'facebook', platform_position: 'facebook_reels' }, weight: 0.1 },
    { fields: { publisher_platform: 'audience_network', platform_position: 'an_classic' }, weight: 0.1 },
  ],
  device_platform: [
    { fields: { device_platform: 'mobile_app' }, weight: 0.55 },
    { fields: { device_platform: 'mobile_web' }, weight: 0.25 },
    { fields: { device_platform: 'desktop' }, weight: 0.2 },
  ],
};

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = Date.parse(from); d <= Date.parse(to); d += 86_400_000)
    out.push(new Date(d).toISOString().slice(0, 10));
  return out;
}

const cents = (value: number) => Math.round(value * 100) / 100;

export interface SegmentFixture {
  dataset: GraphDataset;
  adRows: Flat[];
  breakdowns: Record<BreakdownKey, Flat[]>;
}

/** Builds the dataset; `withBreakdowns` / `withObjects: false` leave those files out altogether. */
export function segmentFixture({ withBreakdowns = true, withObjects = true } = {}): SegmentFixture {
  const insights: Record<string, GraphInsightRow[]> = { [`act_${SHOP.id}`]: [], [`act_${LEADS.id}`]: [] };
  const adRows: Flat[] = [];
  for (const [i, day] of days(AD_ROWS_FROM, LAST_DAY).entries()) {
    for (const [a, ad] of ADS.entries()) {
      const spend = cents(ad.base + ((i * 7 + a * 3) % 11));
      const impressions = Math.round(spend * 90 + ((i + a) % 13) * 10);
      const clicks = Math.round(impressions / (40 + a * 10));
      const sales = ad.account === SHOP.id;
      const purchases = sales ? 1 + ((i + a) % 3) : 0;
      const revenue = sales ? cents(purchases * (45 + a * 5)) : 0;
      const leads = sales ? 0 : 2 + (i % 3);
      const row = graphRow({
        account: ad.account,
        campaign: ad.campaign,
        adset: ad.adset,
        ad: ad.ad,
        day,
        impressions,
        clicks,
        spend: spend.toFixed(2),
        ...(sales ? { purchases, revenue: revenue.toFixed(2) } : { leads, objective: 'OUTCOME_LEADS' }),
      });
      insights[`act_${ad.account}`]?.push(row);
      adRows.push({
        account: ad.account,
        campaign: ad.campaign,
        ad: ad.ad,
        day,
        spend,
        impressions,
        clicks,
        purchases,
        revenue,
        leads,
        segment: {},
      });
    }
  }
  const breakdowns = {} as Record<BreakdownKey, Flat[]>;
  const graphBreakdowns: Partial<Record<BreakdownKey, GraphBreakdownRow[]>> = {};
  for (const key of Object.keys(SEGMENTS) as BreakdownKey[]) {
    breakdowns[key] = [];
    graphBreakdowns[key] = [];
    for (const day of days(BREAKDOWNS_FROM, LAST_DAY)) {
      for (const adset of ['Spring Push | Broad', 'Evergreen | Lookalike']) {
        const inSet = adRows.filter(
          (row) => row.day === day && ADS.find((ad) => ad.ad === row.ad)?.adset === adset,
        );
        const sum = (f: 'spend' | 'impressions' | 'clicks' | 'purchases' | 'revenue') =>
          inSet.reduce((total, row) => total + row[f], 0);
        const campaign = inSet[0]?.campaign ?? '';
        for (const [s, segment] of SEGMENTS[key].entries()) {
          const w = segment.weight;
          const spend = cents(sum('spend') * w * ESTIMATE_FACTOR);
          const impressions = Math.round(sum('impressions') * w);
          const clicks = Math.round(sum('clicks') * w);
          // Whole purchases, leaning on the segment's place so segments differ in cost per purchase.
          const purchases = Math.round(
            sum('purchases') * w * (0.6 + ((s * 3 + day.charCodeAt(9)) % 5) * 0.2),
          );
          const revenue = cents(purchases * 50);
          const {
            ad_id: _id,
            ad_name: _name,
            ...base
          } = graphRow({
            account: SHOP.id,
            campaign,
            adset,
            ad: 'none',
            day,
            impressions,
            clicks,
            spend: spend.toFixed(2),
            ...(purchases ? { purchases, revenue: revenue.toFixed(2) } : {}),
          });
          graphBreakdowns[key]?.push({ ...base, ...segment.fields });
          breakdowns[key].push({
            account: SHOP.id,
            campaign,
            day,
            spend,
            impressions,
            clicks,
            purchases,
            revenue,
            leads: 0,
            segment: segment.fields,
          });
        }
      }
    }
  }
  const ads = (account: string): GraphAd[] =>
    ADS.filter((ad) => ad.account === account).map((ad) => ({
      id: `${ad.account}-${ad.ad}`,
      name: ad.ad,
      adset_id: `${ad.account}-${ad.adset}`,
      campaign_id: `${ad.account}-${ad.campaign}`,
      status: 'ACTIVE',
      effective_status: 'ACTIVE',
      creative: { id: `c-${ad.ad}`, object_type: ad.format },
    }));
  return {
    dataset: {
      adAccounts: [graphAccount(SHOP.id, SHOP.name), graphAccount(LEADS.id, LEADS.name)],
      insights,
      ...(withBreakdowns ? { breakdowns: { [`act_${SHOP.id}`]: graphBreakdowns } } : {}),
      ...(withObjects
        ? {
            objects: {
              [`act_${SHOP.id}`]: { campaigns: [], adsets: [], ads: ads(SHOP.id) },
              [`act_${LEADS.id}`]: { campaigns: [], adsets: [], ads: ads(LEADS.id) },
            },
          }
        : {}),
    },
    adRows,
    breakdowns,
  };
}

export type Sums = {
  spend: number;
  impressions: number;
  clicks: number;
  purchases: number;
  revenue: number;
  leads: number;
};

/** Sums of the rows in [from, to] that pass `where`, grouped by `group` (one group when absent). */
export function sums(
  rows: Flat[],
  from: string,
  to: string,
  group: (row: Flat) => string = () => 'all',
  where: (row: Flat) => boolean = () => true,
): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const row of rows) {
    if (row.day < from || row.day > to || !where(row)) continue;
    const key = group(row);
    const s = out.get(key) ?? { spend: 0, impressions: 0, clicks: 0, purchases: 0, revenue: 0, leads: 0 };
    for (const f of ['spend', 'impressions', 'clicks', 'purchases', 'revenue', 'leads'] as const)
      s[f] += row[f];
    out.set(key, s);
  }
  return out;
}

import { addDays } from '../../src/analyst/dates';
import type {
  BreakdownKey,
  GraphAction,
  GraphAdAccount,
  GraphBreakdownRow,
  GraphDataset,
  GraphInsightRow,
  GraphObjects,
} from '../../src/warehouse/graph-types';

/**
 * A small account of hand-made rows covering `days` days, with breakdown rows for every key and
 * the objects endpoints' answers: one campaign of two ad sets of one ad each. Counts are small
 * and fixed, so the expected warehouse is obvious: every ad set and day has `segmentsOf(key)`
 * rows for each key.
 */
export interface SyncAccountSpec {
  id: string;
  currency: string;
  /** Spend per ad and day, in the currency's major unit (whole yen for JPY). */
  spend: string;
  /** The campaign's daily budget as Meta sends it, in the currency's minor unit. */
  dailyBudget: string;
  timezone: string;
}

export const SEGMENTS: Record<BreakdownKey, Record<string, string>[]> = {
  'age,gender': [
    { age: '25-34', gender: 'female' },
    { age: '25-34', gender: 'male' },
    { age: '35-44', gender: 'unknown' },
  ],
  country: [{ country: 'US' }, { country: 'CA' }],
  'publisher_platform,platform_position': [
    { publisher_platform: 'facebook', platform_position: 'feed' },
    { publisher_platform: 'instagram', platform_position: 'instagram_stories' },
  ],
  device_platform: [{ device_platform: 'mobile_app' }, { device_platform: 'desktop' }],
};

const action = (action_type: string, value: number): GraphAction => ({ action_type, value: String(value) });

/** The metric fields of one row (ad or segment), scaled so segments stay below the ad's figures. */
function metrics(scale: number, spend: string) {
  const n = (base: number) => Math.max(1, Math.round(base * scale));
  return {
    impressions: String(n(1000)),
    reach: String(n(800)),
    frequency: '1.25',
    clicks: String(n(40)),
    inline_link_clicks: String(n(30)),
    spend,
    actions: [
      action('link_click', n(30)),
      action('landing_page_view', n(20)),
      action('omni_landing_page_view', n(20)),
      action('omni_view_content', n(12)),
      action('view_content', n(12)),
      action('omni_add_to_cart', n(6)),
      action('omni_initiated_checkout', n(4)),
      action('omni_purchase', n(2)),
      action('purchase', n(2)),
      action('video_view', n(300)),
    ],
    action_values: [action('omni_purchase', n(90)), action('purchase', n(90))],
    video_thruplay_watched_actions: [action('video_view', n(120))],
    video_p25_watched_actions: [action('video_view', n(200))],
    video_p50_watched_actions: [action('video_view', n(150))],
    video_p75_watched_actions: [action('video_view', n(100))],
    video_p95_watched_actions: [action('video_view', n(70))],
    video_p100_watched_actions: [action('video_view', n(60))],
  };
}

function accountParts(spec: SyncAccountSpec, today: string, days: number) {
  const account: GraphAdAccount = {
    account_id: spec.id,
    id: `act_${spec.id}`,
    name: `Sync ${spec.currency}`,
    account_status: 1,
    currency: spec.currency,
    timezone_name: spec.timezone,
  };
  const campaign = { campaign_id: `${spec.id}01`, campaign_name: 'Prospecting', objective: 'OUTCOME_SALES' };
  const adsets = [1, 2].map((n) => ({ adset_id: `${spec.id}010${n}`, adset_name: `Set ${n}` }));
  const identity = {
    account_id: spec.id,
    account_name: account.name,
    account_currency: spec.currency,
    ...campaign,
  };
  const insights: GraphInsightRow[] = [];
  const breakdowns: Partial<Record<BreakdownKey, GraphBreakdownRow[]>> = {};
  for (let offset = days; offset >= 0; offset--) {
    const day = addDays(today, -offset);
    for (const adset of adsets) {
      insights.push({
        ...identity,
        ...adset,
        ad_id: `${adset.adset_id}01`,
        ad_name: `${adset.adset_name} ad`,
        ...metrics(1, spec.spend),
        date_start: day,
        date_stop: day,
      });
      for (const [key, segments] of Object.entries(SEGMENTS) as [BreakdownKey, Record<string, string>[]][]) {
        const rows = breakdowns[key] ?? [];
        breakdowns[key] = rows;
        for (const segment of segments) {
          rows.push({
            ...identity,
            ...adset,
            ...metrics(1 / segments.length, spec.spend),
            ...segment,
            date_start: day,
            date_stop: day,
          });
        }
      }
    }
  }
  const objects: GraphObjects = {
    campaigns: [
      {
        id: campaign.campaign_id,
        name: campaign.campaign_name,
        objective: campaign.objective,
        status: 'ACTIVE',
        effective_status: 'ACTIVE',
        daily_budget: spec.dailyBudget,
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        start_time: '2024-01-01T00:00:00-0500',
      },
    ],
    adsets: adsets.map((adset, i) => ({
      id: adset.adset_id,
      name: adset.adset_name,
      campaign_id: campaign.campaign_id,
      status: i === 0 ? 'ACTIVE' : 'PAUSED',
      effective_status: i === 0 ? 'ACTIVE' : 'PAUSED',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
    })),
    ads: adsets.map((adset) => ({
      id: `${adset.adset_id}01`,
      name: `${adset.adset_name} ad`,
      adset_id: adset.adset_id,
      campaign_id: campaign.campaign_id,
      status: 'ACTIVE',
      effective_status: 'ACTIVE',
      creative: {
        id: `${adset.adset_id}99`,
        object_type: 'VIDEO',
        thumbnail_url: `https://example.com/thumbs/${adset.adset_id}.jpg`,
        title: 'Trail shoes',
        body: 'Light, grippy, ready.',
        call_to_action_type: 'SHOP_NOW',
      },
    })),
  };
  return { account, insights, breakdowns, objects };
}

/** Every account's rows from `today - days` to `today`, in the fixture format. */
export function syncDataset(specs: SyncAccountSpec[], today: string, days: number): GraphDataset {
  const dataset: Required<GraphDataset> = { adAccounts: [], insights: {}, breakdowns: {}, objects: {} };
  for (const spec of specs) {
    const parts = accountParts(spec, today, days);
    dataset.adAccounts.push(parts.account);
    dataset.insights[parts.account.id] = parts.insights;
    dataset.breakdowns[parts.account.id] = parts.breakdowns;
    dataset.objects[parts.account.id] = parts.objects;
  }
  return dataset;
}

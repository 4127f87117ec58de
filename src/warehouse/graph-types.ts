/**
 * Graph API (v23.0) shapes as Meta sends them: every number is a string, and actions are lists of
 * `{ action_type, value }`. The loader parses these at the edge; the engine never sees them.
 */
export interface GraphAction {
  action_type: string;
  value: string;
}

/** One row of `GET /act_<id>/insights?level=ad&time_increment=1`. */
export interface GraphInsightRow {
  account_id: string;
  account_name: string;
  account_currency?: string;
  campaign_id: string;
  campaign_name: string;
  objective?: string;
  adset_id: string;
  adset_name: string;
  ad_id: string;
  ad_name: string;
  impressions: string;
  reach?: string;
  frequency?: string;
  clicks: string;
  inline_link_clicks?: string;
  spend: string;
  cpc?: string;
  cpm?: string;
  ctr?: string;
  date_start: string;
  date_stop: string;
  actions?: GraphAction[];
  action_values?: GraphAction[];
  purchase_roas?: GraphAction[];
  /** Video plays to 15 s or the end, and to each share of the length: one `video_view` entry each. */
  video_thruplay_watched_actions?: GraphAction[];
  video_p25_watched_actions?: GraphAction[];
  video_p50_watched_actions?: GraphAction[];
  video_p75_watched_actions?: GraphAction[];
  video_p95_watched_actions?: GraphAction[];
  video_p100_watched_actions?: GraphAction[];
}

/** One entry of `GET /me/adaccounts`. */
export interface GraphAdAccount {
  account_id: string;
  id: string;
  name: string;
  account_status: number;
  currency: string;
  timezone_name: string;
}

/** A folder in the fixture format (`adaccounts.json`, `insights/act_<id>.json`, optional `breakdowns/` and `objects/`), as data. */
export interface GraphDataset {
  adAccounts: GraphAdAccount[];
  /** Insights rows keyed by `act_<id>`. */
  insights: Record<string, GraphInsightRow[]>;
  /** Optional, keyed by `act_<id>` then breakdown key: ad set rows per day and segment. */
  breakdowns?: Record<string, Partial<Record<BreakdownKey, GraphBreakdownRow[]>>>;
  /** Optional, keyed by `act_<id>`: the account's campaigns, ad sets and ads with their settings. */
  objects?: Record<string, GraphObjects>;
}

/** The breakdown keys ARLO syncs, each a `breakdowns=` value Meta accepts (and a fixture file name). */
export const breakdownKeys = [
  'age,gender',
  'country',
  'publisher_platform,platform_position',
  'device_platform',
] as const;
export type BreakdownKey = (typeof breakdownKeys)[number];

/**
 * One row of `GET /act_<id>/insights?level=adset&time_increment=1&breakdowns=<KEY>`: the ad row's
 * fields at ad set grain (no ad fields), plus the breakdown's own fields as strings.
 */
export type GraphBreakdownRow = Omit<GraphInsightRow, 'ad_id' | 'ad_name'> & {
  age?: string;
  gender?: string;
  country?: string;
  publisher_platform?: string;
  platform_position?: string;
  device_platform?: string;
};

/** `GET /act_<id>/campaigns?fields=id,name,objective,status,effective_status,daily_budget,lifetime_budget,bid_strategy,start_time,stop_time` */
export interface GraphCampaign {
  id: string;
  name: string;
  objective?: string;
  status?: string;
  effective_status?: string;
  /** In the currency's minor unit (cents for USD), as a string. */
  daily_budget?: string;
  lifetime_budget?: string;
  bid_strategy?: string;
  start_time?: string;
  stop_time?: string;
}

/** `GET /act_<id>/adsets?fields=id,name,campaign_id,status,effective_status,daily_budget,lifetime_budget,bid_strategy,optimization_goal` */
export interface GraphAdSet {
  id: string;
  name: string;
  campaign_id: string;
  status?: string;
  effective_status?: string;
  daily_budget?: string;
  lifetime_budget?: string;
  bid_strategy?: string;
  optimization_goal?: string;
}

/** `GET /act_<id>/ads?fields=id,name,adset_id,campaign_id,status,effective_status,creative{id,object_type,thumbnail_url,title,body,call_to_action_type}` */
export interface GraphAd {
  id: string;
  name: string;
  adset_id: string;
  campaign_id: string;
  status?: string;
  effective_status?: string;
  creative?: {
    id: string;
    object_type?: string;
    thumbnail_url?: string;
    title?: string;
    body?: string;
    call_to_action_type?: string;
  };
}

/** An account's campaigns, ad sets and ads with their settings: `objects/act_<id>.json`. */
export interface GraphObjects {
  campaigns: GraphCampaign[];
  adsets: GraphAdSet[];
  ads: GraphAd[];
}

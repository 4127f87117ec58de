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

/** A folder in the fixture format (`adaccounts.json` and `insights/act_<id>.json`), as data. */
export interface GraphDataset {
  adAccounts: GraphAdAccount[];
  /** Insights rows keyed by `act_<id>`. */
  insights: Record<string, GraphInsightRow[]>;
}

import type { GraphAction, GraphInsightRow } from '../../warehouse/graph-types';

/** The descriptive fields every row of one ad repeats. */
export interface AdIdentity {
  account_id: string;
  account_name: string;
  account_currency: string;
  campaign_id: string;
  campaign_name: string;
  objective: string;
  adset_id: string;
  adset_name: string;
  ad_id: string;
  ad_name: string;
}

/** One ad's day as whole numbers (money in cents), before it is dressed as a Graph row. */
export interface DailyAdMetrics {
  spendCents: number;
  impressions: number;
  reach: number;
  clicks: number;
  linkClicks: number;
  landingPageViews: number;
  videoViews: number;
  reactions: number;
  comments: number;
  pageLikes: number;
  addsToCart: number;
  checkoutsInitiated: number;
  purchases: number;
  revenueCents: number;
  leads: number;
}

// Meta reports one purchase under all three types and one lead under both; readers pick one.
const PURCHASE_TYPES = ['offsite_conversion.fb_pixel_purchase', 'omni_purchase', 'purchase'] as const;
const LEAD_TYPES = ['lead', 'onsite_conversion.lead_grouped'] as const;

function pushCount(list: GraphAction[], actionType: string, value: number): void {
  // Meta leaves zero-valued actions out of the list rather than reporting "0".
  if (value > 0) list.push({ action_type: actionType, value: String(value) });
}

function actionsOf(m: DailyAdMetrics): GraphAction[] {
  const postEngagement = m.linkClicks + m.reactions + m.comments + m.videoViews;
  const actions: GraphAction[] = [];
  pushCount(actions, 'comment', m.comments);
  pushCount(actions, 'landing_page_view', m.landingPageViews);
  pushCount(actions, 'like', m.pageLikes);
  pushCount(actions, 'link_click', m.linkClicks);
  pushCount(actions, 'post_reaction', m.reactions);
  pushCount(actions, 'video_view', m.videoViews);
  pushCount(actions, 'post_engagement', postEngagement);
  pushCount(actions, 'page_engagement', postEngagement + m.pageLikes);
  pushCount(actions, 'add_to_cart', m.addsToCart);
  pushCount(actions, 'initiate_checkout', m.checkoutsInitiated);
  for (const type of LEAD_TYPES) pushCount(actions, type, m.leads);
  for (const type of PURCHASE_TYPES) pushCount(actions, type, m.purchases);
  return actions;
}

/**
 * A row exactly as `GET /act_<id>/insights?level=ad&time_increment=1` returns it: every number a
 * string, rates with 6 decimals computed from the row's own totals, and fields Meta cannot compute
 * (cpc without clicks, values without revenue) left out.
 */
export function toGraphRow(ad: AdIdentity, day: string, m: DailyAdMetrics): GraphInsightRow {
  const spend = m.spendCents / 100;
  // One explicit literal (no spreads): the 'large' size builds 182,500 of these, and spreads made
  // V8 copy properties one by one and left rows in slow dictionary form.
  const row: GraphInsightRow = {
    account_id: ad.account_id,
    account_name: ad.account_name,
    account_currency: ad.account_currency,
    campaign_id: ad.campaign_id,
    campaign_name: ad.campaign_name,
    objective: ad.objective,
    adset_id: ad.adset_id,
    adset_name: ad.adset_name,
    ad_id: ad.ad_id,
    ad_name: ad.ad_name,
    impressions: String(m.impressions),
    reach: String(m.reach),
    frequency: (m.impressions / m.reach).toFixed(6),
    clicks: String(m.clicks),
    inline_link_clicks: String(m.linkClicks),
    spend: spend.toFixed(2),
    cpc: (spend / m.clicks).toFixed(6),
    cpm: ((spend / m.impressions) * 1000).toFixed(6),
    ctr: ((m.clicks / m.impressions) * 100).toFixed(6),
    date_start: day,
    date_stop: day,
  };
  // Meta leaves cpc out when there is no click to divide by.
  if (m.clicks === 0) delete row.cpc;
  const actions = actionsOf(m);
  if (actions.length > 0) row.actions = actions;
  if (m.purchases > 0 && m.revenueCents > 0) {
    const revenue = (m.revenueCents / 100).toFixed(2);
    row.action_values = PURCHASE_TYPES.map((type) => ({ action_type: type, value: revenue }));
    if (m.spendCents > 0) {
      row.purchase_roas = [
        { action_type: 'omni_purchase', value: (m.revenueCents / m.spendCents).toFixed(6) },
      ];
    }
  }
  return row;
}

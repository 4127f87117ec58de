import {
  addToCartActionTypes,
  checkoutInitiatedActionTypes,
  contentViewActionTypes,
  landingPageViewActionTypes,
  leadActionTypes,
} from '../../warehouse/actions';
import type { GraphAction, GraphBreakdownRow, GraphInsightRow } from '../../warehouse/graph-types';

/** The descriptive fields every row of one ad set repeats. */
export interface AdSetIdentity {
  account_id: string;
  account_name: string;
  account_currency: string;
  campaign_id: string;
  campaign_name: string;
  objective: string;
  adset_id: string;
  adset_name: string;
}

/** The descriptive fields every row of one ad repeats. */
export interface AdIdentity extends AdSetIdentity {
  ad_id: string;
  ad_name: string;
}

/** One ad's (or one segment's) day as whole numbers (money in cents), before it is dressed as a Graph row. */
export interface DailyAdMetrics {
  spendCents: number;
  impressions: number;
  reach: number;
  clicks: number;
  linkClicks: number;
  landingPageViews: number;
  contentViews: number;
  videoViews: number;
  reactions: number;
  comments: number;
  pageLikes: number;
  addsToCart: number;
  checkoutsInitiated: number;
  purchases: number;
  revenueCents: number;
  leads: number;
  /** Plays to 15 seconds or to the end, and to each share of the video's length. */
  thruplays: number;
  videoP25: number;
  videoP50: number;
  videoP75: number;
  videoP95: number;
  videoP100: number;
}

/** A DailyAdMetrics of zeros, every field present so all of them share one shape. */
export function emptyMetrics(): DailyAdMetrics {
  return {
    spendCents: 0,
    impressions: 0,
    reach: 0,
    clicks: 0,
    linkClicks: 0,
    landingPageViews: 0,
    contentViews: 0,
    videoViews: 0,
    reactions: 0,
    comments: 0,
    pageLikes: 0,
    addsToCart: 0,
    checkoutsInitiated: 0,
    purchases: 0,
    revenueCents: 0,
    leads: 0,
    thruplays: 0,
    videoP25: 0,
    videoP50: 0,
    videoP75: 0,
    videoP95: 0,
    videoP100: 0,
  };
}

function pushCount(list: GraphAction[], actionType: string, value: number): void {
  // Meta leaves zero-valued actions out of the list rather than reporting "0".
  if (value > 0) list.push({ action_type: actionType, value: String(value) });
}

// Meta reports one event under each of its types at once (a purchase as omni_purchase, purchase
// and the pixel's own type); readers pick one by precedence.
function pushAliases(list: GraphAction[], types: readonly string[], value: number): void {
  if (value <= 0) return;
  const text = String(value);
  for (const type of types) list.push({ action_type: type, value: text });
}

// Local copies: rows are built by the hundred thousand, and these are read for every one.
const LANDING_PAGE_VIEW_TYPES: readonly string[] = [...landingPageViewActionTypes];
const CONTENT_VIEW_TYPES: readonly string[] = [...contentViewActionTypes];
const ADD_TO_CART_TYPES: readonly string[] = [...addToCartActionTypes];
const CHECKOUT_TYPES: readonly string[] = [...checkoutInitiatedActionTypes];
// The pixel's type first, as the rows always listed them.
const PURCHASE_TYPES: readonly string[] = [
  'offsite_conversion.fb_pixel_purchase',
  'omni_purchase',
  'purchase',
];
const LEAD_TYPES: readonly string[] = leadActionTypes.slice(0, 2);

function actionsOf(m: DailyAdMetrics): GraphAction[] {
  const postEngagement = m.linkClicks + m.reactions + m.comments + m.videoViews;
  const actions: GraphAction[] = [];
  pushCount(actions, 'comment', m.comments);
  pushAliases(actions, LANDING_PAGE_VIEW_TYPES, m.landingPageViews);
  pushCount(actions, 'like', m.pageLikes);
  pushCount(actions, 'link_click', m.linkClicks);
  pushCount(actions, 'post_reaction', m.reactions);
  pushCount(actions, 'video_view', m.videoViews);
  pushCount(actions, 'post_engagement', postEngagement);
  pushCount(actions, 'page_engagement', postEngagement + m.pageLikes);
  pushAliases(actions, CONTENT_VIEW_TYPES, m.contentViews);
  pushAliases(actions, ADD_TO_CART_TYPES, m.addsToCart);
  pushAliases(actions, CHECKOUT_TYPES, m.checkoutsInitiated);
  pushAliases(actions, LEAD_TYPES, m.leads);
  pushAliases(actions, PURCHASE_TYPES, m.purchases);
  return actions;
}

function videoList(value: number): GraphAction[] {
  return [{ action_type: 'video_view', value: String(value) }];
}

/** The fields after the row's own numbers: actions, values, ROAS and the video lists, each only when non-zero. */
function addActionFields(row: GraphInsightRow | GraphBreakdownRow, m: DailyAdMetrics): void {
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
  // Meta sends the video lists only for rows with video plays.
  if (m.thruplays > 0) row.video_thruplay_watched_actions = videoList(m.thruplays);
  if (m.videoP25 > 0) row.video_p25_watched_actions = videoList(m.videoP25);
  if (m.videoP50 > 0) row.video_p50_watched_actions = videoList(m.videoP50);
  if (m.videoP75 > 0) row.video_p75_watched_actions = videoList(m.videoP75);
  if (m.videoP95 > 0) row.video_p95_watched_actions = videoList(m.videoP95);
  if (m.videoP100 > 0) row.video_p100_watched_actions = videoList(m.videoP100);
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
  addActionFields(row, m);
  return row;
}

/** A breakdown's own fields on one row, e.g. `{ age: '35-44', gender: 'female' }`. */
export interface SegmentFields {
  age?: string;
  gender?: string;
  country?: string;
  publisher_platform?: string;
  platform_position?: string;
  device_platform?: string;
}

/**
 * A row of `GET /act_<id>/insights?level=adset&time_increment=1&breakdowns=<KEY>`: the ad row's
 * fields at ad set grain, then the breakdown's own fields. Needs at least one impression.
 */
export function toBreakdownRow(
  adSet: AdSetIdentity,
  day: string,
  m: DailyAdMetrics,
  segment: SegmentFields,
): GraphBreakdownRow {
  const spend = m.spendCents / 100;
  // One literal, then properties added in one fixed order: rows of a key share a shape. (Deleting
  // cpc, as the ad rows do, would drop the many click-less segment rows into dictionary mode.)
  const row: GraphBreakdownRow = {
    account_id: adSet.account_id,
    account_name: adSet.account_name,
    account_currency: adSet.account_currency,
    campaign_id: adSet.campaign_id,
    campaign_name: adSet.campaign_name,
    objective: adSet.objective,
    adset_id: adSet.adset_id,
    adset_name: adSet.adset_name,
    impressions: String(m.impressions),
    reach: String(m.reach),
    frequency: (m.impressions / m.reach).toFixed(6),
    clicks: String(m.clicks),
    inline_link_clicks: String(m.linkClicks),
    spend: spend.toFixed(2),
    cpm: ((spend / m.impressions) * 1000).toFixed(6),
    ctr: ((m.clicks / m.impressions) * 100).toFixed(6),
    date_start: day,
    date_stop: day,
  };
  // Meta leaves cpc out when there is no click to divide by.
  if (m.clicks > 0) row.cpc = (spend / m.clicks).toFixed(6);
  addActionFields(row, m);
  // The breakdown's own fields come last, as Meta sends them.
  if (segment.age !== undefined) row.age = segment.age;
  if (segment.gender !== undefined) row.gender = segment.gender;
  if (segment.country !== undefined) row.country = segment.country;
  if (segment.publisher_platform !== undefined) row.publisher_platform = segment.publisher_platform;
  if (segment.platform_position !== undefined) row.platform_position = segment.platform_position;
  if (segment.device_platform !== undefined) row.device_platform = segment.device_platform;
  return row;
}

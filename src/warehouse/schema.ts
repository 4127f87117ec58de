import { date, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The analyst's warehouse: Meta insights at ad-and-day grain, plus the names of what they belong
 * to. Ids are Meta's own (digits as text). Counts and money are NUMERIC so sums stay exact;
 * conversions are canonical (one action type by precedence, never a sum of Meta's aliases); the
 * raw action lists are not kept (docs/decisions/0014).
 */
export const metaAdAccounts = pgTable('meta_ad_accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Settings read from the campaigns, ad sets and ads endpoints on every sync. Null means "not
 * known": the object was only named by insights rows, or the account's objects were never read.
 * Budgets are in the currency's major unit, converted exactly from Meta's minor unit.
 */
export const metaCampaigns = pgTable(
  'meta_campaigns',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    objective: text('objective'),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    dailyBudget: numeric('daily_budget'),
    lifetimeBudget: numeric('lifetime_budget'),
    bidStrategy: text('bid_strategy'),
    startTime: timestamp('start_time', { withTimezone: true }),
    stopTime: timestamp('stop_time', { withTimezone: true }),
    settingsAt: timestamp('settings_at', { withTimezone: true }),
  },
  (t) => [index('meta_campaigns_account_idx').on(t.accountId)],
);

export const metaAdsets = pgTable(
  'meta_adsets',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    dailyBudget: numeric('daily_budget'),
    lifetimeBudget: numeric('lifetime_budget'),
    bidStrategy: text('bid_strategy'),
    optimizationGoal: text('optimization_goal'),
    settingsAt: timestamp('settings_at', { withTimezone: true }),
  },
  (t) => [index('meta_adsets_account_idx').on(t.accountId)],
);

export const metaAds = pgTable(
  'meta_ads',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    adsetId: text('adset_id').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    creativeId: text('creative_id'),
    /** Meta's creative object_type: VIDEO, PHOTO, SHARE (link and carousel ads), … */
    format: text('format'),
    thumbnailUrl: text('thumbnail_url'),
    title: text('title'),
    body: text('body'),
    callToAction: text('call_to_action'),
    settingsAt: timestamp('settings_at', { withTimezone: true }),
  },
  (t) => [index('meta_ads_account_idx').on(t.accountId)],
);

const count = (name: string) => numeric(name).notNull().default('0');

/** The additive columns both insights tables carry; a function because each table needs its own builders. */
function sumColumns() {
  return {
    impressions: count('impressions'),
    // Unique people for one ad on one day only: it cannot be added across days or ads.
    reach: count('reach'),
    clicks: count('clicks'),
    linkClicks: count('link_clicks'),
    spend: count('spend'),
    purchases: count('purchases'),
    leads: count('leads'),
    revenue: count('revenue'),
    postEngagements: count('post_engagements'),
    postReactions: count('post_reactions'),
    postComments: count('post_comments'),
    // Funnel steps and video plays: one action type each, by precedence (never a sum of aliases).
    landingPageViews: count('landing_page_views'),
    contentViews: count('content_views'),
    addsToCart: count('adds_to_cart'),
    checkoutsInitiated: count('checkouts_initiated'),
    videoViews3s: count('video_views_3s'),
    thruplays: count('thruplays'),
    videoP25: count('video_p25'),
    videoP50: count('video_p50'),
    videoP75: count('video_p75'),
    videoP95: count('video_p95'),
    videoP100: count('video_p100'),
  };
}

/**
 * The segment fields of a breakdown row. Fields a key does not have are empty strings, so a
 * segment's key and the primary key stay simple.
 */
function segmentColumns() {
  return {
    age: text('age').notNull().default(''),
    gender: text('gender').notNull().default(''),
    country: text('country').notNull().default(''),
    publisherPlatform: text('publisher_platform').notNull().default(''),
    platformPosition: text('platform_position').notNull().default(''),
    devicePlatform: text('device_platform').notNull().default(''),
  };
}

/** The additive columns' keys, the same on both insights tables: what the loader writes and rolls up. */
export type InsightSum = keyof ReturnType<typeof sumColumns>;
export const insightSums = Object.keys(sumColumns()) as InsightSum[];

export const metaInsightsDaily = pgTable(
  'meta_insights_daily',
  {
    adId: text('ad_id').notNull(),
    day: date('day').notNull(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    adsetId: text('adset_id').notNull(),
    ...sumColumns(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.day] }),
    // Every answer filters by account and date range first. Campaign-level questions read the
    // roll-up below, so a campaign index here would only slow the loads down.
    index('meta_insights_account_day_idx').on(t.accountId, t.day),
  ],
);

/**
 * The same sums per campaign and day (about 1/20 of the rows), refreshed by the loader. The
 * executor reads it whenever a question needs no ad set or ad, which is most questions.
 */
export const metaInsightsCampaignDaily = pgTable(
  'meta_insights_campaign_daily',
  {
    campaignId: text('campaign_id').notNull(),
    day: date('day').notNull(),
    accountId: text('account_id').notNull(),
    ...sumColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day] }),
    index('meta_campaign_daily_account_day_idx').on(t.accountId, t.day),
  ],
);

/**
 * Roll-ups: the ad-day sums again per account, campaign or ad and per day, week (Monday to
 * Sunday) or calendar month. In the week and month tables `day` is the period's first day, so the
 * executor's date conditions and period groupings read every table the same way. The loader
 * rebuilds the periods it touches in the transaction that writes the ad-day rows; a long range is
 * answered from whole months and weeks plus the days at its edges, hundreds of rows instead of
 * hundreds of thousands. Reach is summed like the ad-day table does (the answer replaces it with
 * Meta's exact figure where it has one), so every table gives the same numbers.
 */
function accountRollup(name: string) {
  return pgTable(
    name,
    { accountId: text('account_id').notNull(), day: date('day').notNull(), ...sumColumns() },
    (t) => [primaryKey({ columns: [t.accountId, t.day] })],
  );
}

function campaignRollup(name: string) {
  return pgTable(
    name,
    {
      campaignId: text('campaign_id').notNull(),
      day: date('day').notNull(),
      accountId: text('account_id').notNull(),
      ...sumColumns(),
    },
    (t) => [
      primaryKey({ columns: [t.campaignId, t.day] }),
      index(`${name}_account_day_idx`).on(t.accountId, t.day),
    ],
  );
}

function adRollup(name: string) {
  return pgTable(
    name,
    {
      adId: text('ad_id').notNull(),
      day: date('day').notNull(),
      accountId: text('account_id').notNull(),
      campaignId: text('campaign_id').notNull(),
      adsetId: text('adset_id').notNull(),
      ...sumColumns(),
    },
    (t) => [
      primaryKey({ columns: [t.adId, t.day] }),
      index(`${name}_account_day_idx`).on(t.accountId, t.day),
    ],
  );
}

export const metaInsightsAccountDaily = accountRollup('meta_insights_account_daily');
export const metaInsightsAccountWeekly = accountRollup('meta_insights_account_weekly');
export const metaInsightsAccountMonthly = accountRollup('meta_insights_account_monthly');
export const metaInsightsCampaignWeekly = campaignRollup('meta_insights_campaign_weekly');
export const metaInsightsCampaignMonthly = campaignRollup('meta_insights_campaign_monthly');
export const metaInsightsAdWeekly = adRollup('meta_insights_ad_weekly');
export const metaInsightsAdMonthly = adRollup('meta_insights_ad_monthly');

/**
 * Ad sums over the trailing windows every account is asked about most ("the last 7 days", the
 * 30 days before them, the week three weeks back that fatigue is judged against), counted back
 * from the account's last stored day. A window is a range of absolute days, so its sums stay
 * exact whatever day it is asked on; the loader drops every window its new rows touch, in the
 * same transaction, and they are rebuilt after the load. An ad over 30 days is then one row
 * instead of thirty.
 */
export const metaInsightsAdWindows = pgTable(
  'meta_insights_ad_windows',
  {
    accountId: text('account_id').notNull(),
    since: date('since').notNull(),
    until: date('until').notNull(),
    adId: text('ad_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    adsetId: text('adset_id').notNull(),
    ...sumColumns(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.since, t.until, t.adId] })],
);

/**
 * Which windows an account's ad sums are held for. An ad with no delivery in a window has no
 * row there, so only this list tells a window with no rows from one that was never built.
 */
export const metaInsightsWindows = pgTable(
  'meta_insights_windows',
  {
    accountId: text('account_id').notNull(),
    since: date('since').notNull(),
    until: date('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.since, t.until] })],
);

/**
 * Meta's breakdown rows at ad set and day grain, one set of rows per breakdown key (`age,gender`,
 * `country`, `publisher_platform,platform_position`, `device_platform`). Each key's rows split the
 * same totals a different way, so a query reads exactly one key's rows. The values are Meta's
 * estimates: a key's rows can add up to a little more or less than the unbroken rows. Segment
 * fields a key does not have are empty strings, so `segment` (the key's values joined by '|') and
 * the primary key stay simple.
 */
export const metaInsightsBreakdownDaily = pgTable(
  'meta_insights_breakdown_daily',
  {
    breakdown: text('breakdown').notNull(),
    adsetId: text('adset_id').notNull(),
    day: date('day').notNull(),
    segment: text('segment').notNull(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    ...segmentColumns(),
    ...sumColumns(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.breakdown, t.adsetId, t.day, t.segment] }),
    index('meta_breakdown_account_key_day_idx').on(t.accountId, t.breakdown, t.day),
  ],
);

/**
 * The breakdown rows summed over ad sets per account, key, day and segment: a segment question
 * over a whole account (most of them) reads one row per segment and day instead of one per ad
 * set. Rebuilt for the days a breakdown load touches, in the same transaction as the rows.
 */
export const metaInsightsBreakdownAccountDaily = pgTable(
  'meta_insights_breakdown_account_daily',
  {
    breakdown: text('breakdown').notNull(),
    accountId: text('account_id').notNull(),
    day: date('day').notNull(),
    segment: text('segment').notNull(),
    ...segmentColumns(),
    ...sumColumns(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.breakdown, t.day, t.segment] })],
);

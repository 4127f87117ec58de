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

export const metaCampaigns = pgTable(
  'meta_campaigns',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    objective: text('objective'),
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

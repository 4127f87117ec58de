import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { canonicalAction, leadActionTypes, purchaseActionTypes, singleAction } from './actions';
import type { GraphAction, GraphAdAccount, GraphDataset, GraphInsightRow } from './graph-types';
import { numericArray, textArray } from './sql-arrays';

/** A Graph row whose numbers do not parse; the message names the row so the source can be fixed. */
export class InvalidInsightRowError extends Error {
  override name = 'InvalidInsightRowError';
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// ~20 arrays per statement; 5,000 rows keeps each statement well under parameter and memory limits.
const BATCH_ROWS = 5000;

/** Meta's numbers arrive as strings; they stay decimal strings so PostgreSQL NUMERIC keeps them exact. */
function decimal(value: string | undefined, field: string, row: GraphInsightRow): string {
  if (value === undefined || value === '') return '0';
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) {
    throw new InvalidInsightRowError(
      `Insights row for ad ${row.ad_id} on ${row.date_start}: ${field} is not a number (${JSON.stringify(value)})`,
    );
  }
  return trimmed;
}

function checkedActions(
  actions: GraphAction[] | undefined,
  field: string,
  row: GraphInsightRow,
): GraphAction[] {
  for (const action of actions ?? []) decimal(action.value, `${field}.${action.action_type}`, row);
  return actions ?? [];
}

interface ParsedRow {
  adId: string;
  day: string;
  accountId: string;
  campaignId: string;
  adsetId: string;
  values: Record<(typeof numericColumns)[number], string>;
  actions: GraphAction[];
  actionValues: GraphAction[];
}

const numericColumns = [
  'impressions',
  'reach',
  'clicks',
  'link_clicks',
  'spend',
  'purchases',
  'leads',
  'revenue',
  'post_engagements',
  'post_reactions',
  'post_comments',
] as const;

export function parseInsightRow(row: GraphInsightRow): ParsedRow {
  if (!DAY.test(row.date_start) || row.date_start !== row.date_stop) {
    throw new InvalidInsightRowError(
      `Insights row for ad ${row.ad_id}: expected one day (time_increment=1), got ${row.date_start}..${row.date_stop}`,
    );
  }
  const actions = checkedActions(row.actions, 'actions', row);
  const actionValues = checkedActions(row.action_values, 'action_values', row);
  return {
    adId: row.ad_id,
    day: row.date_start,
    accountId: row.account_id,
    campaignId: row.campaign_id,
    adsetId: row.adset_id,
    values: {
      impressions: decimal(row.impressions, 'impressions', row),
      reach: decimal(row.reach, 'reach', row),
      clicks: decimal(row.clicks, 'clicks', row),
      link_clicks: decimal(row.inline_link_clicks, 'inline_link_clicks', row),
      spend: decimal(row.spend, 'spend', row),
      purchases: canonicalAction(actions, purchaseActionTypes),
      leads: canonicalAction(actions, leadActionTypes),
      revenue: canonicalAction(actionValues, purchaseActionTypes),
      post_engagements: singleAction(actions, 'post_engagement'),
      post_reactions: singleAction(actions, 'post_reaction'),
      post_comments: singleAction(actions, 'comment'),
    },
    actions,
    actionValues,
  };
}

export interface LoadResult {
  accounts: number;
  rows: number;
}

/** Loads a whole dataset (every account and its rows). Idempotent: loading twice leaves the same rows. */
export async function loadDataset(db: Db, dataset: GraphDataset): Promise<LoadResult> {
  let rows = 0;
  for (const account of dataset.adAccounts) {
    rows += await loadAccountInsights(db, account, dataset.insights[account.id] ?? []);
  }
  return { accounts: dataset.adAccounts.length, rows };
}

/** Upserts one account, the campaigns, ad sets and ads its rows name, and the rows themselves. */
export async function loadAccountInsights(
  db: Db,
  account: GraphAdAccount,
  rows: GraphInsightRow[],
  options: { analyze?: boolean } = {},
): Promise<number> {
  const parsed = rows.map(parseInsightRow);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into meta_ad_accounts (id, name, currency, timezone)
      values (${account.account_id}, ${account.name}, ${account.currency}, ${account.timezone_name})
      on conflict (id) do update set name = excluded.name, currency = excluded.currency,
        timezone = excluded.timezone, updated_at = now()`);
    await upsertEntities(tx as unknown as Db, rows);
    for (let start = 0; start < parsed.length; start += BATCH_ROWS) {
      await upsertInsights(tx as unknown as Db, parsed.slice(start, start + BATCH_ROWS));
    }
    await refreshCampaignRollup(tx as unknown as Db, account.account_id, parsed);
  });
  // A sync loading page after page analyzes once at the end instead (see analyzeWarehouse).
  if (options.analyze !== false) await analyzeWarehouse(db);
  return parsed.length;
}

/** Fresh planner statistics: without them PGlite plans a year of rows as if it were five. */
export async function analyzeWarehouse(db: Db): Promise<void> {
  await db.execute(sql`analyze meta_insights_daily`);
  await db.execute(sql`analyze meta_insights_campaign_daily`);
}

const rollupColumns = sql.raw(
  'impressions, reach, clicks, link_clicks, spend, purchases, leads, revenue, post_engagements, post_reactions, post_comments',
);
const rollupSums = sql.raw(
  'sum(impressions), sum(reach), sum(clicks), sum(link_clicks), sum(spend), sum(purchases), sum(leads), sum(revenue), sum(post_engagements), sum(post_reactions), sum(post_comments)',
);

/** Rebuilds the campaign-day sums for the days just loaded, from the ad-level rows. */
async function refreshCampaignRollup(db: Db, accountId: string, rows: ParsedRow[]): Promise<void> {
  if (rows.length === 0) return;
  let first = rows[0]?.day as string;
  let last = first;
  for (const row of rows) {
    if (row.day < first) first = row.day;
    if (row.day > last) last = row.day;
  }
  await db.execute(sql`delete from meta_insights_campaign_daily
    where account_id = ${accountId} and day between ${first}::date and ${last}::date`);
  await db.execute(sql`insert into meta_insights_campaign_daily (campaign_id, day, account_id, ${rollupColumns})
    select campaign_id, day, account_id, ${rollupSums} from meta_insights_daily
    where account_id = ${accountId} and day between ${first}::date and ${last}::date
    group by campaign_id, day, account_id`);
}

/** The latest name wins: rows are in date order, so later rows overwrite earlier ones. */
async function upsertEntities(db: Db, rows: GraphInsightRow[]): Promise<void> {
  const campaigns = new Map<string, GraphInsightRow>();
  const adsets = new Map<string, GraphInsightRow>();
  const ads = new Map<string, GraphInsightRow>();
  for (const row of rows) {
    campaigns.set(row.campaign_id, row);
    adsets.set(row.adset_id, row);
    ads.set(row.ad_id, row);
  }
  const c = [...campaigns.values()];
  const s = [...adsets.values()];
  const a = [...ads.values()];
  await db.execute(sql`
    insert into meta_campaigns (id, account_id, name, objective)
    select * from unnest(${textArray(c.map((r) => r.campaign_id))}, ${textArray(c.map((r) => r.account_id))},
      ${textArray(c.map((r) => r.campaign_name))}, ${textArray(c.map((r) => r.objective ?? null))})
    on conflict (id) do update set name = excluded.name, objective = excluded.objective,
      account_id = excluded.account_id`);
  await db.execute(sql`
    insert into meta_adsets (id, account_id, campaign_id, name)
    select * from unnest(${textArray(s.map((r) => r.adset_id))}, ${textArray(s.map((r) => r.account_id))},
      ${textArray(s.map((r) => r.campaign_id))}, ${textArray(s.map((r) => r.adset_name))})
    on conflict (id) do update set name = excluded.name, campaign_id = excluded.campaign_id`);
  await db.execute(sql`
    insert into meta_ads (id, account_id, campaign_id, adset_id, name)
    select * from unnest(${textArray(a.map((r) => r.ad_id))}, ${textArray(a.map((r) => r.account_id))},
      ${textArray(a.map((r) => r.campaign_id))}, ${textArray(a.map((r) => r.adset_id))},
      ${textArray(a.map((r) => r.ad_name))})
    on conflict (id) do update set name = excluded.name, adset_id = excluded.adset_id,
      campaign_id = excluded.campaign_id`);
}

async function upsertInsights(db: Db, rows: ParsedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (name: (typeof numericColumns)[number]) => numericArray(rows.map((r) => r.values[name]));
  await db.execute(sql`
    insert into meta_insights_daily (ad_id, day, account_id, campaign_id, adset_id, impressions, reach, clicks,
      link_clicks, spend, purchases, leads, revenue, post_engagements, post_reactions, post_comments,
      actions, action_values)
    select u.ad_id, u.day, u.account_id, u.campaign_id, u.adset_id, u.impressions, u.reach, u.clicks,
      u.link_clicks, u.spend, u.purchases, u.leads, u.revenue, u.post_engagements, u.post_reactions,
      u.post_comments, a.value, v.value
    from unnest(
      ${textArray(rows.map((r) => r.adId))}, ${sql`${textArray(rows.map((r) => r.day))}::date[]`},
      ${textArray(rows.map((r) => r.accountId))}, ${textArray(rows.map((r) => r.campaignId))},
      ${textArray(rows.map((r) => r.adsetId))},
      ${column('impressions')}, ${column('reach')}, ${column('clicks')}, ${column('link_clicks')}, ${column('spend')},
      ${column('purchases')}, ${column('leads')}, ${column('revenue')}, ${column('post_engagements')},
      ${column('post_reactions')}, ${column('post_comments')}
    ) with ordinality as u(ad_id, day, account_id, campaign_id, adset_id, impressions, reach, clicks, link_clicks,
      spend, purchases, leads, revenue, post_engagements, post_reactions, post_comments, n)
    -- The raw lists travel as one JSON document per batch: escaping them into array literals
    -- cost seconds per 100k rows.
    join json_array_elements(${JSON.stringify(rows.map((r) => r.actions))}::json) with ordinality as a(value, n)
      on a.n = u.n
    join json_array_elements(${JSON.stringify(rows.map((r) => r.actionValues))}::json) with ordinality as v(value, n)
      on v.n = u.n
    on conflict (ad_id, day) do update set
      account_id = excluded.account_id, campaign_id = excluded.campaign_id, adset_id = excluded.adset_id,
      impressions = excluded.impressions, reach = excluded.reach, clicks = excluded.clicks,
      link_clicks = excluded.link_clicks, spend = excluded.spend, purchases = excluded.purchases,
      leads = excluded.leads, revenue = excluded.revenue, post_engagements = excluded.post_engagements,
      post_reactions = excluded.post_reactions, post_comments = excluded.post_comments,
      actions = excluded.actions, action_values = excluded.action_values, loaded_at = now()`);
}

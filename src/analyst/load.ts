import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { canonicalAction, leadActionTypes, purchaseActionTypes, singleAction } from './actions';
import type { GraphAction, GraphAdAccount, GraphDataset, GraphInsightRow } from './graph-types';
import { arrayLiteral } from './sql-arrays';

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
async function loadAccountInsights(
  db: Db,
  account: GraphAdAccount,
  rows: GraphInsightRow[],
): Promise<number> {
  const count = await writePreparedInsights(db, account, prepareInsights(rows));
  await analyzeWarehouse(db);
  return count;
}

/**
 * Insights rows checked, canonicalised and turned into statement parameters: plain strings only,
 * so this CPU-heavy step can run in a worker thread and be handed over by structured clone.
 */
export interface PreparedInsights {
  rows: number;
  firstDay: string | undefined;
  lastDay: string | undefined;
  campaigns: { ids: string; accountIds: string; names: string; objectives: string };
  adsets: { ids: string; accountIds: string; campaignIds: string; names: string };
  ads: { ids: string; accountIds: string; campaignIds: string; adsetIds: string; names: string };
  batches: PreparedBatch[];
}

interface PreparedBatch {
  adIds: string;
  days: string;
  accountIds: string;
  campaignIds: string;
  adsetIds: string;
  values: Record<(typeof numericColumns)[number], string>;
}

/**
 * `known` remembers the names already written by earlier pages of the same sync (key: kind and id),
 * so a page only repeats a campaign, ad set or ad whose name changed.
 */
export function prepareInsights(rows: GraphInsightRow[], known?: Map<string, string>): PreparedInsights {
  const parsed = rows.map(parseInsightRow);
  let firstDay: string | undefined;
  let lastDay: string | undefined;
  for (const row of parsed) {
    if (firstDay === undefined || row.day < firstDay) firstDay = row.day;
    if (lastDay === undefined || row.day > lastDay) lastDay = row.day;
  }
  const batches: PreparedBatch[] = [];
  for (let start = 0; start < parsed.length; start += BATCH_ROWS) {
    const batch = parsed.slice(start, start + BATCH_ROWS);
    batches.push({
      adIds: arrayLiteral(batch.map((r) => r.adId)),
      days: arrayLiteral(batch.map((r) => r.day)),
      accountIds: arrayLiteral(batch.map((r) => r.accountId)),
      campaignIds: arrayLiteral(batch.map((r) => r.campaignId)),
      adsetIds: arrayLiteral(batch.map((r) => r.adsetId)),
      values: Object.fromEntries(
        numericColumns.map((name) => [name, arrayLiteral(batch.map((r) => r.values[name]))]),
      ) as PreparedBatch['values'],
    });
  }
  return { rows: parsed.length, firstDay, lastDay, ...prepareEntities(rows, known), batches };
}

/** Writes prepared rows in one transaction and rebuilds the campaign roll-up for their days. */
export async function writePreparedInsights(
  db: Db,
  account: GraphAdAccount,
  prepared: PreparedInsights,
): Promise<number> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await tx.execute(sql`
      insert into meta_ad_accounts (id, name, currency, timezone)
      values (${account.account_id}, ${account.name}, ${account.currency}, ${account.timezone_name})
      on conflict (id) do update set name = excluded.name, currency = excluded.currency,
        timezone = excluded.timezone, updated_at = now()`);
    await upsertEntities(t, prepared);
    for (const batch of prepared.batches) await upsertInsights(t, batch);
    if (prepared.firstDay && prepared.lastDay) {
      await refreshCampaignRollup(t, account.account_id, prepared.firstDay, prepared.lastDay);
    }
  });
  return prepared.rows;
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
async function refreshCampaignRollup(db: Db, accountId: string, first: string, last: string): Promise<void> {
  await db.execute(sql`delete from meta_insights_campaign_daily
    where account_id = ${accountId} and day between ${first}::date and ${last}::date`);
  await db.execute(sql`insert into meta_insights_campaign_daily (campaign_id, day, account_id, ${rollupColumns})
    select campaign_id, day, account_id, ${rollupSums} from meta_insights_daily
    where account_id = ${accountId} and day between ${first}::date and ${last}::date
    group by campaign_id, day, account_id`);
}

/** The latest name wins: rows are in date order, so later rows overwrite earlier ones. */
function prepareEntities(rows: GraphInsightRow[], known?: Map<string, string>) {
  const campaigns = new Map<string, GraphInsightRow>();
  const adsets = new Map<string, GraphInsightRow>();
  const ads = new Map<string, GraphInsightRow>();
  for (const row of rows) {
    campaigns.set(row.campaign_id, row);
    adsets.set(row.adset_id, row);
    ads.set(row.ad_id, row);
  }
  const changed = (kind: string, id: string, name: string) => {
    if (!known) return true;
    const key = `${kind}:${id}`;
    if (known.get(key) === name) return false;
    known.set(key, name);
    return true;
  };
  const c = [...campaigns.values()].filter((r) => changed('c', r.campaign_id, r.campaign_name));
  const s = [...adsets.values()].filter((r) => changed('s', r.adset_id, r.adset_name));
  const a = [...ads.values()].filter((r) => changed('a', r.ad_id, r.ad_name));
  return {
    campaigns: {
      ids: arrayLiteral(c.map((r) => r.campaign_id)),
      accountIds: arrayLiteral(c.map((r) => r.account_id)),
      names: arrayLiteral(c.map((r) => r.campaign_name)),
      objectives: arrayLiteral(c.map((r) => r.objective ?? null)),
    },
    adsets: {
      ids: arrayLiteral(s.map((r) => r.adset_id)),
      accountIds: arrayLiteral(s.map((r) => r.account_id)),
      campaignIds: arrayLiteral(s.map((r) => r.campaign_id)),
      names: arrayLiteral(s.map((r) => r.adset_name)),
    },
    ads: {
      ids: arrayLiteral(a.map((r) => r.ad_id)),
      accountIds: arrayLiteral(a.map((r) => r.account_id)),
      campaignIds: arrayLiteral(a.map((r) => r.campaign_id)),
      adsetIds: arrayLiteral(a.map((r) => r.adset_id)),
      names: arrayLiteral(a.map((r) => r.ad_name)),
    },
  };
}

const text = (literal: string) => sql`${literal}::text[]`;
const numeric = (literal: string) => sql`${literal}::numeric[]`;

async function upsertEntities(db: Db, { campaigns: c, adsets: s, ads: a }: PreparedInsights): Promise<void> {
  if (a.ids === '{}' && s.ids === '{}' && c.ids === '{}') return;
  await db.execute(sql`
    insert into meta_campaigns (id, account_id, name, objective)
    select * from unnest(${text(c.ids)}, ${text(c.accountIds)}, ${text(c.names)}, ${text(c.objectives)})
    on conflict (id) do update set name = excluded.name, objective = excluded.objective,
      account_id = excluded.account_id`);
  await db.execute(sql`
    insert into meta_adsets (id, account_id, campaign_id, name)
    select * from unnest(${text(s.ids)}, ${text(s.accountIds)}, ${text(s.campaignIds)}, ${text(s.names)})
    on conflict (id) do update set name = excluded.name, campaign_id = excluded.campaign_id`);
  await db.execute(sql`
    insert into meta_ads (id, account_id, campaign_id, adset_id, name)
    select * from unnest(${text(a.ids)}, ${text(a.accountIds)}, ${text(a.campaignIds)}, ${text(a.adsetIds)},
      ${text(a.names)})
    on conflict (id) do update set name = excluded.name, adset_id = excluded.adset_id,
      campaign_id = excluded.campaign_id`);
}

async function upsertInsights(db: Db, batch: PreparedBatch): Promise<void> {
  const column = (name: (typeof numericColumns)[number]) => numeric(batch.values[name]);
  await db.execute(sql`
    insert into meta_insights_daily (ad_id, day, account_id, campaign_id, adset_id, impressions, reach, clicks,
      link_clicks, spend, purchases, leads, revenue, post_engagements, post_reactions, post_comments)
    select * from unnest(
      ${text(batch.adIds)}, ${sql`${batch.days}::date[]`}, ${text(batch.accountIds)}, ${text(batch.campaignIds)},
      ${text(batch.adsetIds)},
      ${column('impressions')}, ${column('reach')}, ${column('clicks')}, ${column('link_clicks')}, ${column('spend')},
      ${column('purchases')}, ${column('leads')}, ${column('revenue')}, ${column('post_engagements')},
      ${column('post_reactions')}, ${column('post_comments')}
    )
    on conflict (ad_id, day) do update set
      account_id = excluded.account_id, campaign_id = excluded.campaign_id, adset_id = excluded.adset_id,
      impressions = excluded.impressions, reach = excluded.reach, clicks = excluded.clicks,
      link_clicks = excluded.link_clicks, spend = excluded.spend, purchases = excluded.purchases,
      leads = excluded.leads, revenue = excluded.revenue, post_engagements = excluded.post_engagements,
      post_reactions = excluded.post_reactions, post_comments = excluded.post_comments, loaded_at = now()`);
}

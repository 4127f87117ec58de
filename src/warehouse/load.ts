import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { canonicalAction, leadActionTypes, purchaseActionTypes, singleAction } from './actions';
import type { GraphAction, GraphAdAccount, GraphDataset, GraphInsightRow } from './graph-types';
import {
  type InsightSum,
  insightSums,
  metaAdAccounts,
  metaAds,
  metaAdsets,
  metaCampaigns,
  metaInsightsCampaignDaily,
  metaInsightsDaily,
} from './schema';
import { arrayLiteral } from './sql-arrays';
import { bare, excluded, insertSelect, insertUnnest, onConflictUpdate } from './upsert-sql';

/** Any drizzle PostgreSQL database or transaction: loading needs none of the app's other tables. */
export type WarehouseWriter = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

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
  values: Record<InsightSum, string>;
}

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
      linkClicks: decimal(row.inline_link_clicks, 'inline_link_clicks', row),
      spend: decimal(row.spend, 'spend', row),
      purchases: canonicalAction(actions, purchaseActionTypes),
      leads: canonicalAction(actions, leadActionTypes),
      revenue: canonicalAction(actionValues, purchaseActionTypes),
      postEngagements: singleAction(actions, 'post_engagement'),
      postReactions: singleAction(actions, 'post_reaction'),
      postComments: singleAction(actions, 'comment'),
    },
  };
}

export interface LoadResult {
  accounts: number;
  rows: number;
}

/** Loads a whole dataset (every account and its rows). Idempotent: loading twice leaves the same rows. */
export async function loadDataset(db: WarehouseWriter, dataset: GraphDataset): Promise<LoadResult> {
  let rows = 0;
  for (const account of dataset.adAccounts) {
    rows += await loadAccountInsights(db, account, dataset.insights[account.id] ?? []);
  }
  return { accounts: dataset.adAccounts.length, rows };
}

/** Upserts one account, the campaigns, ad sets and ads its rows name, and the rows themselves. */
async function loadAccountInsights(
  db: WarehouseWriter,
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
  values: Record<InsightSum, string>;
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
        insightSums.map((name) => [name, arrayLiteral(batch.map((r) => r.values[name]))]),
      ) as PreparedBatch['values'],
    });
  }
  return { rows: parsed.length, firstDay, lastDay, ...prepareEntities(rows, known), batches };
}

/** Writes prepared rows in one transaction and rebuilds the campaign roll-up for their days. */
export async function writePreparedInsights(
  db: WarehouseWriter,
  account: GraphAdAccount,
  prepared: PreparedInsights,
): Promise<number> {
  await db.transaction(async (tx) => {
    await tx
      .insert(metaAdAccounts)
      .values({
        id: account.account_id,
        name: account.name,
        currency: account.currency,
        timezone: account.timezone_name,
      })
      .onConflictDoUpdate({
        target: metaAdAccounts.id,
        set: {
          name: excluded(metaAdAccounts.name),
          currency: excluded(metaAdAccounts.currency),
          timezone: excluded(metaAdAccounts.timezone),
          updatedAt: sql`now()`,
        },
      });
    await upsertEntities(tx, prepared);
    for (const batch of prepared.batches) await upsertInsights(tx, batch);
    if (prepared.firstDay && prepared.lastDay) {
      await refreshCampaignRollup(tx, account.account_id, prepared.firstDay, prepared.lastDay);
    }
  });
  return prepared.rows;
}

/** Fresh planner statistics: without them PGlite plans a year of rows as if it were five. */
export async function analyzeWarehouse(db: WarehouseWriter): Promise<void> {
  await db.execute(sql`analyze ${metaInsightsDaily}`);
  await db.execute(sql`analyze ${metaInsightsCampaignDaily}`);
}

/** Rebuilds the campaign-day sums for the days just loaded, from the ad-level rows. */
async function refreshCampaignRollup(
  db: WarehouseWriter,
  accountId: string,
  first: string,
  last: string,
): Promise<void> {
  const rollup = metaInsightsCampaignDaily;
  const daily = metaInsightsDaily;
  await db
    .delete(rollup)
    .where(
      and(eq(rollup.accountId, accountId), between(rollup.day, sql`${first}::date`, sql`${last}::date`)),
    );
  await db.execute(
    insertSelect(
      rollup,
      [
        [rollup.campaignId, daily.campaignId],
        [rollup.day, daily.day],
        [rollup.accountId, daily.accountId],
        ...insightSums.map((key): [PgColumn, SQL] => [rollup[key], sql`sum(${daily[key]})`]),
      ],
      sql`from ${daily}
        where ${daily.accountId} = ${accountId} and ${daily.day} between ${first}::date and ${last}::date
        group by ${daily.campaignId}, ${daily.day}, ${daily.accountId}`,
    ),
  );
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

async function upsertEntities(
  db: WarehouseWriter,
  { campaigns: c, adsets: s, ads: a }: PreparedInsights,
): Promise<void> {
  if (a.ids === '{}' && s.ids === '{}' && c.ids === '{}') return;
  await db.execute(
    sql`${insertUnnest(metaCampaigns, [
      [metaCampaigns.id, text(c.ids)],
      [metaCampaigns.accountId, text(c.accountIds)],
      [metaCampaigns.name, text(c.names)],
      [metaCampaigns.objective, text(c.objectives)],
    ])} ${onConflictUpdate([metaCampaigns.id], [metaCampaigns.name, metaCampaigns.objective, metaCampaigns.accountId])}`,
  );
  await db.execute(
    sql`${insertUnnest(metaAdsets, [
      [metaAdsets.id, text(s.ids)],
      [metaAdsets.accountId, text(s.accountIds)],
      [metaAdsets.campaignId, text(s.campaignIds)],
      [metaAdsets.name, text(s.names)],
    ])} ${onConflictUpdate([metaAdsets.id], [metaAdsets.name, metaAdsets.campaignId])}`,
  );
  await db.execute(
    sql`${insertUnnest(metaAds, [
      [metaAds.id, text(a.ids)],
      [metaAds.accountId, text(a.accountIds)],
      [metaAds.campaignId, text(a.campaignIds)],
      [metaAds.adsetId, text(a.adsetIds)],
      [metaAds.name, text(a.names)],
    ])} ${onConflictUpdate([metaAds.id], [metaAds.name, metaAds.adsetId, metaAds.campaignId])}`,
  );
}

async function upsertInsights(db: WarehouseWriter, batch: PreparedBatch): Promise<void> {
  const t = metaInsightsDaily;
  const sums = insightSums.map((key): [PgColumn, SQL] => [t[key], numeric(batch.values[key])]);
  await db.execute(
    sql`${insertUnnest(t, [
      [t.adId, text(batch.adIds)],
      [t.day, sql`${batch.days}::date[]`],
      [t.accountId, text(batch.accountIds)],
      [t.campaignId, text(batch.campaignIds)],
      [t.adsetId, text(batch.adsetIds)],
      ...sums,
    ])} ${onConflictUpdate(
      [t.adId, t.day],
      [t.accountId, t.campaignId, t.adsetId, ...sums.map(([column]) => column)],
      [sql`${bare(t.loadedAt)} = now()`],
    )}`,
  );
}

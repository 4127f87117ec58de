import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import {
  type BreakdownKey,
  breakdownKeys,
  type GraphAdAccount,
  type GraphDataset,
  type GraphInsightRow,
} from './graph-types';
import { writePreparedBreakdowns } from './load-breakdowns';
import { writeObjects } from './load-objects';
import { type PreparedBatch, type PreparedInsights, prepareInsights } from './prepare';
import { prepareBreakdowns } from './prepare-breakdowns';
import { refreshRollups } from './rollups';
import {
  insightSums,
  metaAdAccounts,
  metaAds,
  metaAdsets,
  metaCampaigns,
  metaInsightsBreakdownDaily,
  metaInsightsCampaignDaily,
  metaInsightsDaily,
} from './schema';
import { bare, excluded, insertUnnest, onConflictUpdate } from './upsert-sql';

/** Any drizzle PostgreSQL database or transaction: loading needs none of the app's other tables. */
export type WarehouseWriter = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export interface LoadResult {
  accounts: number;
  rows: number;
  breakdownRows: number;
}

/**
 * Loads a whole dataset: every account, its ad rows, and its breakdown rows and object settings
 * where the dataset has them. Idempotent: loading twice leaves the same rows.
 */
export async function loadDataset(db: WarehouseWriter, dataset: GraphDataset): Promise<LoadResult> {
  let rows = 0;
  let breakdownRows = 0;
  for (const account of dataset.adAccounts) {
    rows += await loadAccountInsights(db, account, dataset.insights[account.id] ?? []);
    const byKey = dataset.breakdowns?.[account.id] ?? {};
    for (const key of breakdownKeys) {
      const keyRows = byKey[key as BreakdownKey];
      if (keyRows?.length)
        breakdownRows += await writePreparedBreakdowns(
          db,
          account.account_id,
          key,
          prepareBreakdowns(keyRows, key),
        );
    }
    const objects = dataset.objects?.[account.id];
    if (objects) await writeObjects(db, account.account_id, account.currency, objects);
  }
  if (breakdownRows > 0) await db.execute(sql`analyze ${metaInsightsBreakdownDaily}`);
  return { accounts: dataset.adAccounts.length, rows, breakdownRows };
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

/** Writes prepared rows in one transaction and rebuilds the roll-ups for their days. */
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
      await refreshRollups(tx, account.account_id, prepared.firstDay, prepared.lastDay);
    }
  });
  return prepared.rows;
}

/** Fresh planner statistics: without them PGlite plans a year of rows as if it were five. */
export async function analyzeWarehouse(db: WarehouseWriter): Promise<void> {
  await db.execute(sql`analyze ${metaInsightsDaily}`);
  await db.execute(sql`analyze ${metaInsightsCampaignDaily}`);
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

import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { refreshAdWindows } from './ad-windows';
import { analyzeBreakdowns, analyzeWarehouse } from './analyze';
import { copyUpsert } from './copy-upsert';
import {
  type BreakdownKey,
  breakdownKeys,
  type GraphAdAccount,
  type GraphDataset,
  type GraphInsightRow,
} from './graph-types';
import { writePreparedBreakdowns } from './load-breakdowns';
import { writeObjects } from './load-objects';
import { insightCopyFields, type PreparedInsights, pagesDayBounds, prepareInsights } from './prepare';
import { prepareBreakdowns } from './prepare-breakdowns';
import { refreshRollups } from './rollups';
import { metaAdAccounts, metaAds, metaAdsets, metaCampaigns, metaInsightsDaily } from './schema';
import { bare, excluded, insertUnnest, onConflictUpdate } from './upsert-sql';
import { checkpointIfWalGrown } from './wal-checkpoint';

// The sync imports it from here, beside the writers.
export { analyzeWarehouse };

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
  await refreshAdWindows(db);
  // Once for the whole dataset: per account, the ANALYZE of an ever larger table would cost more
  // with each account loaded.
  await analyzeWarehouse(db);
  if (breakdownRows > 0) await analyzeBreakdowns(db);
  await checkpointIfWalGrown(db, true);
  return { accounts: dataset.adAccounts.length, rows, breakdownRows };
}

/** Upserts one account, the campaigns, ad sets and ads its rows name, and the rows themselves. */
async function loadAccountInsights(
  db: WarehouseWriter,
  account: GraphAdAccount,
  rows: GraphInsightRow[],
): Promise<number> {
  return writePreparedInsights(db, account, prepareInsights(rows));
}

/** Writes prepared rows in one transaction and rebuilds the roll-ups for their days. */
export async function writePreparedInsights(
  db: WarehouseWriter,
  account: GraphAdAccount,
  prepared: PreparedInsights,
): Promise<number> {
  return writePreparedPages(db, account, [prepared]);
}

/**
 * Writes several prepared pages (a sync's chunk) in one transaction: their rows in one COPY and
 * the roll-ups rebuilt once over all their days. A week or month roll-up is rebuilt from every
 * row of its period, so rebuilding it once per chunk instead of once per page saves most of the
 * roll-up work.
 */
export async function writePreparedPages(
  db: WarehouseWriter,
  account: GraphAdAccount,
  pages: readonly PreparedInsights[],
): Promise<number> {
  const { firstDay, lastDay } = pagesDayBounds(pages);
  const rows = pages.reduce((sum, page) => sum + page.rows, 0);
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
    for (const page of pages) await upsertEntities(tx, page);
    if (rows > 0 && firstDay && lastDay) {
      const copy = pages.map((page) => page.copy).join('');
      await upsertInsights(tx, account.account_id, { copy, firstDay, lastDay });
      await refreshRollups(tx, account.account_id, firstDay, lastDay);
    }
  });
  await checkpointIfWalGrown(db);
  return rows;
}

const text = (literal: string) => sql`${literal}::text[]`;

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

const insightColumns = insightCopyFields.map((field) => metaInsightsDaily[field]);

async function upsertInsights(
  tx: WarehouseWriter,
  accountId: string,
  prepared: { copy: string; firstDay: string; lastDay: string },
): Promise<void> {
  const t = metaInsightsDaily;
  await copyUpsert(tx, {
    table: t,
    stage: 'meta_insights_daily_stage',
    columns: insightColumns,
    key: [t.adId, t.day],
    also: [sql`${bare(t.loadedAt)} = now()`],
    payload: prepared.copy,
    // An ad never moves to another account: with none of this account's rows on these days
    // stored yet, none of these rows' keys can be.
    newWhenNoneMatch: sql`${t.accountId} = ${accountId} and ${t.day} between ${prepared.firstDay}::date and ${prepared.lastDay}::date`,
  });
}

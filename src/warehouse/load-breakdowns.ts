import { sql } from 'drizzle-orm';
import { refreshBreakdownRollup } from './breakdown-rollup';
import { copyUpsert } from './copy-upsert';
import type { BreakdownKey } from './graph-types';
import type { WarehouseWriter } from './load';
import { pagesDayBounds } from './prepare';
import { breakdownCopyFields, type PreparedBreakdowns } from './prepare-breakdowns';
import { metaInsightsBreakdownDaily } from './schema';
import { bare } from './upsert-sql';
import { checkpointIfWalGrown } from './wal-checkpoint';

const t = metaInsightsBreakdownDaily;
const columns = breakdownCopyFields.map((field) => t[field]);

/**
 * Upserts one breakdown key's prepared rows and rebuilds their roll-up in one transaction. A row
 * is keyed by the key, its ad set, day and segment, so loading the same rows twice leaves them as
 * they were.
 */
export async function writePreparedBreakdowns(
  db: WarehouseWriter,
  accountId: string,
  key: BreakdownKey,
  prepared: PreparedBreakdowns,
): Promise<number> {
  return writePreparedBreakdownPages(db, accountId, key, [prepared]);
}

/**
 * Several pages of one key (a sync's chunk) in one transaction, one COPY and one roll-up rebuild.
 * Pages of one read split a day between them, so page by page every page after the first finds
 * its first day already stored and takes the slower upsert; a chunk's pages together go straight in.
 */
export async function writePreparedBreakdownPages(
  db: WarehouseWriter,
  accountId: string,
  key: BreakdownKey,
  pages: readonly PreparedBreakdowns[],
): Promise<number> {
  for (const page of pages) {
    if (page.key !== key) throw new Error(`prepared ${page.key} rows handed in as ${key}`);
    // Rows of another account would land outside the scope the caller asked to refresh.
    const stray = page.accountIds.find((id) => id !== accountId);
    if (stray) throw new Error(`breakdown rows for account ${stray} handed in for account ${accountId}`);
  }
  const { firstDay, lastDay } = pagesDayBounds(pages);
  const rows = pages.reduce((sum, page) => sum + page.rows, 0);
  if (rows === 0 || !firstDay || !lastDay) return 0;
  await db.transaction(async (tx) => {
    await copyUpsert(tx, {
      table: t,
      stage: 'meta_insights_breakdown_daily_stage',
      columns,
      key: [t.breakdown, t.adsetId, t.day, t.segment],
      also: [sql`${bare(t.loadedAt)} = now()`],
      payload: pages.map((page) => page.copy).join(''),
      // An ad set never moves to another account (see writePreparedInsights).
      newWhenNoneMatch: sql`${t.accountId} = ${accountId} and ${t.breakdown} = ${key}
        and ${t.day} between ${firstDay}::date and ${lastDay}::date`,
    });
    await refreshBreakdownRollup(tx, accountId, key, firstDay, lastDay);
  });
  await checkpointIfWalGrown(db);
  return rows;
}

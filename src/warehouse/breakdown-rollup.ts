import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BreakdownKey } from './graph-types';
import type { WarehouseWriter } from './load';
import { segmentColumns, segmentFields } from './prepare-breakdowns';
import {
  insightSums,
  metaAdAccounts,
  metaInsightsBreakdownAccountDaily,
  metaInsightsBreakdownDaily,
} from './schema';
import { insertSelect } from './upsert-sql';

const rollup = metaInsightsBreakdownAccountDaily;
const rows = metaInsightsBreakdownDaily;

/** Each segment column of the roll-up beside the breakdown rows' column it is grouped from. */
const segmentPairs: [PgColumn, PgColumn][] = [
  'segment' as const,
  ...segmentFields.map((field) => segmentColumns[field]),
].map((key) => [rollup[key], rows[key]]);

/**
 * Rebuilds one account's per-segment day sums for one breakdown key over first..last, from the
 * ad set rows. Run in the transaction that wrote those rows, so a question never reads a roll-up
 * that disagrees with them; delete-then-insert, so an ad set that vanished from a re-sync leaves
 * nothing behind.
 */
export async function refreshBreakdownRollup(
  db: WarehouseWriter,
  accountId: string,
  key: BreakdownKey,
  first: string,
  last: string,
): Promise<void> {
  await db
    .delete(rollup)
    .where(
      and(
        eq(rollup.accountId, accountId),
        eq(rollup.breakdown, key),
        between(rollup.day, sql`${first}::date`, sql`${last}::date`),
      ),
    );
  const groupColumns = [rows.day, ...segmentPairs.map(([, column]) => column)];
  await db.execute(
    insertSelect(
      rollup,
      [
        [rollup.breakdown, sql`${key}::text`],
        [rollup.accountId, sql`${accountId}::text`],
        [rollup.day, rows.day],
        ...segmentPairs,
        ...insightSums.map((name): [PgColumn, SQL] => [rollup[name], sql`sum(${rows[name]})`]),
      ],
      sql`from ${rows}
        where ${rows.accountId} = ${accountId} and ${rows.breakdown} = ${key}
          and ${rows.day} between ${first}::date and ${last}::date
        group by ${sql.join(groupColumns, sql`, `)}`,
    ),
  );
}

/**
 * Fills the roll-up for accounts whose breakdown rows were loaded before it existed (a warehouse
 * from before migration 0014), one account and key at a time; other accounts cost an index probe.
 */
export async function backfillBreakdownRollups(db: WarehouseWriter): Promise<string[]> {
  const missing = await db
    .select({ accountId: metaAdAccounts.id })
    .from(metaAdAccounts)
    .where(
      sql`exists (select 1 from ${rows} where ${rows.accountId} = ${metaAdAccounts.id})
        and not exists (select 1 from ${rollup} where ${rollup.accountId} = ${metaAdAccounts.id})`,
    );
  for (const { accountId } of missing) {
    const ranges = await db
      .select({
        breakdown: rows.breakdown,
        first: sql<string>`min(${rows.day})::text`,
        last: sql<string>`max(${rows.day})::text`,
      })
      .from(rows)
      .where(eq(rows.accountId, accountId))
      .groupBy(rows.breakdown);
    await db.transaction(async (tx) => {
      for (const range of ranges)
        await refreshBreakdownRollup(tx, accountId, range.breakdown as BreakdownKey, range.first, range.last);
    });
  }
  return missing.map((row) => row.accountId);
}

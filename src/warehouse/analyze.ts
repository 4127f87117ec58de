import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { WarehouseWriter } from './load';
import { insightTables } from './rollups';
import {
  insightSums,
  metaInsightsAdWindows,
  metaInsightsBreakdownAccountDaily,
  metaInsightsBreakdownDaily,
} from './schema';
import { bare } from './upsert-sql';

/** A table is analyzed again once it has this many times the pages it had at its last ANALYZE. */
const GROWTH = 1.2;

/**
 * Fresh planner statistics: without them PGlite plans a year of rows as if it were five. The sync
 * runs this after every account; re-reading a sample of a table that grew by a few percent
 * changes no plan (the planner scales the row count by the table's current size itself), so it
 * only analyzes a table that grew by a fifth since its last ANALYZE.
 */
export async function analyzeWarehouse(db: WarehouseWriter): Promise<void> {
  // The roll-ups too: without statistics the planner takes each for one row and joins badly.
  for (const table of [...insightTables, metaInsightsAdWindows]) await analyzeIfGrown(db, table);
}

export async function analyzeBreakdowns(db: WarehouseWriter): Promise<void> {
  await analyzeIfGrown(db, metaInsightsBreakdownDaily);
  await analyzeIfGrown(db, metaInsightsBreakdownAccountDaily);
}

async function analyzeIfGrown(db: WarehouseWriter, table: PgTable): Promise<void> {
  const result = await db.execute(
    sql`select relpages::float8 as analyzed, (pg_relation_size(oid) / current_setting('block_size')::int)::float8 as now
      from pg_class where oid = ${`"${getTableName(table)}"`}::regclass`,
  );
  const [row] = (result as unknown as { rows: { analyzed: number; now: number }[] }).rows;
  if (row && row.analyzed > 0 && row.now < row.analyzed * GROWTH) return;
  await analyzeKeyColumns(db, table);
}

const sums = new Set<string>(insightSums);

/**
 * ANALYZE of the columns questions filter and group by (ids, days, breakdown segments): the row
 * count and their statistics are what plans depend on. The sums are only ever added up, and
 * statistics for twenty-odd numeric columns made most of an ANALYZE's cost.
 */
async function analyzeKeyColumns(db: WarehouseWriter, table: PgTable): Promise<void> {
  const keys = Object.entries(getTableColumns(table))
    .filter(([key]) => !sums.has(key) && key !== 'loadedAt')
    .map(([, column]) => bare(column));
  await db.execute(sql`analyze ${table} (${sql.join(keys, sql`, `)})`);
}

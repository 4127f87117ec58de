import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { copyIn } from './copy-in';
import type { WarehouseWriter } from './load';
import { bare, onConflictUpdate } from './upsert-sql';

export interface CopyUpsert {
  table: PgTable;
  /** The session's temp table the rows are staged in when some may exist already. */
  stage: string;
  /** The columns the COPY payload carries, in its field order. */
  columns: PgColumn[];
  /** The primary key: a row already there under it is replaced. */
  key: PgColumn[];
  /** Extra assignments when a row is replaced. */
  also?: SQL[];
  /**
   * A condition, answered from an index, that every row of the payload meets: when no stored row
   * meets it either (a first sync of these days), none of the rows can exist yet.
   */
  newWhenNoneMatch: SQL;
  payload: string;
}

/**
 * Writes COPY rows so that a row already stored under the same key is replaced: loading the same
 * rows twice leaves them as they were. COPY parses the rows in the server, far faster than
 * statement parameters. New days are copied straight into the table (a backfill, most of the
 * rows); days with stored rows go through a temp table and one upsert in key order, which keeps
 * the primary-key index writes together. Must run inside a transaction: the temp table empties
 * itself at commit, so staged rows never outlive it.
 */
export async function copyUpsert(tx: WarehouseWriter, upsert: CopyUpsert): Promise<void> {
  const { table, columns, key } = upsert;
  const columnList = columns.map((column) => quoted(column.name)).join(', ');
  if (!(await anyMatch(tx, table, upsert.newWhenNoneMatch))) {
    await copyIn(tx, `${quoted(getTableName(table))} (${columnList})`, upsert.payload);
    return;
  }
  const stage = sql.identifier(upsert.stage);
  const names = sql.join(columns.map(bare), sql`, `);
  await tx.execute(
    sql`create temp table if not exists ${stage} on commit delete rows as
      select ${names} from ${table} with no data`,
  );
  // Empty even when a caller's outer transaction wrote through it before.
  await tx.execute(sql`truncate ${stage}`);
  await copyIn(tx, `${quoted(upsert.stage)} (${columnList})`, upsert.payload);
  const updated = columns.filter((column) => !key.includes(column));
  await tx.execute(
    sql`insert into ${table} (${names}) select ${names} from ${stage}
      order by ${sql.join(key.map(bare), sql`, `)}
      ${onConflictUpdate(key, updated, upsert.also)}`,
  );
}

async function anyMatch(tx: WarehouseWriter, table: PgTable, condition: SQL): Promise<boolean> {
  const result = await tx.execute(sql`select exists (select 1 from ${table} where ${condition}) as found`);
  const [row] = (result as unknown as { rows: { found: boolean }[] }).rows;
  return row?.found === true;
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

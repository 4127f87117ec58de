import { type Name, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A column's bare name. An INSERT column list, ON CONFLICT and SET take no table prefix, and
 * drizzle's `sql` template writes a column with one.
 */
export function bare(column: PgColumn): Name {
  return sql.identifier(column.name);
}

/**
 * `insert into <table> (<columns>) select <values>`: each target column sits next to the
 * expression that fills it, so a column list and a value list cannot drift apart.
 */
export function insertSelect(table: PgTable, pairs: [PgColumn, SQL | PgColumn][], rest: SQL): SQL {
  const columns = sql.join(
    pairs.map(([column]) => bare(column)),
    sql`, `,
  );
  const values = sql.join(
    pairs.map(([, value]) => value),
    sql`, `,
  );
  return sql`insert into ${table} (${columns}) select ${values} ${rest}`;
}

/**
 * `insert into <table> (<columns>) select * from unnest(<arrays>)`: a whole batch of rows in one
 * statement with one array parameter per column.
 */
export function insertUnnest(table: PgTable, pairs: [PgColumn, SQL][]): SQL {
  const columns = sql.join(
    pairs.map(([column]) => bare(column)),
    sql`, `,
  );
  const arrays = sql.join(
    pairs.map(([, array]) => array),
    sql`, `,
  );
  return sql`insert into ${table} (${columns}) select * from unnest(${arrays})`;
}

/** The value an upsert was about to insert into this column, in its ON CONFLICT … DO UPDATE. */
export function excluded(column: PgColumn): SQL {
  return sql`excluded.${bare(column)}`;
}

/** `on conflict (<key>) do update set c = excluded.c, …`: an upsert keeps the incoming row's values. */
export function onConflictUpdate(key: PgColumn[], columns: PgColumn[], also: SQL[] = []): SQL {
  const assignments = [...columns.map((column) => sql`${bare(column)} = ${excluded(column)}`), ...also];
  return sql`on conflict (${sql.join(key.map(bare), sql`, `)}) do update set ${sql.join(assignments, sql`, `)}`;
}

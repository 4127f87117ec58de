import type { SQL } from 'drizzle-orm';

interface DriverClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * All the engine needs from a database: running a statement built with drizzle's `sql` template.
 * A drizzle PostgreSQL database (PGlite or node-postgres) is one as it is, so the engine never
 * depends on the code that opens it.
 */
export interface WarehouseDb {
  execute(query: SQL): Promise<unknown>;
  /** The driver drizzle wraps; absent inside a transaction. */
  readonly $client?: DriverClient;
}

/** Runs a statement built with drizzle's `sql` template (always parameterised) and returns its rows. */
export async function queryRows<T extends Record<string, unknown>>(
  db: WarehouseDb,
  query: SQL,
): Promise<T[]> {
  // PGlite and node-postgres both answer with `{ rows }`; drizzle's type is the driver union.
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * Runs a statement the caller has already compiled because it records the text (the answer's
 * evidence), straight on the driver: compiling it twice costs more than running it. PGlite and
 * node-postgres take the same `(text, params)`; inside a transaction there is no driver client,
 * so the statement runs through drizzle instead.
 */
export async function queryCompiled<T extends Record<string, unknown>>(
  db: WarehouseDb,
  query: SQL,
  compiled: { sql: string; params: unknown[] },
): Promise<T[]> {
  if (!db.$client) return queryRows<T>(db, query);
  return (await db.$client.query(compiled.sql, compiled.params)).rows as T[];
}

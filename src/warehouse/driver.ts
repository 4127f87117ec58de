import { is } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { WarehouseWriter } from './load';

/**
 * The driver under a drizzle database or transaction, for what drizzle does not offer (COPY, and
 * what only PGlite needs). A transaction has no `$client`, but its session holds the connection
 * the transaction runs on, which is the one a COPY into its temp table must use.
 */
export type Driver =
  | { kind: 'pglite'; client: unknown }
  | { kind: 'node-postgres'; client: unknown }
  | { kind: 'other' };

export function driverOf(db: WarehouseWriter): Driver {
  const session = db._.session;
  const client = (session as unknown as { client?: unknown }).client;
  if (is(session, PgliteSession)) return { kind: 'pglite', client };
  if (is(session, NodePgSession)) return { kind: 'node-postgres', client };
  return { kind: 'other' };
}

import { sql } from 'drizzle-orm';
import type { WarehouseWriter } from './load';

// Any fixed number: the first half of the two-part advisory lock key that names roll-up refreshes.
const ROLLUP_LOCK_SPACE = 424_242_013;

/**
 * Two transactions refreshing the same account (on PostgreSQL, two servers) would each delete
 * the other's uncommitted week or month and both insert it: one fails on the primary key. The
 * second waits here until the first commits, then rebuilds from what the first wrote. Held to
 * the end of the transaction. The ad windows are rebuilt under the same lock, so a rebuild
 * never writes windows from rows a load is replacing.
 */
export async function lockAccountRollups(db: WarehouseWriter, accountId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_SPACE}, hashtext(${accountId}))`);
}

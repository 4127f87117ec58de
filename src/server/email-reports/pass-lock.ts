import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

// Any fixed number, unlike the migration lock's: it names "an email pass is running".
export const EMAIL_PASS_LOCK_KEY = 424_242_021;

// Per database handle: two schedulers in one process share PGlite's single session, where an
// advisory lock is re-entrant and so would let both through.
const running = new WeakSet<object>();

/**
 * Runs `pass` only if no other scheduler is running one: in this process (per database handle)
 * and, on PostgreSQL, on any node, through a transaction-level advisory lock held for the pass.
 * The pass itself reads and writes through the pool, not the lock's transaction, so its claims
 * commit at once. PGlite is one process behind the data directory lock: the in-process guard and
 * a try-lock in its one session are all it needs. Resolves false when another pass had the lock.
 */
export async function withPassLock(database: Database, pass: () => Promise<void>): Promise<boolean> {
  if (running.has(database)) return false;
  running.add(database);
  try {
    if (database.kind === 'pglite') {
      await database.db.execute(sql`select pg_try_advisory_lock(${EMAIL_PASS_LOCK_KEY})`);
      try {
        await pass();
      } finally {
        await database.db.execute(sql`select pg_advisory_unlock(${EMAIL_PASS_LOCK_KEY})`);
      }
      return true;
    }
    return await database.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${EMAIL_PASS_LOCK_KEY}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!rows[0]?.locked) return false;
      await pass();
      return true;
    });
  } finally {
    running.delete(database);
  }
}

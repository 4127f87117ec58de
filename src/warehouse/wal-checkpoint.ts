import { sql } from 'drizzle-orm';
import { driverOf } from './driver';
import type { WarehouseWriter } from './load';

/**
 * PGlite runs PostgreSQL as a single-user backend, which never starts a checkpoint on its own:
 * without one no WAL segment is ever removed, and a folder that loaded a few accounts held more
 * spent WAL than data. After a load has written this much WAL, the loader checkpoints, which
 * writes the dirty pages out (cheap: PGlite does not fsync) and recycles the old segments.
 */
const CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

/**
 * On PGlite, checkpoints once the WAL since the last checkpoint passes the limit, or whatever it
 * is when `always` (the end of a load, so the folder keeps no more than the reusable segments);
 * elsewhere a no-op: PostgreSQL's own checkpointer does this.
 */
export async function checkpointIfWalGrown(db: WarehouseWriter, always = false): Promise<void> {
  if (driverOf(db).kind !== 'pglite') return;
  if (always) {
    await db.execute(sql`checkpoint`);
    return;
  }
  const result = await db.execute<{ pending: string }>(
    sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text as pending
      from pg_control_checkpoint()`,
  );
  const [row] = (result as unknown as { rows: { pending: string }[] }).rows;
  if (Number(row?.pending) >= CHECKPOINT_WAL_BYTES) await db.execute(sql`checkpoint`);
}

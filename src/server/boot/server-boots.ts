import os from 'node:os';
import { and, eq, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { serverBoots } from '../db/boot-schema';
import type { Db } from '../db/client';
import { isProcessRunning } from '../process-alive';
import { BOOT_HOST, BOOT_ID } from './boot-id';

export const HEARTBEAT_MS = 30_000;
/** Three missed heartbeats: one or two can be a busy event loop or a slow database. */
const DEAD_AFTER_SECONDS = 90;

/** Says this boot is alive; also (re)creates its row, should another process have written it off. */
export async function heartbeat(db: Db): Promise<void> {
  await db.execute(sql`
    insert into server_boots (id, host, hostname, pid) values (${BOOT_ID}, ${BOOT_HOST}, ${os.hostname()}, ${process.pid})
    on conflict (id) do update set seen_at = now()`);
}

/**
 * Boots of this host whose process has exited: dead at once, without waiting for their heartbeat
 * to age. A boot naming our own pid is an earlier process the pid was reused from (a container's
 * pid 1): one process has one boot.
 */
export async function exitedBoots(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: serverBoots.id, pid: serverBoots.pid })
    .from(serverBoots)
    .where(and(eq(serverBoots.host, BOOT_HOST), ne(serverBoots.id, BOOT_ID)));
  return rows.filter((row) => row.pid === process.pid || !isProcessRunning(row.pid)).map((row) => row.id);
}

/** A SQL test on a boot id column: true when it names a boot other than this one that is not alive. */
export type DeadBootTest = (column: SQLWrapper) => SQL;

/**
 * Alive means a row seen within the last heartbeats and not among `exited`. A boot with no row is
 * dead: every process writes its row before it takes any work on. The test runs in the statement
 * that takes the work over, so a boot that beat in the meantime keeps what it holds.
 */
export function deadBootTest(exited: string[]): DeadBootTest {
  const gone = exited.length
    ? sql`b.id in (${sql.join(
        exited.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`false`;
  return (column) => sql`(${column} <> ${BOOT_ID}::uuid and not exists (
    select 1 from server_boots b where b.id = ${column}
      and b.seen_at > now() - make_interval(secs => ${DEAD_AFTER_SECONDS}) and not ${gone}))`;
}

/** Drops the rows of dead boots once their work is taken over. */
export async function forgetDeadBoots(db: Db, isDead: DeadBootTest): Promise<void> {
  await db.execute(sql`delete from server_boots where ${isDead(serverBoots.id)}`);
}

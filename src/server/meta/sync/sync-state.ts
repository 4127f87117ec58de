import { sql } from 'drizzle-orm';
import { BOOT_ID } from '../../boot/boot-id';
import type { DeadBootTest } from '../../boot/server-boots';
import { type Db, queryRows } from '../../db/client';
import { metaSyncState } from '../../db/schema';

export type SyncKind = 'backfill' | 'refresh';

/**
 * How long a claimed sync may go without progress before another run may take it over. A lease
 * names its holder's boot too: the lease of a boot known to be dead is released at once.
 */
export const LEASE_SECONDS = 300;

export interface ClaimedSync {
  kind: SyncKind;
  since: string;
  until: string;
  /** The first day still to fetch: `since` for a fresh run, later when resuming. */
  cursor: string;
  resumed: boolean;
}

/** Makes sure an account has a state row, so the scheduler sees it (new accounts wait for a backfill). */
export async function ensureSyncState(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`
    insert into meta_sync_state (account_id, status, kind) values (${accountId}, 'pending', 'backfill')
    on conflict (account_id) do nothing`);
}

/**
 * Asks for a sync soon (an account never synced gets a backfill whatever is asked: see
 * dueAccounts). A running one is left alone: when its lease runs out it is due anyway, and keeping
 * it 'running' is what lets the next run resume it from its cursor.
 */
export async function requestSync(db: Db, accountId: string, kind: SyncKind): Promise<void> {
  await db.execute(sql`
    insert into meta_sync_state (account_id, status, kind) values (${accountId}, 'pending', ${kind})
    on conflict (account_id) do update set status = 'pending', kind = excluded.kind, updated_at = now()
    where meta_sync_state.status <> 'running'`);
}

/**
 * Claims an account's sync for this run, atomically: two processes (or two ticks) can never run
 * the same account at once. A run whose lease ran out mid-way is resumed from its cursor when it
 * covered the same kind of work; loading is an upsert, so repeating a chunk is harmless.
 */
export async function claimSync(
  db: Db,
  accountId: string,
  wanted: { kind: SyncKind; since: string; until: string },
): Promise<ClaimedSync | undefined> {
  const [row] = await queryRows<{
    kind: SyncKind;
    since: string;
    until: string;
    cursor: string;
    resumed: boolean;
  }>(
    db,
    sql`
    update meta_sync_state set
      status = 'running',
      lease_until = now() + make_interval(secs => ${LEASE_SECONDS}),
      lease_owner = ${BOOT_ID},
      last_started_at = now(),
      updated_at = now(),
      kind = case when ${resumable} then kind else ${wanted.kind}::meta_sync_kind end,
      since = case when ${resumable} then since else ${wanted.since}::date end,
      until = case when ${resumable} then until else ${wanted.until}::date end,
      cursor = case when ${resumable} then cursor else ${wanted.since}::date end
    where account_id = ${accountId} and (status <> 'running' or ${leaseFree})
    returning kind, since::text as since, until::text as until, cursor::text as cursor,
      (cursor is distinct from since) as resumed`,
  );
  return row;
}

// A run cut off by a restart (still 'running', lease expired or released) resumes if it had the same job.
const resumable = sql.raw(
  "(status = 'running' and cursor is not null and since is not null and until is not null)",
);
// No lease: it ran out, or its holder died and it was released.
const leaseFree = sql.raw('(lease_until is null or lease_until < now())');

/**
 * Records progress: the chunk up to `through` is written, and the lease is extended. False when
 * this process no longer holds the lease (it was written off as dead and the work taken over):
 * the run must stop, the new holder carries on.
 */
export async function advanceCursor(db: Db, accountId: string, nextDay: string): Promise<boolean> {
  const rows = await queryRows<{ account_id: string }>(
    db,
    sql`
    update meta_sync_state set cursor = ${nextDay}::date,
      lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    where account_id = ${accountId} and lease_owner = ${BOOT_ID}
    returning account_id`,
  );
  return rows.length > 0;
}

/**
 * Releases the leases of dead boots. The syncs stay 'running' with their cursor, so the next run
 * (this process's, at its start) resumes them rather than waiting for the leases to run out.
 */
export async function releaseDeadLeases(db: Db, isDead: DeadBootTest): Promise<number> {
  const rows = await queryRows<{ account_id: string }>(
    db,
    sql`
    update meta_sync_state set lease_owner = null, lease_until = null, updated_at = now()
    where status = 'running' and lease_owner is not null and ${isDead(metaSyncState.leaseOwner)}
    returning account_id`,
  );
  return rows.length;
}

/**
 * Records a finished sync: its rows are in. `error` is for a part that failed without undoing
 * them (the settings): the sync then shows as failed with that message, yet counts as a success
 * for freshness, so answers do not wait on it and the retry is a refresh, never a new backfill.
 */
export async function finishSync(db: Db, accountId: string, rows: number, error?: string): Promise<void> {
  const status = error ? 'error' : 'ok';
  await db.execute(sql`
    update meta_sync_state set status = ${status}::meta_sync_status, last_success_at = now(), rows = ${rows},
      last_error = ${error?.slice(0, 500) ?? null}, lease_until = null, lease_owner = null, cursor = null,
      updated_at = now()
    where account_id = ${accountId}`);
}

export async function failSync(db: Db, accountId: string, message: string): Promise<void> {
  await db.execute(sql`
    update meta_sync_state set status = 'error', last_error = ${message.slice(0, 500)}, lease_until = null,
      lease_owner = null, updated_at = now()
    where account_id = ${accountId}`);
}

/**
 * Accounts with work to do: asked for, cut off mid-run (lease run out or released), older than the refresh interval, or
 * failed a while ago. Only accounts someone has switched on are synced.
 */
export async function dueAccounts(
  db: Db,
  intervalHours: number,
): Promise<{ accountId: string; kind: SyncKind }[]> {
  // Never synced: a backfill. Asked for or cut off: the kind it was asked for. Merely old: a refresh
  // (the kind column still says 'backfill' after the first sync).
  const rows = await queryRows<{ account_id: string; kind: SyncKind }>(
    db,
    sql`
    select s.account_id,
      case when s.last_success_at is null then 'backfill'
           when s.status in ('pending', 'running') then s.kind::text
           else 'refresh' end as kind
    from meta_sync_state s
    where exists (select 1 from user_ad_accounts u where u.account_id = s.account_id and u.active)
      and (s.status = 'pending'
        or (s.status = 'running' and ${leaseFree})
        or (s.status = 'ok' and s.last_success_at < now() - make_interval(secs => ${intervalHours * 3600}))
        or (s.status = 'error' and coalesce(s.last_started_at, s.updated_at)
              < now() - make_interval(secs => ${Math.min(intervalHours * 3600, 1800)})))
    order by s.status = 'pending' desc, s.last_success_at nulls first`,
  );
  return rows.map((row) => ({ accountId: row.account_id, kind: row.kind }));
}

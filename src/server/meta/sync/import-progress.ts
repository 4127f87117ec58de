import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, daysBetween } from '../../../analyst/dates';
import { textArray } from '../../../warehouse/sql-arrays';
import { type Db, queryRows } from '../../db/client';
import { metaAdAccounts, metaSyncState } from '../../db/schema';

/** Where an account's data stands for the reader: its first import under way, synced, or failed. */
export type ImportState = 'importing' | 'synced' | 'error';

/** The part of a `meta_sync_state` row progress is computed from. */
export interface SyncStateRow {
  status: 'pending' | 'running' | 'ok' | 'error';
  since: string | null;
  until: string | null;
  cursor: string | null;
  lastSuccessAt: Date | null;
}

export interface ImportProgress {
  state: ImportState;
  /** First import only: whole days imported out of days to import, 0–99 until it finishes. */
  percent: number | null;
  /** First import only: the last whole day imported (YYYY-MM-DD), null before the first one. */
  dataThrough: string | null;
}

/**
 * How far an account's first import has got. A backfill walks forward from `since` to `until` a
 * chunk at a time, and `cursor` is the first day not yet written, so the days before it are in.
 * A row count says nothing about this: a refresh writes a few weeks, a backfill months. Once the
 * first import has finished, later refreshes are ordinary syncs of an already imported account.
 */
export function importProgress(row: SyncStateRow | undefined): ImportProgress {
  if (row?.lastSuccessAt) {
    return { state: row.status === 'error' ? 'error' : 'synced', percent: null, dataThrough: null };
  }
  const state: ImportState = row?.status === 'error' ? 'error' : 'importing';
  if (!row?.since || !row.until) return { state, percent: 0, dataThrough: null };
  const total = daysBetween({ start: row.since, end: row.until });
  const done = row.cursor
    ? Math.min(Math.max(daysBetween({ start: row.since, end: row.cursor }) - 1, 0), total)
    : 0;
  // 100% is for a finished import; the last chunk is written a moment before the sync is recorded.
  const percent = Math.min(Math.floor((done * 100) / total), 99);
  return { state, percent, dataThrough: done > 0 ? addDays(row.since, done - 1) : null };
}

export interface AccountImport extends ImportProgress {
  accountId: string;
  name: string;
}

/** The import progress of these accounts, read from their sync state; each asked-for id is answered. */
export async function readImportProgress(db: Db, accountIds: string[]): Promise<AccountImport[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({
      accountId: metaAdAccounts.id,
      name: metaAdAccounts.name,
      status: metaSyncState.status,
      since: metaSyncState.since,
      until: metaSyncState.until,
      cursor: metaSyncState.cursor,
      lastSuccessAt: metaSyncState.lastSuccessAt,
    })
    .from(metaAdAccounts)
    .leftJoin(metaSyncState, eq(metaSyncState.accountId, metaAdAccounts.id))
    .where(inArray(metaAdAccounts.id, accountIds));
  const byId = new Map(rows.map((row) => [row.accountId, row]));
  return accountIds.map((accountId) => {
    const row = byId.get(accountId);
    const state = row?.status ? { ...row, status: row.status } : undefined;
    return { accountId, name: row?.name ?? accountId, ...importProgress(state) };
  });
}

/** Keeps the warehouse counts per account, valid while the account's sync state is unchanged. */
const rowCounts = new WeakMap<Db, Map<string, { version: string; rows: number }>>();
const MAX_COUNTED_ACCOUNTS = 10_000;

/**
 * The rows the warehouse holds for each account (ad-level days, every sync together). Counting is
 * cheap to repeat only when nothing was written, so a count is kept until the account's sync state
 * moves (every written chunk and every finished sync move it): `versions` maps id to that version.
 */
export async function storedRows(db: Db, versions: Map<string, string>): Promise<Map<string, number>> {
  let cache = rowCounts.get(db);
  if (!cache) {
    cache = new Map();
    rowCounts.set(db, cache);
  }
  const known = cache;
  const stale = [...versions].filter(([id, version]) => known.get(id)?.version !== version).map(([id]) => id);
  if (stale.length > 0) {
    const counted = await queryRows<{ account_id: string; rows: string }>(
      db,
      sql`select account_id, count(*)::text as rows from meta_insights_daily
        where account_id = any(${textArray(stale)}) group by account_id`,
    );
    const found = new Map(counted.map((row) => [row.account_id, Number(row.rows)]));
    if (known.size + stale.length > MAX_COUNTED_ACCOUNTS) known.clear();
    for (const id of stale) known.set(id, { version: versions.get(id) ?? '', rows: found.get(id) ?? 0 });
  }
  return new Map([...versions.keys()].map((id) => [id, known.get(id)?.rows ?? 0]));
}

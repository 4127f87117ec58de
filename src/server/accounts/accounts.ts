import { and, asc, eq, sql } from 'drizzle-orm';
import type { ConnectedAccount } from '../../shared/api/meta';
import type { Db } from '../db/client';
import { metaAdAccounts, metaSyncState, userAdAccounts } from '../db/schema';
import { importProgress, storedRows } from '../meta/sync/import-progress';

/**
 * The caller's connected ad accounts with their sync state, how far a first import has got, and
 * the rows held for each; never anyone else's.
 */
export async function listAccounts(db: Db, userId: string): Promise<ConnectedAccount[]> {
  const rows = await db
    .select({
      accountId: userAdAccounts.accountId,
      name: userAdAccounts.name,
      active: userAdAccounts.active,
      currency: metaAdAccounts.currency,
      timezone: metaAdAccounts.timezone,
      status: metaSyncState.status,
      since: metaSyncState.since,
      until: metaSyncState.until,
      cursor: metaSyncState.cursor,
      lastSuccessAt: metaSyncState.lastSuccessAt,
      lastError: metaSyncState.lastError,
      updatedAt: metaSyncState.updatedAt,
    })
    .from(userAdAccounts)
    .leftJoin(metaAdAccounts, eq(metaAdAccounts.id, userAdAccounts.accountId))
    .leftJoin(metaSyncState, eq(metaSyncState.accountId, userAdAccounts.accountId))
    .where(eq(userAdAccounts.userId, userId))
    .orderBy(asc(userAdAccounts.name), asc(userAdAccounts.accountId));
  const held = await storedRows(
    db,
    new Map(rows.map((row) => [row.accountId, String(row.updatedAt?.getTime() ?? 'none')])),
  );
  return rows.map((row) => {
    const progress = importProgress(row.status ? { ...row, status: row.status } : undefined);
    return {
      account_id: row.accountId,
      name: row.name,
      active: row.active,
      currency: row.currency ?? 'USD',
      timezone: row.timezone ?? 'UTC',
      sync: {
        status: row.status ?? 'pending',
        last_success_at: row.lastSuccessAt?.toISOString() ?? null,
        rows: held.get(row.accountId) ?? 0,
        last_error: row.lastError ?? null,
        progress: { state: progress.state, percent: progress.percent, data_through: progress.dataThrough },
      },
    };
  });
}

/** Switches one of the caller's accounts on or off; false when the caller has no such account. */
export async function setAccountActive(
  db: Db,
  userId: string,
  accountId: string,
  active: boolean,
): Promise<boolean> {
  const updated = await db
    .update(userAdAccounts)
    .set({ active })
    .where(and(eq(userAdAccounts.userId, userId), eq(userAdAccounts.accountId, accountId)))
    .returning({ accountId: userAdAccounts.accountId });
  return updated.length > 0;
}

export interface ActiveScope {
  accountIds: string[];
  currencyByAccount: Record<string, string>;
  timezoneByAccount: Record<string, string>;
  /** When each account last synced in full; null before its first sync. */
  lastSuccessAt: Record<string, Date | null>;
  /**
   * Changes whenever any of these accounts' sync state changes (each written chunk moves it), so
   * whatever is cached under it never outlives the data it was read from.
   */
  dataVersion: string;
}

/**
 * What answers may read for this user: their switched-on accounts, each one's currency, and their
 * sync state. This is the only way a user's questions reach the warehouse, whatever they ask for.
 */
export async function activeScope(db: Db, userId: string): Promise<ActiveScope> {
  const rows = await scopeQuery(db).execute({ userId });
  return {
    accountIds: rows.map((row) => row.accountId),
    currencyByAccount: Object.fromEntries(rows.map((row) => [row.accountId, row.currency ?? 'USD'])),
    timezoneByAccount: Object.fromEntries(
      rows.flatMap((row) => (row.timezone ? [[row.accountId, row.timezone]] : [])),
    ),
    lastSuccessAt: Object.fromEntries(rows.map((row) => [row.accountId, row.lastSuccessAt ?? null])),
    dataVersion: rows.map((row) => `${row.accountId}:${row.syncUpdatedAt?.getTime() ?? 'none'}`).join(','),
  };
}

// Every question reads the scope: the statement is built once per database, not per question.
const scopeQueries = new WeakMap<Db, ReturnType<typeof buildScopeQuery>>();

function scopeQuery(db: Db) {
  let query = scopeQueries.get(db);
  if (!query) {
    query = buildScopeQuery(db);
    scopeQueries.set(db, query);
  }
  return query;
}

function buildScopeQuery(db: Db) {
  return db
    .select({
      accountId: userAdAccounts.accountId,
      currency: metaAdAccounts.currency,
      timezone: metaAdAccounts.timezone,
      lastSuccessAt: metaSyncState.lastSuccessAt,
      syncUpdatedAt: metaSyncState.updatedAt,
    })
    .from(userAdAccounts)
    .leftJoin(metaAdAccounts, eq(metaAdAccounts.id, userAdAccounts.accountId))
    .leftJoin(metaSyncState, eq(metaSyncState.accountId, userAdAccounts.accountId))
    .where(and(eq(userAdAccounts.userId, sql.placeholder('userId')), eq(userAdAccounts.active, true)))
    .orderBy(asc(userAdAccounts.accountId))
    .prepare('active_scope');
}

/** True when the caller connected this account (active or not). */
export async function ownsAccount(db: Db, userId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userAdAccounts)
    .where(and(eq(userAdAccounts.userId, userId), eq(userAdAccounts.accountId, accountId)))
    .limit(1);
  return Boolean(row);
}

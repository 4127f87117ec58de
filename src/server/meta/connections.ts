import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { metaConnections, userAdAccounts, users } from '../db/schema';
import { openToken, sealToken, TokenVaultError } from './token-vault';

/** Stores a user's long-lived Facebook token, sealed; replaces any earlier one. */
export async function saveConnection(
  db: Db,
  key: Buffer,
  input: {
    userId: string;
    facebookUserId: string;
    token: string;
    scopes: string[];
    expiresInSeconds: number | null;
  },
): Promise<void> {
  const sealed = sealToken(key, input.userId, input.token);
  const expiresAt = input.expiresInSeconds ? new Date(Date.now() + input.expiresInSeconds * 1000) : null;
  const values = {
    userId: input.userId,
    facebookUserId: input.facebookUserId,
    ...sealed,
    scopes: input.scopes.join(','),
    expiresAt,
    updatedAt: new Date(),
  };
  await db
    .insert(metaConnections)
    .values(values)
    .onConflictDoUpdate({ target: metaConnections.userId, set: { ...values, userId: undefined } });
}

export interface AccountToken {
  userId: string;
  token: string;
}

/**
 * The token to sync an account with: from a user who connected it, still has Facebook permission,
 * and has it switched on. The most recently connected wins, as the freshest grant.
 */
export async function tokenForAccount(
  db: Db,
  key: Buffer,
  accountId: string,
): Promise<AccountToken | undefined> {
  const rows = await db
    .select({ connection: metaConnections })
    .from(userAdAccounts)
    .innerJoin(users, eq(users.id, userAdAccounts.userId))
    .innerJoin(metaConnections, eq(metaConnections.userId, userAdAccounts.userId))
    .where(
      and(
        eq(userAdAccounts.accountId, accountId),
        eq(userAdAccounts.active, true),
        eq(users.fbPermissionsGranted, true),
      ),
    )
    .orderBy(desc(metaConnections.updatedAt))
    .limit(5);
  for (const { connection } of rows) {
    try {
      return { userId: connection.userId, token: openToken(key, connection.userId, connection) };
    } catch (error) {
      // A token sealed under a rotated key cannot be used; the next connection may still work.
      if (!(error instanceof TokenVaultError)) throw error;
    }
  }
  return undefined;
}

/**
 * Facebook said the token is expired or revoked (code 190): the user must reconnect, which the
 * Settings screen shows. The synced data stays.
 */
export async function markPermissionRevoked(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ fbPermissionsGranted: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { userAdAccounts, users } from '../../src/server/db/schema';
import { saveConnection } from '../../src/server/meta/connections';
import { ensureSyncState } from '../../src/server/meta/sync/sync-state';
import type { GraphAdAccount } from '../../src/warehouse/graph-types';

/**
 * What connecting Facebook leaves behind, without the HTTP round: a user holding a sealed Graph
 * token and these ad accounts, each with its sync state, so `syncAccount` can run on them.
 */
export async function connectBenchAccounts(
  db: Db,
  key: Buffer,
  token: string,
  email: string,
  accounts: GraphAdAccount[],
): Promise<void> {
  const [user] = await db.insert(users).values({ email, fbPermissionsGranted: true }).returning();
  if (!user) throw new Error('no user');
  await saveConnection(db, key, {
    userId: user.id,
    facebookUserId: '1',
    token,
    scopes: ['ads_read'],
    expiresInSeconds: 86_400,
  });
  for (const account of accounts) {
    await db.execute(sql`insert into meta_ad_accounts (id, name, currency, timezone)
      values (${account.account_id}, ${account.name}, ${account.currency}, ${account.timezone_name})`);
    await db
      .insert(userAdAccounts)
      .values({ userId: user.id, accountId: account.account_id, name: account.name });
    await ensureSyncState(db, account.account_id);
  }
}

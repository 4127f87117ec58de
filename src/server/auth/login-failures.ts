import { and, eq, gt, sql } from 'drizzle-orm';
import { loginFailures } from '../db/auth-schema';
import type { Db } from '../db/client';

/** Issue 4: at most 100 failed logins per account per hour. */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;

export async function recentFailures(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), gt(loginFailures.at, sql`now() - interval '1 hour'`)));
  return Number(row?.n ?? 0);
}

export async function recordFailure(db: Db, userId: string): Promise<void> {
  await db.insert(loginFailures).values({ userId });
}

/**
 * A lock lasts at most an hour, and the owner can end it at once with a password reset, so
 * nobody can lock someone else out for good by guessing.
 */
export async function clearFailures(db: Db, userId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.userId, userId));
}

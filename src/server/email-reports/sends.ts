import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailSends } from '../db/schema';

export type SendKind = 'digest' | 'alert' | 'test';

/** A claim left 'claimed' this long belongs to a pass that died mid-send: a later pass retries it. */
export const STALE_CLAIM_MINUTES = 15;

/**
 * Claims one send before it happens. True when this caller owns it: the key is new, its last
 * attempt failed, or its claim went stale. A key already sent, or claimed by a live pass, is
 * never sent again, whatever node or restart asks.
 */
export async function claimSend(db: Db, userId: string, kind: SendKind, key: string): Promise<boolean> {
  const rows = await db
    .insert(emailSends)
    .values({ userId, kind, key })
    .onConflictDoUpdate({
      target: [emailSends.userId, emailSends.kind, emailSends.key],
      set: {
        status: 'claimed',
        claimedAt: sql`now()`,
        attempts: sql`${emailSends.attempts} + 1`,
        error: null,
      },
      setWhere: sql`${emailSends.status} = 'failed' or (${emailSends.status} = 'claimed'
        and ${emailSends.claimedAt} < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))`,
    })
    .returning({ id: emailSends.id });
  return rows.length > 0;
}

export async function finishSend(
  db: Db,
  userId: string,
  kind: SendKind,
  key: string,
  outcome: { ok: true } | { ok: false; error: string },
): Promise<void> {
  await db
    .update(emailSends)
    .set(
      outcome.ok
        ? { status: 'sent', sentAt: sql`now()` }
        : { status: 'failed', error: outcome.error.slice(0, 500) },
    )
    .where(and(eq(emailSends.userId, userId), eq(emailSends.kind, kind), eq(emailSends.key, key)));
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codeSends, oneTimeCodes } from '../db/schema';

/** 6 digits, valid 300 s; a new one for the same email and flow once 240 s or fewer remain. */
export const CODE_TTL_SECONDS = 300;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_ATTEMPTS = 5;
/**
 * Per requester (client address) and email, not per email: a cap per email would let anyone use
 * it up and keep the owner from getting a code.
 */
export const MAX_SENDS_PER_REQUESTER_PER_DAY = 10;

export type CodePurpose = 'verify_email' | 'reset_password';

// Keyed so that a copy of the database is not enough to try all million codes offline.
function codeHash(key: Buffer, userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${userId}:${code}`).digest('hex');
}

/** A fresh code from a cryptographic source; earlier live codes for the same purpose die with it. */
export async function issueCode(db: Db, key: Buffer, userId: string, purpose: CodePurpose): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db.transaction(async (tx) => {
    await withdrawCodes(tx, userId, purpose);
    await tx.insert(oneTimeCodes).values({
      userId,
      purpose,
      codeHash: codeHash(key, userId, purpose, code),
      expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
    });
  });
  return code;
}

/** Seconds left on the newest live code, or undefined when there is none. */
export async function secondsLeft(db: Db, userId: string, purpose: CodePurpose): Promise<number | undefined> {
  const [row] = await db
    .select({ left: sql<string>`extract(epoch from (${oneTimeCodes.expiresAt} - now()))` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const left = row ? Math.ceil(Number(row.left)) : undefined;
  return left !== undefined && left > 0 ? left : undefined;
}

/**
 * Seconds before another code may be sent for this email and flow: 0 when there is no live code,
 * or when 240 s or fewer of the newest one remain.
 */
export async function resendWait(db: Db, userId: string, purpose: CodePurpose): Promise<number> {
  const left = await secondsLeft(db, userId, purpose);
  return left === undefined ? 0 : Math.max(0, left - (CODE_TTL_SECONDS - RESEND_AFTER_SECONDS));
}

/** Retires the user's open codes for a flow: replaced by a new one, or never accepted by the mail server. */
export async function withdrawCodes(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

/** Codes this requester had mailed to the user for this flow in the last day. */
export async function sendsToday(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  source: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(codeSends)
    .where(
      and(
        eq(codeSends.userId, userId),
        eq(codeSends.purpose, purpose),
        eq(codeSends.source, source),
        gt(codeSends.at, sql`now() - interval '1 day'`),
      ),
    );
  return row?.n ?? 0;
}

/** Counts a mailed code against its requester; sends older than the day that counts are dropped. */
export async function recordSend(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  source: string,
): Promise<void> {
  await db
    .delete(codeSends)
    .where(
      and(
        eq(codeSends.userId, userId),
        eq(codeSends.purpose, purpose),
        lt(codeSends.at, sql`now() - interval '1 day'`),
      ),
    );
  await db.insert(codeSends).values({ userId, purpose, source });
}

/**
 * Spends one attempt atomically, then compares. Parallel guesses each spend one, so the sixth
 * guess fails even when it is right, and a used or expired code never works.
 */
export async function consumeCode(
  db: Db,
  key: Buffer,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<boolean> {
  const [spent] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash });
  if (!spent) return false;
  const expected = Buffer.from(spent.codeHash, 'hex');
  const given = Buffer.from(codeHash(key, userId, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) return false;
  const [used] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, spent.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return used !== undefined;
}

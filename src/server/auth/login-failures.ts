import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { loginFailures } from '../db/auth-schema';
import type { Db } from '../db/client';

/**
 * Wrong passwords slow down where they come from, never the account itself: a source (a client
 * address) that keeps failing waits longer and longer before its next try, while the owner, from
 * an address with no recent failures, logs in with the right password however many guesses
 * others made. Failures are remembered for an hour.
 */

/** Everybody mistypes: a source's first wrong passwords for an account cost it nothing. */
export const FREE_FAILURES_PER_ACCOUNT = 5;
/**
 * With this many failures in the hour from all sources, the account is being guessed at: a source
 * that has failed on it even once then waits before its next try. A source with no failures on it
 * still gets its try, so the owner is never kept out.
 */
export const ACCOUNT_UNDER_ATTACK_AFTER = 20;
/** Across all accounts, so one source cannot spread its guesses over many of them. */
export const FREE_FAILURES_PER_SOURCE = 20;
/** The first wait after the free tries, doubling with each further failure, up to the cap. */
export const FIRST_WAIT_SECONDS = 10;
export const MAX_WAIT_SECONDS = 15 * 60;

const MEMORY = sql`now() - interval '1 hour'`;

export interface LoginAttempt {
  id: string;
  /** 0 when the source may try now; otherwise how long it must wait. */
  waitSeconds: number;
}

function backoff(failures: number, free: number, secondsSinceLast: number): number {
  if (failures < free) return 0;
  const wait = Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - free), MAX_WAIT_SECONDS);
  return Math.max(0, Math.ceil(wait - secondsSinceLast));
}

/**
 * Records the attempt as a failure before the password is checked, then reads the source's
 * standing without it. Parallel guesses from one source therefore see each other, and a burst
 * gets no more free tries than the same guesses one by one. The caller then drops the attempt
 * (refused), keeps it (wrong password) or forgives the source (right password).
 */
export async function startLoginAttempt(db: Db, userId: string, source: string): Promise<LoginAttempt> {
  const [attempt] = await db
    .insert(loginFailures)
    .values({ userId, source })
    .returning({ id: loginFailures.id });
  if (!attempt) throw new Error('login attempt not recorded');
  const onAccount = eq(loginFailures.userId, userId);
  const here = and(onAccount, eq(loginFailures.source, source));
  const fromSource = eq(loginFailures.source, source);
  const since = (which: typeof here) =>
    sql<number>`greatest(0, extract(epoch from now() - max(${loginFailures.at}) filter (where ${which})))`.mapWith(
      Number,
    );
  const [standing] = await db
    .select({
      account: sql<number>`count(*) filter (where ${onAccount})`.mapWith(Number),
      here: sql<number>`count(*) filter (where ${here})`.mapWith(Number),
      sinceHere: since(here),
      source: sql<number>`count(*) filter (where ${fromSource})`.mapWith(Number),
      sinceSource: since(fromSource),
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, MEMORY), ne(loginFailures.id, attempt.id), or(onAccount, fromSource)));
  if (!standing) return { id: attempt.id, waitSeconds: 0 };
  const freeHere = standing.account >= ACCOUNT_UNDER_ATTACK_AFTER ? 1 : FREE_FAILURES_PER_ACCOUNT;
  const waitSeconds = Math.max(
    backoff(standing.here, freeHere, standing.sinceHere),
    backoff(standing.source, FREE_FAILURES_PER_SOURCE, standing.sinceSource),
  );
  return { id: attempt.id, waitSeconds };
}

/** A refused attempt never reached the password check: it is not a failure. */
export async function dropAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
}

/** A wrong password stays recorded; what has passed out of memory for this account or source goes. */
export async function keepFailure(db: Db, userId: string, source: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.at, MEMORY),
        or(eq(loginFailures.userId, userId), eq(loginFailures.source, source)),
      ),
    );
}

/**
 * The right password (or a reset) from a source forgives that source's failures on the account;
 * other sources' failures stay, so an attacker's backoff is not lifted by the owner's login.
 */
export async function forgiveSource(db: Db, userId: string, source: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.userId, userId), eq(loginFailures.source, source)));
}

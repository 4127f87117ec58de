import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FREE_QUESTIONS_PER_DAY } from '../../shared/api/chat';
import { type Db, queryRows } from '../db/client';

/**
 * Takes one of today's free questions, atomically: the row lock of the upsert serialises
 * parallel asks, so ten at once let exactly three through. Returns the (UTC) day it was taken
 * from, for a give-back to find it even after midnight; null when none is left.
 */
export async function reserveQuestion(db: Db, userId: string): Promise<string | null> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`insert into question_usage (user_id, day, count) values (${userId}, (now() at time zone 'utc')::date, 1)
      on conflict (user_id, day) do update set count = question_usage.count + 1
      where question_usage.count < ${FREE_QUESTIONS_PER_DAY}
      returning day::text as day`,
  );
  return rows[0]?.day ?? null;
}

/** Gives a reserved question back to the day it was taken from. */
async function releaseQuestion(db: Db, userId: string, day: string): Promise<void> {
  await db.execute(sql`update question_usage set count = greatest(count - 1, 0)
    where user_id = ${userId} and day = ${day}::date`);
}

/** Tries again after 1, 2, 4 ... s; past this the give-back is abandoned (and logged). */
const LAST_RETRY_DELAY_MS = 64_000;

/**
 * Gives reserved questions back when no answer could be produced, so a failure costs the user
 * nothing. The usual failure is the database itself going away mid-answer, when the give-back
 * fails too: it is then retried until the database returns, for about two minutes.
 */
export function createQuestionRefunds(db: Db, log: FastifyBaseLogger) {
  const pending = new Set<NodeJS.Timeout>();
  const refund = (userId: string, day: string, delayMs: number): void => {
    releaseQuestion(db, userId, day).catch((error) => {
      if (delayMs > LAST_RETRY_DELAY_MS) {
        log.warn({ err: error, userId }, 'a reserved question could not be given back');
        return;
      }
      const timer = setTimeout(() => {
        pending.delete(timer);
        refund(userId, day, delayMs * 2);
      }, delayMs);
      timer.unref();
      pending.add(timer);
    });
  };
  return {
    /** `day`: what reserveQuestion returned. */
    refund: (userId: string, day: string) => refund(userId, day, 1_000),
    /** On shutdown: retries that have not run yet are dropped with the process. */
    stop: () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

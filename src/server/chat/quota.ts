import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FREE_QUESTIONS_PER_DAY } from '../../shared/api/chat';
import { type Db, queryRows } from '../db/client';
import type { QuestionRef } from './sessions';

/**
 * Takes one of today's free questions for this question, atomically: the row lock of the upsert
 * serialises parallel asks, so ten at once let exactly three through. The question keeps the
 * (UTC) day it was taken from, for a give-back to find it even after midnight or after a crash.
 * Returns that day; null when none is left.
 */
export async function reserveQuestion(db: Db, question: QuestionRef): Promise<string | null> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`with taken as (
        insert into question_usage (user_id, day, count)
        values (${question.userId}, (now() at time zone 'utc')::date, 1)
        on conflict (user_id, day) do update set count = question_usage.count + 1
        where question_usage.count < ${FREE_QUESTIONS_PER_DAY}
        returning day
      ), kept as (
        update chat_messages set quota_day = taken.day from taken where chat_messages.seq = ${question.questionSeq}
      )
      select day::text as day from taken`,
  );
  return rows[0]?.day ?? null;
}

/**
 * Gives the question's free question back to the day it was taken from. At most once: the
 * question lets go of its day in the same statement, so a retry, or a recovery after a crash
 * racing it, gives nothing back twice.
 */
export async function releaseQuestion(db: Db, questionSeq: number): Promise<void> {
  await db.execute(sql`
    with taken as (
      select seq, user_id, quota_day from chat_messages
      where seq = ${questionSeq} and quota_day is not null for update
    ), let_go as (
      update chat_messages set quota_day = null from taken where chat_messages.seq = taken.seq
    )
    update question_usage set count = greatest(count - 1, 0)
    from taken where question_usage.user_id = taken.user_id and question_usage.day = taken.quota_day`);
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
  const refund = (question: QuestionRef, delayMs: number): void => {
    releaseQuestion(db, question.questionSeq).catch((error) => {
      if (delayMs > LAST_RETRY_DELAY_MS) {
        log.warn({ err: error, userId: question.userId }, 'a reserved question could not be given back');
        return;
      }
      const timer = setTimeout(() => {
        pending.delete(timer);
        refund(question, delayMs * 2);
      }, delayMs);
      timer.unref();
      pending.add(timer);
    });
  };
  return {
    /** Gives back what reserveQuestion took for this question, if anything. */
    refund: (question: QuestionRef) => refund(question, 1_000),
    /**
     * On shutdown: retries that have not run yet are dropped. A question still marked as being
     * answered is given back by the next start.
     */
    stop: () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

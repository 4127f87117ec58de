import { sql } from 'drizzle-orm';
import { FREE_QUESTIONS_PER_DAY } from '../../shared/api/chat';
import { type Db, queryRows } from '../db/client';

/**
 * Takes one of today's free questions, atomically: the row lock of the upsert serialises
 * parallel asks, so ten at once let exactly three through. False when none is left.
 */
export async function reserveQuestion(db: Db, userId: string): Promise<boolean> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into question_usage (user_id, day, count) values (${userId}, (now() at time zone 'utc')::date, 1)
      on conflict (user_id, day) do update set count = question_usage.count + 1
      where question_usage.count < ${FREE_QUESTIONS_PER_DAY}
      returning count`,
  );
  return rows.length > 0;
}

/** Gives a reserved question back when no answer could be produced, so a failure costs nothing. */
export async function releaseQuestion(db: Db, userId: string): Promise<void> {
  await db.execute(sql`update question_usage set count = greatest(count - 1, 0)
    where user_id = ${userId} and day = (now() at time zone 'utc')::date`);
}

import { and, isNotNull } from 'drizzle-orm';
import type { DeadBootTest } from '../boot/server-boots';
import type { Db } from '../db/client';
import { chatMessages } from '../db/schema';
import { ANSWER_FAILED } from './answer-failed';
import { releaseQuestion } from './quota';
import { saveFailedReply } from './sessions';

/**
 * Questions a dead process was answering: each gets its free question back and the reply a failed
 * answer gets, as if the answer had failed while the asker watched. The give-back comes first and
 * is safe to repeat, so a recovery cut short is finished by the next one.
 */
export async function failUnfinishedAnswers(db: Db, isDead: DeadBootTest): Promise<number> {
  const questions = await db
    .select({ id: chatMessages.sessionId, userId: chatMessages.userId, questionSeq: chatMessages.seq })
    .from(chatMessages)
    .where(and(isNotNull(chatMessages.answeringBoot), isDead(chatMessages.answeringBoot)));
  for (const question of questions) {
    await releaseQuestion(db, question.questionSeq);
    await saveFailedReply(db, question, ANSWER_FAILED);
  }
  return questions.length;
}

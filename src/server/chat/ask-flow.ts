import type { FastifyBaseLogger } from 'fastify';
import { failureAnswer } from '../../analyst/compose/fallback';
import { type Answer, answerQuestion } from '../../analyst/engine';
import type { LlmConfig } from '../../analyst/llm/client';
import type { ReportSection } from '../../analyst/report';
import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import { type ChatModel, CONNECT_ADS_MESSAGE, FREE_QUESTIONS_PER_DAY } from '../../shared/api/chat';
import { activeScope } from '../accounts/accounts';
import type { Db } from '../db/client';
import type { users } from '../db/schema';
import { todayIn } from '../demo/seed';
import { AppError, isDatabaseUnavailable } from '../errors';
import type { SyncService } from '../meta/sync/sync-service';
import { ANSWER_FAILED } from './answer-failed';
import { staleDataNotice } from './freshness';
import { firstImportNotice, noticeFirst } from './import-notice';
import { type createQuestionRefunds, reserveQuestion } from './quota';
import {
  earlierQuestions,
  markAnswered,
  type QuestionRef,
  saveFailedReply,
  saveQuestion,
  saveReplies,
} from './sessions';

/**
 * One question, asked in the chat or through MCP: who may ask, what it costs, which accounts and
 * history it reads, and what is saved. The chat streams what this reports; MCP collects it.
 */

type User = typeof users.$inferSelect;

export const QUOTA_MESSAGE = `You have used your ${FREE_QUESTIONS_PER_DAY} free questions for today. Upgrade to Pro for unlimited questions: /plans`;
const BILLING_MESSAGE = {
  payment: 'Your last payment did not go through. Please update your plan to keep asking.',
  paused: 'Your subscription is paused. Please resume your plan to keep asking.',
};
export const SESSION_NOT_FOUND = 'Chat session not found';

export interface AskServices {
  db: Db;
  sync: SyncService;
  llm: LlmConfig | undefined;
  refunds: ReturnType<typeof createQuestionRefunds>;
  log: FastifyBaseLogger;
}

export interface QuestionAsked {
  user: User;
  sessionId: string;
  message: string;
  model: ChatModel;
  /** The asker's zone: "today" when no active account says otherwise. */
  timezone: string;
}

/** A question saved in its session, and whether the plan lets it be answered. */
export interface BegunQuestion extends QuestionAsked {
  question: QuestionRef;
  /** The day a free question was taken from; null on Pro or when none was left. */
  reservedDay: string | null;
  allowed: boolean;
}

/** Reports each step of the answer as it happens; everything reported is saved first. */
export interface AnswerListener {
  /** The free questions of the day are used up: this notice is the whole (saved) reply. */
  quotaExceeded(message: string): void;
  /** An ordinary answer's figures, before its insights are worked out, with any data notice. */
  analytics(analytics: ContentItem, suggestions: string[], notice: ContentItem | null): Promise<void>;
  /** A report section, saved. */
  reportSection(section: ReportSection): Promise<void>;
  reportComplete(total: number): void;
  /** The whole (saved) answer; `analyticsSent` when its figures were reported already. */
  message(message: AssistantMessage, analyticsSent: boolean): void;
  /** No answer could be made; the failure is saved as the reply where the database allows. */
  failed(message: string): void;
}

/**
 * Checks the asker may ask, saves the question in their session and, on the free plan, takes one
 * of the day's questions. Throws AppError (nothing saved) when the asker may not ask or the
 * session is not theirs.
 */
export async function beginQuestion(db: Db, asked: QuestionAsked): Promise<BegunQuestion> {
  const { user } = asked;
  if (!user.fbPermissionsGranted && !user.gPermissionsGranted) {
    throw new AppError('FORBIDDEN', CONNECT_ADS_MESSAGE);
  }
  // The chat is for active and trial users; a payment problem goes to /plans.
  if (user.status === 'payment' || user.status === 'paused') {
    throw new AppError('FORBIDDEN', BILLING_MESSAGE[user.status], { redirect: '/plans' });
  }
  const question = await saveQuestion(db, user.id, asked.sessionId, asked.message);
  if (!question) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
  const pro = user.userType === 'pro';
  // A free question is taken from its day now; an answer that fails gives it back to that day.
  const reservedDay = pro ? null : await reserveQuestion(db, question);
  return { ...asked, question, reservedDay, allowed: pro || reservedDay !== null };
}

/** Answers a begun question over the asker's active accounts, as the engine does for the chat. */
export async function answerBegun(
  services: AskServices,
  begun: BegunQuestion,
  listener: AnswerListener,
): Promise<void> {
  const { db, sync, log, refunds } = services;
  const { question: session, reservedDay, message, user } = begun;
  try {
    if (!begun.allowed) {
      await saveReplies(db, session, [{ sender: 'system', content: QUOTA_MESSAGE }]);
      listener.quotaExceeded(QUOTA_MESSAGE);
      return;
    }
    let scope = await activeScope(db, user.id);
    const history = await earlierQuestions(db, session.id);
    // "Today" is the ad account's date in its time zone.
    const today = todayIn(scope.timezoneByAccount[scope.accountIds[0] ?? ''] ?? begun.timezone);
    // A first import is not waited for: the answer uses what has arrived and says how far it got.
    let notice = await firstImportNotice({ db, sync }, scope, { today, text: message, history });
    if (!notice && sync.isStale(Object.values(scope.lastSuccessAt))) {
      await sync.ensureFresh(scope.accountIds);
      scope = await activeScope(db, user.id);
      // Meta down or slow: answer from the last synced data, and say how old it is.
      const synced = Object.values(scope.lastSuccessAt);
      if (sync.isStale(synced)) notice = staleDataNotice(synced);
    }
    let analyticsSent = false;
    let sectionSent = false;
    let failed = false;
    const answer = await answerQuestion(
      {
        db,
        scope: { accountIds: scope.accountIds },
        dataVersion: scope.dataVersion,
        today,
        model: begun.model,
        llm: services.llm,
        // The numbers go out while the insights are still being worked out. The whole answer is
        // saved before anything after them is reported, so a reload finds what the reader saw.
        onAnalytics: async (analytics, suggestions) => {
          analyticsSent = true;
          await listener.analytics(analytics, suggestions, notice ?? null);
        },
        // Each section is saved, then reported, while the next one is being built.
        onReportSection: async (reportSection) => {
          const section = notice && !sectionSent ? noticeFirst(reportSection, notice) : reportSection;
          await saveReplies(db, session, [{ sender: 'lynceus', response: section.message }]);
          sectionSent = true;
          await listener.reportSection(section);
        },
      },
      message,
      history,
    ).catch((error: unknown): Pick<Answer, 'message' | 'sections'> => {
      // A database outage, or a failure once part of the answer is out, ends the answer as failed
      // below; any other failure is answered like a question, and saved.
      if (isDatabaseUnavailable(error) || analyticsSent || sectionSent) throw error;
      log.error({ err: error }, 'answering failed');
      failed = true;
      return { message: failureAnswer() };
    });
    // A client that leaves mid-answer finds the whole answer on reload: the work goes on after it.
    if (answer.sections) {
      await markAnswered(db, session);
      listener.reportComplete(answer.sections.length);
    } else {
      // A message that does not answer keeps its own error: without figures, their age is moot.
      const reply = notice && !answer.message.error ? { ...answer.message, error: notice } : answer.message;
      await saveReplies(db, session, [{ sender: 'lynceus', response: reply }]);
      // A failed answer costs nothing; given back once saved, as the catch below would otherwise.
      if (failed && reservedDay) refunds.refund(session);
      listener.message(reply, analyticsSent);
    }
  } catch (error) {
    log.error({ err: error }, 'answering failed');
    if (reservedDay) refunds.refund(session);
    listener.failed(ANSWER_FAILED);
    // The reader saw the failure, so a reload shows it too. If the database is what failed, the
    // question stays marked as being answered, and the next start of this node saves the reply.
    await saveFailedReply(db, session, ANSWER_FAILED).catch((saveError: unknown) =>
      log.warn({ err: saveError }, 'the failed reply could not be saved'),
    );
  }
}

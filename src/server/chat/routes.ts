import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureAnswer } from '../../analyst/compose/fallback';
import { type Answer, answerQuestion } from '../../analyst/engine';
import * as api from '../../shared/api/chat';
import { errorResponseSchema } from '../../shared/errors';
import { activeScope } from '../accounts/accounts';
import { todayIn } from '../demo/seed';
import { AppError, isDatabaseUnavailable } from '../errors';
import { answerEvents, reportSectionEvents } from './answer-events';
import { ANSWER_FAILED } from './answer-failed';
import { openEventStream } from './event-stream';
import { FirstEvents } from './first-events';
import { staleDataNotice } from './freshness';
import { firstImportNotice, noticeFirst } from './import-notice';
import { createQuestionRefunds, reserveQuestion } from './quota';
import {
  currentSession,
  earlierQuestions,
  markAnswered,
  newChat,
  ownedSession,
  recentSessions,
  saveFailedReply,
  saveQuestion,
  saveReplies,
  sessionHistory,
  summaryOf,
} from './sessions';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
/** Pro has no daily quota; this fair-use limit only stops a script from hammering the engine. */
const QUESTIONS_PER_MINUTE = 20;
const QUOTA_MESSAGE = `You have used your ${api.FREE_QUESTIONS_PER_DAY} free questions for today. Upgrade to Pro for unlimited questions: /plans`;
const BILLING_MESSAGE = {
  payment: 'Your last payment did not go through. Please update your plan to keep asking.',
  paused: 'Your subscription is paused. Please resume your plan to keep asking.',
};
/** How long an answer past its numbers gives way to other askers' numbers, at most. */
const FIRST_EVENT_PRIORITY_MS = 250;
const notFound = () => new AppError('NOT_FOUND', 'Chat session not found');

/** The chat API. Every call is limited to the caller's own sessions. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;
  const security = [{ bearerAuth: [] }];
  const firstEvents = new FirstEvents(FIRST_EVENT_PRIORITY_MS);
  const refunds = createQuestionRefunds(db, app.log);
  app.addHook('onClose', async () => refunds.stop());

  app.get(
    '/sessions/current',
    { schema: { tags: ['chat'], security, response: { 200: api.sessionSummarySchema, ...errors } } },
    async (request) => summaryOf(await currentSession(db, request.currentUser.id)),
  );

  app.get(
    '/sessions/recent',
    { schema: { tags: ['chat'], security, response: { 200: api.recentSessionsResponse, ...errors } } },
    async (request) => ({ sessions: await recentSessions(db, request.currentUser.id) }),
  );

  app.get(
    '/sessions/:id',
    {
      schema: {
        tags: ['chat'],
        security,
        params: api.sessionParams,
        response: { 200: api.sessionHistoryResponse, ...errors },
      },
    },
    async (request) => {
      const session = await ownedSession(db, request.currentUser.id, request.params.id);
      if (!session) throw notFound();
      return { ...summaryOf(session), history: { messages: await sessionHistory(db, session.id) } };
    },
  );

  app.post(
    '/new-chat',
    {
      schema: {
        tags: ['chat'],
        security,
        body: api.newChatBody,
        response: { 200: api.newChatResponse, ...errors },
      },
    },
    async (request) => ({
      sessionId: (await newChat(db, request.currentUser.id, request.body?.sessionId)).id,
    }),
  );

  app.post(
    '/ask',
    {
      schema: { tags: ['chat'], security, body: api.askBody, response: errors },
      // Counted from arrival; the response closing (answered, refused or abandoned) always ends it.
      onRequest: async (request, reply) => {
        firstEvents.arrived(request);
        reply.raw.once('close', () => firstEvents.sent(request));
      },
      // Counted per user, after authentication, without a database round trip per question.
      config: {
        rateLimit: {
          max: QUESTIONS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `ask|${request.currentUser.id}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            code: 'RATE_LIMITED',
            message: 'You are asking very quickly. Please wait a minute and try again.',
          }),
        },
      },
    },
    async (request, reply) => {
      const user = request.currentUser;
      const { message, sessionId, model, timezone } = request.body;
      if (!user.fbPermissionsGranted && !user.gPermissionsGranted) {
        throw new AppError('FORBIDDEN', api.CONNECT_ADS_MESSAGE);
      }
      // The chat is for active and trial users; a payment problem goes to /plans.
      if (user.status === 'payment' || user.status === 'paused') {
        throw new AppError('FORBIDDEN', BILLING_MESSAGE[user.status], { redirect: '/plans' });
      }
      const session = await saveQuestion(db, user.id, sessionId, message);
      if (!session) throw notFound();
      const pro = user.userType === 'pro';
      // A free question is taken from its day now; an answer that fails gives it back to that day.
      const reservedDay = pro ? null : await reserveQuestion(db, session);
      const allowed = pro || reservedDay !== null;

      reply.hijack();
      const stream = openEventStream(reply.raw, { 'x-request-id': request.id });
      try {
        if (!allowed) {
          await saveReplies(db, session, [{ sender: 'system', content: QUOTA_MESSAGE }]);
          stream.send({ type: 'quota_exceeded', message: QUOTA_MESSAGE, upgradeUrl: '/plans' });
          return;
        }
        let scope = await activeScope(db, user.id);
        const history = await earlierQuestions(db, session.id);
        // "Today" is the ad account's date in its time zone.
        const today = todayIn(scope.timezoneByAccount[scope.accountIds[0] ?? ''] ?? timezone);
        // A first import is not waited for: the answer uses what has arrived and says how far it got.
        let notice = await firstImportNotice({ db, sync: app.meta.sync }, scope, {
          today,
          text: message,
          history,
        });
        if (!notice && app.meta.sync.isStale(Object.values(scope.lastSuccessAt))) {
          await app.meta.sync.ensureFresh(scope.accountIds);
          scope = await activeScope(db, user.id);
          // Meta down or slow: answer from the last synced data, and say how old it is.
          const synced = Object.values(scope.lastSuccessAt);
          if (app.meta.sync.isStale(synced)) notice = staleDataNotice(synced);
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
            model,
            llm: app.config.llm,
            // The numbers go out while the insights are still being worked out. The whole answer is
            // saved before anything after them is sent, so a reload finds what the reader saw.
            onAnalytics: async (analytics, suggestions) => {
              stream.send({
                type: 'analytics',
                analytics,
                error: notice ?? null,
                settings: null,
                suggestions,
              });
              analyticsSent = true;
              await stream.flush();
              firstEvents.sent(request);
              await firstEvents.turn();
            },
            // Each section is saved, then sent, while the next one is being built.
            onReportSection: async (reportSection) => {
              const section = notice && !sectionSent ? noticeFirst(reportSection, notice) : reportSection;
              await saveReplies(db, session, [{ sender: 'lynceus', response: section.message }]);
              for (const event of reportSectionEvents(section)) stream.send(event);
              sectionSent = true;
              await stream.flush();
              firstEvents.sent(request);
              await firstEvents.turn();
            },
          },
          message,
          history,
        ).catch((error: unknown): Pick<Answer, 'message' | 'sections'> => {
          // A database outage, or a failure once part of the answer is on screen, ends the stream
          // with an error event below; any other failure is answered like a question, and saved.
          if (isDatabaseUnavailable(error) || analyticsSent || sectionSent) throw error;
          request.log.error({ err: error }, 'answering failed');
          failed = true;
          return { message: failureAnswer() };
        });
        // A client that leaves mid-stream finds the whole answer on reload: the work goes on after it.
        if (answer.sections) {
          await markAnswered(db, session);
          const total = answer.sections.length;
          stream.send({ type: 'report_complete', total_sections: total, total_requested: total });
        } else {
          // A message that does not answer keeps its own error: without figures, their age is moot.
          const message =
            notice && !answer.message.error ? { ...answer.message, error: notice } : answer.message;
          await saveReplies(db, session, [{ sender: 'lynceus', response: message }]);
          // A failed answer costs nothing; given back once saved, as the catch below would otherwise.
          if (failed && reservedDay) refunds.refund(session);
          const events = answerEvents(message);
          for (const event of analyticsSent ? events.slice(1) : events) stream.send(event);
        }
      } catch (error) {
        request.log.error({ err: error }, 'answering failed');
        if (reservedDay) refunds.refund(session);
        stream.send({ type: 'error', message: ANSWER_FAILED });
        // The reader saw the failure, so a reload shows it too. If the database is what failed, the
        // question stays marked as being answered, and the next start of this node saves the reply.
        await saveFailedReply(db, session, ANSWER_FAILED).catch((saveError: unknown) =>
          request.log.warn({ err: saveError }, 'the failed reply could not be saved'),
        );
      } finally {
        stream.done();
      }
    },
  );
};

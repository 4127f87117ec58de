import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../shared/api/chat';
import { errorResponseSchema } from '../../shared/errors';
import { AppError } from '../errors';
import { answerEvents, reportSectionEvents } from './answer-events';
import { answerBegun, beginQuestion, SESSION_NOT_FOUND } from './ask-flow';
import { openEventStream } from './event-stream';
import { FirstEvents } from './first-events';
import { currentSession, newChat, ownedSession, recentSessions, sessionHistory, summaryOf } from './sessions';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
/** How long an answer past its numbers gives way to other askers' numbers, at most. */
const FIRST_EVENT_PRIORITY_MS = 250;
const notFound = () => new AppError('NOT_FOUND', SESSION_NOT_FOUND);

/** The chat API. Every call is limited to the caller's own sessions. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;
  const security = [{ bearerAuth: [] }];
  const firstEvents = new FirstEvents(FIRST_EVENT_PRIORITY_MS);

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
      // After authentication and the body's checks, before anything is saved.
      preHandler: (request, reply) => app.limitQuestions(request, reply),
    },
    async (request, reply) => {
      const begun = await beginQuestion(db, { user: request.currentUser, ...request.body });
      reply.hijack();
      const stream = openEventStream(reply.raw, { 'x-request-id': request.id });
      // Each part goes out as soon as it is saved; the first one lets other askers' numbers go next.
      const sent = async () => {
        await stream.flush();
        firstEvents.sent(request);
        await firstEvents.turn();
      };
      try {
        await answerBegun({ ...app.asking, log: request.log }, begun, {
          quotaExceeded: (message) => stream.send({ type: 'quota_exceeded', message, upgradeUrl: '/plans' }),
          analytics: async (analytics, suggestions, notice) => {
            stream.send({ type: 'analytics', analytics, error: notice, settings: null, suggestions });
            await sent();
          },
          reportSection: async (section) => {
            for (const event of reportSectionEvents(section)) stream.send(event);
            await sent();
          },
          reportComplete: (total) =>
            stream.send({ type: 'report_complete', total_sections: total, total_requested: total }),
          message: (message, analyticsSent) => {
            const events = answerEvents(message);
            for (const event of analyticsSent ? events.slice(1) : events) stream.send(event);
          },
          failed: (message) => stream.send({ type: 'error', message }),
        });
      } finally {
        stream.done();
      }
    },
  );
};

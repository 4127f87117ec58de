import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { AskServices } from './ask-flow';
import { createQuestionRefunds } from './quota';

/** Pro has no daily quota; this fair-use limit only stops a script from hammering the engine. */
export const QUESTIONS_PER_MINUTE = 20;
export const ASKING_TOO_FAST = 'You are asking very quickly. Please wait a minute and try again.';

declare module 'fastify' {
  interface FastifyInstance {
    /** What answering a question needs; each request adds its own logger. */
    asking: Omit<AskServices, 'log'>;
    /**
     * Counts one question for the signed-in user and refuses it (429) past the limit. The chat's
     * questions and MCP's share the one counter: a user has one allowance, wherever they ask.
     */
    limitQuestions: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
  }
}

/**
 * The services every way of asking shares (the chat, MCP). Registered after the rate-limit plugin
 * (whose store, in memory or Redis, the counter uses) and the Meta plugin, before the routes.
 */
export const askingPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.database;
  const refunds = createQuestionRefunds(db, app.log);
  app.addHook('onClose', async () => refunds.stop());
  app.decorate('asking', { db, sync: app.meta.sync, llm: app.config.llm, refunds });

  const count = app.createRateLimit({
    max: QUESTIONS_PER_MINUTE,
    timeWindow: 60_000,
    // Counted per user, after authentication, without a database round trip per question.
    keyGenerator: (request) => `ask|${request.currentUser.id}`,
  });
  app.decorate('limitQuestions', async (request: FastifyRequest, reply?: FastifyReply) => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply?.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('RATE_LIMITED', ASKING_TOO_FAST);
  });
});

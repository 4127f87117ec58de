import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../shared/api/handoff';
import { handoffCodes, users } from '../db/schema';
import { AppError } from '../errors';
import { clientAddress } from '../plugins/ip-request-limit';
import { authErrorResponses, tokenFor } from './auth-user';

const errors = authErrorResponses;

/** Per address: codes are 256 random bits, so this only spares the database, it is not the defence. */
export const HANDOFF_EXCHANGES_PER_IP_PER_MINUTE = 20;
const HANDOFFS_PER_USER_PER_MINUTE = 30;

// A plain digest is enough: the code is 256 random bits, so a copy of the table gives nothing to
// try offline, unlike the 6-digit email codes, which need a keyed hash.
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * `POST /auth/handoff` makes a code that stands for the caller's session for 60 s;
 * `POST /auth/handoff/exchange` trades it, once, for a fresh token of that user. The permissions
 * step puts the code in the chat's address instead of a bearer token that lives for days.
 */
export const handoffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticated.authenticate);
    authenticated.post(
      '/handoff',
      {
        config: {
          rateLimit: {
            max: HANDOFFS_PER_USER_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (request) => `handoff|${request.currentUser.id}`,
          },
        },
        schema: {
          tags: ['auth'],
          security: [{ bearerAuth: [] }],
          response: { 200: api.createHandoffResponse, ...errors },
        },
      },
      async (request) => {
        const user = request.currentUser;
        const code = randomBytes(32).toString('base64url');
        await db.transaction(async (tx) => {
          await tx.delete(handoffCodes).where(lt(handoffCodes.expiresAt, sql`now()`));
          await tx.insert(handoffCodes).values({
            codeHash: hashOf(code),
            userId: user.id,
            tokenVersion: user.tokenVersion,
            expiresAt: sql`now() + make_interval(secs => ${api.HANDOFF_CODE_TTL_SECONDS})`,
          });
        });
        return { code, expiresIn: api.HANDOFF_CODE_TTL_SECONDS };
      },
    );
  });

  app.post(
    '/handoff/exchange',
    {
      config: {
        rateLimit: {
          max: HANDOFF_EXCHANGES_PER_IP_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `handoff-exchange|${clientAddress(request)}`,
        },
      },
      schema: {
        tags: ['auth'],
        body: api.exchangeHandoffBody,
        response: { 200: api.exchangeHandoffResponse, ...errors },
      },
    },
    async (request) => {
      // Deleting is what spends the code: of two parallel exchanges only one gets the row back.
      const [spent] = await db
        .delete(handoffCodes)
        .where(
          and(eq(handoffCodes.codeHash, hashOf(request.body.code)), gt(handoffCodes.expiresAt, sql`now()`)),
        )
        .returning({ userId: handoffCodes.userId, tokenVersion: handoffCodes.tokenVersion });
      const [user] = spent ? await db.select().from(users).where(eq(users.id, spent.userId)).limit(1) : [];
      if (!spent || !user || user.tokenVersion !== spent.tokenVersion) {
        throw new AppError('BAD_REQUEST', api.HANDOFF_INVALID);
      }
      return { token: await tokenFor(app.config, user) };
    },
  );
};

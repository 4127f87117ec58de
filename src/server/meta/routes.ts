import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../shared/api/meta';
import { errorResponseSchema } from '../../shared/errors';
import type { GraphAdAccount } from '../../warehouse/graph-types';
import { tokenFor } from '../auth/auth-user';
import type { Db } from '../db/client';
import { metaAdAccounts, userAdAccounts, users } from '../db/schema';
import { AppError } from '../errors';
import { saveConnection } from './connections';
import { GraphApiError, GraphTokenError } from './graph';
import { ensureSyncState } from './sync/sync-state';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  503: errorResponseSchema,
};

const NO_ACCOUNTS =
  'Could not fetch your ad accounts. Please make sure you have Facebook ad accounts set up.';
const ACCOUNT_FIELDS = 'account_id,name,currency,timezone_name,account_status';

/** Graph failures in words a marketer can act on; never Meta's raw text, which may be technical. */
function graphFailure(error: unknown): AppError {
  if (error instanceof GraphTokenError) {
    return new AppError('BAD_REQUEST', 'Your Facebook session has expired. Please connect Facebook again.');
  }
  if (error instanceof GraphApiError && !error.retryable) {
    return new AppError('BAD_REQUEST', 'Facebook refused the request. Please connect Facebook again.');
  }
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Facebook is not reachable at the moment. Please try again later.',
  );
}

/**
 * `POST /auth/save-facebook-permissions`: checks the token with Meta, keeps a long-lived copy
 * sealed, saves the chosen ad accounts (only those the token can really read: the list in the
 * body is a request, not proof) and starts their backfill.
 */
export const metaPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;
  const { graph, app: metaApp } = app.meta;

  app.post(
    '/save-facebook-permissions',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        body: api.saveFacebookPermissionsBody,
        response: { 200: api.saveFacebookPermissionsResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.currentUser;
      const { facebookToken, accounts } = request.body;

      let debug: Awaited<ReturnType<typeof graph.debugToken>>;
      try {
        debug = await graph.debugToken(facebookToken);
      } catch (error) {
        throw graphFailure(error);
      }
      if (!debug.isValid || debug.appId !== metaApp.appId || debug.type !== 'USER') {
        throw new AppError(
          'BAD_REQUEST',
          'This Facebook login is not valid for ARLO. Please connect Facebook again.',
        );
      }
      if (!debug.scopes.includes('ads_read')) {
        throw new AppError(
          'BAD_REQUEST',
          'ARLO needs the ads_read permission to read your ad accounts. Please allow it and try again.',
        );
      }

      let longLived: { accessToken: string; expiresIn: number | null };
      let readable: GraphAdAccount[];
      try {
        longLived = await graph.exchangeToken(facebookToken);
        readable = await graph.getAll<GraphAdAccount>(
          'me/adaccounts',
          { fields: ACCOUNT_FIELDS, limit: 100 },
          longLived.accessToken,
        );
      } catch (error) {
        throw graphFailure(error);
      }
      const wanted = new Set(accounts.map((account) => account.account_id));
      const chosen = readable.filter((account) => wanted.has(String(account.account_id)));
      if (chosen.length === 0) throw new AppError('BAD_REQUEST', NO_ACCOUNTS);

      // The token, the accounts and the user's new state commit together, or not at all.
      const updated = await db.transaction(async (tx) => {
        await saveConnection(tx, app.config.encryptionKey, {
          userId: user.id,
          facebookUserId: debug.userId,
          token: longLived.accessToken,
          scopes: debug.scopes,
          expiresInSeconds: longLived.expiresIn,
        });
        for (const account of chosen) {
          const id = String(account.account_id);
          await tx
            .insert(metaAdAccounts)
            .values({ id, name: account.name, currency: account.currency, timezone: account.timezone_name })
            .onConflictDoUpdate({
              target: metaAdAccounts.id,
              set: {
                name: account.name,
                currency: account.currency,
                timezone: account.timezone_name,
                updatedAt: sql`now()`,
              },
            });
          await tx
            .insert(userAdAccounts)
            .values({ userId: user.id, accountId: id, name: account.name, active: true })
            .onConflictDoUpdate({
              target: [userAdAccounts.userId, userAdAccounts.accountId],
              set: { name: account.name, active: true },
            });
          await ensureSyncState(tx as unknown as Db, id);
        }
        const [row] = await tx
          .update(users)
          .set({
            fbPermissionsGranted: true,
            // Connecting finishes signup on the free plan; other statuses (a lapsed payment) stay.
            status: sql`case when ${users.status} = 'signup' then 'active'::user_status else ${users.status} end`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, user.id))
          .returning();
        return row;
      });
      if (!updated) throw new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');

      await app.meta.sync.request(
        chosen.map((account) => String(account.account_id)),
        'refresh',
      );
      return { success: true as const, token: await tokenFor(app.config, updated) };
    },
  );
};

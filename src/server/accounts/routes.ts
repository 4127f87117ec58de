import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../shared/api/meta';
import { errorResponseSchema } from '../../shared/errors';
import { AppError } from '../errors';
import { listAccounts, ownsAccount, setAccountActive } from './accounts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
// The same answer for "not yours" and "does not exist": ids of other users' accounts stay unconfirmed.
const notFound = () => new AppError('NOT_FOUND', 'Ad account not found');

/** The caller's connected Meta ad accounts: list, switch on or off, sync now. Signed-in only. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    { schema: { tags: ['accounts'], security, response: { 200: api.accountsResponse, ...errors } } },
    async (request) => ({ accounts: await listAccounts(db, request.currentUser.id) }),
  );

  app.put(
    '/:id/status',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: api.accountStatusParams,
        body: api.accountStatusBody,
        response: { 200: api.accountStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { active } = request.body;
      if (!(await setAccountActive(db, request.currentUser.id, request.params.id, active))) throw notFound();
      // Switching an account back on should not leave its numbers stale.
      if (active) await app.meta.sync.request([request.params.id], 'refresh');
      return { success: true, message: `Account ${active ? 'activated' : 'deactivated'} successfully` };
    },
  );

  app.post(
    '/:id/sync',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['accounts'],
        security,
        params: api.accountStatusParams,
        response: { 200: api.syncAccountResponse, ...errors },
      },
    },
    async (request) => {
      if (!(await ownsAccount(db, request.currentUser.id, request.params.id))) throw notFound();
      await app.meta.sync.request([request.params.id], 'refresh');
      return { success: true, message: 'Sync started' };
    },
  );
};

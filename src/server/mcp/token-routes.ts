import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../shared/api/mcp-tokens';
import { errorResponseSchema } from '../../shared/errors';
import { AppError } from '../errors';
import { createToken, listTokens, revokeToken } from './tokens';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
// The same answer for "not yours" and "does not exist": other users' token ids stay unconfirmed.
const notFound = () => new AppError('NOT_FOUND', 'MCP token not found');

/** The caller's personal access tokens for `POST /mcp`: create (secret shown once), list, revoke. */
export const mcpTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;
  const security = [{ bearerAuth: [] }];

  // '' rather than '/': the routes are /api/mcp-tokens itself, with no trailing-slash twin.
  app.post(
    '',
    {
      // Making tokens is rare; a loop making them is not a use. Per user: the cap is per user too.
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request) => `mcp-tokens|${request.currentUser.id}`,
        },
      },
      schema: {
        tags: ['mcp'],
        security,
        body: api.createMcpTokenBody,
        response: { 200: api.createMcpTokenResponse, ...errors },
      },
    },
    async (request) => {
      const created = await createToken(db, request.currentUser.id, request.body.name);
      if (!created) throw new AppError('CONFLICT', api.MCP_TOKENS_LIMIT_MESSAGE);
      return { id: created.id, name: created.name, token: created.token, createdAt: created.createdAt };
    },
  );

  app.get(
    '',
    { schema: { tags: ['mcp'], security, response: { 200: api.listMcpTokensResponse, ...errors } } },
    async (request) => ({ tokens: await listTokens(db, request.currentUser.id) }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['mcp'],
        security,
        params: api.mcpTokenParams,
        response: { 200: api.revokeMcpTokenResponse, ...errors },
      },
    },
    async (request) => {
      if (!(await revokeToken(db, request.currentUser.id, request.params.id))) throw notFound();
      return { success: true as const };
    },
  );
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { tokenOwner } from './tokens';

const MISSING =
  'An MCP access token is required: create one in ARLO under Settings → Data and Dev Tools and send it as "Authorization: Bearer <token>".';
const INVALID = 'This MCP access token is not valid or has been revoked.';

/**
 * The onRequest hook of `/mcp`: the personal access token names the user every tool acts for.
 * Refused before the body is read; `WWW-Authenticate` tells an MCP client it needs a bearer token.
 */
export function mcpAuthenticator(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) {
      reply.header('www-authenticate', 'Bearer realm="arlo"');
      throw new AppError('UNAUTHORIZED', MISSING);
    }
    const user = await tokenOwner(db, token);
    if (!user) {
      reply.header('www-authenticate', 'Bearer realm="arlo", error="invalid_token"');
      throw new AppError('UNAUTHORIZED', INVALID);
    }
    request.currentUser = user;
  };
}

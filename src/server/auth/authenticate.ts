import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { bearerClaims, bearerToken } from './tokens';

type User = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** An onRequest hook for route folders that need a signed-in user: a stranger is refused before any body is read. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    currentUser: User;
  }
}

/**
 * Reads the bearer token, checks it, and loads its user. A token from before a password reset
 * (an older version) or for a deleted user is as invalid as a forged one: 401.
 */
export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('currentUser', null as unknown as User);
  // Every signed-in request runs this lookup: built once, not on each request.
  const userById = app.database.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('authenticate_user_by_id');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!bearerToken(request)) throw new AppError('UNAUTHORIZED', 'No auth token');
    const claims = await bearerClaims(app.config, request);
    const [user] = claims ? await userById.execute({ id: claims.userId }) : [];
    if (!claims || !user || user.tokenVersion !== claims.version || user.email !== claims.email) {
      throw new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');
    }
    request.currentUser = user;
  });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../shared/api/health';
import { errorResponseSchema } from '../../shared/errors';
import { version } from '../version';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async () => {
      // A failed ping surfaces as 503 through the error handler, which load balancers understand.
      await app.database.ping();
      return { status: 'ok' as const, db: app.database.kind, version };
    },
  );
};

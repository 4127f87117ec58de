import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes';

/** Each feature folder contributes one route plugin under its prefix; later features add theirs here. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
}

import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/routes';
import { authRoutes } from './auth/routes';
import { socialAuthRoutes } from './auth/social/routes';
import { chatRoutes } from './chat/routes';
import { clientConfigRoutes } from './client-config/routes';
import { healthRoutes } from './health/routes';
import { metaPermissionRoutes } from './meta/routes';

/** Each feature folder contributes one route plugin under its prefix; later features add theirs here. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(clientConfigRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(socialAuthRoutes, { prefix: '/auth' });
  await app.register(metaPermissionRoutes, { prefix: '/auth' });
  await app.register(accountRoutes, { prefix: '/api/accounts' });
  await app.register(chatRoutes, { prefix: '/api' });
}

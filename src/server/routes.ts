import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/routes';
import { handoffRoutes } from './auth/handoff-routes';
import { authRoutes } from './auth/routes';
import { socialAuthRoutes } from './auth/social/routes';
import { checkoutRoutes } from './billing/checkout-routes';
import { subscriptionRoutes } from './billing/subscription-routes';
import { webhookRoutes } from './billing/webhook-routes';
import { askingPlugin } from './chat/asking';
import { chatRoutes } from './chat/routes';
import { clientConfigRoutes } from './client-config/routes';
import { emailReportRoutes } from './email-reports/routes';
import { healthRoutes } from './health/routes';
import { mcpRoutes } from './mcp/routes';
import { mcpTokenRoutes } from './mcp/token-routes';
import { metaPermissionRoutes } from './meta/routes';

/** Each feature folder contributes one route plugin under its prefix; later features add theirs here. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(clientConfigRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(socialAuthRoutes, { prefix: '/auth' });
  await app.register(handoffRoutes, { prefix: '/auth' });
  await app.register(metaPermissionRoutes, { prefix: '/auth' });
  await app.register(accountRoutes, { prefix: '/api/accounts' });
  await app.register(askingPlugin);
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(mcpTokenRoutes, { prefix: '/api/mcp-tokens' });
  await app.register(mcpRoutes);
  await app.register(emailReportRoutes, { prefix: '/api/email-reports' });
  await app.register(checkoutRoutes('payment'), { prefix: '/payment' });
  await app.register(checkoutRoutes('ypayment'), { prefix: '/ypayment' });
  await app.register(subscriptionRoutes, { prefix: '/payment' });
  await app.register(webhookRoutes, { prefix: '/payment' });
}

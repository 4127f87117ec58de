import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { refreshAdWindows } from '../warehouse/ad-windows';
import { backfillBreakdownRollups } from '../warehouse/breakdown-rollup';
import { backfillRollups } from '../warehouse/rollups';
import { authenticatePlugin } from './auth/authenticate';
import { billingPlugin } from './billing/plugin';
import { startCrashRecovery } from './boot/crash-recovery';
import type { Config } from './config';
import { type Database, databaseOptionsFor, openDatabase } from './db/client';
import { seedDemoWarehouse } from './demo/seed';
import { emailReportsPlugin } from './email-reports/plugin';
import { loggerOptions } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { type GraphTiming, metaPlugin } from './meta/plugin';
import { webDistDir } from './paths';
import { bodyLimitsPlugin, DEFAULT_BODY_LIMIT } from './plugins/body-limits';
import { docsPlugin } from './plugins/docs';
import { errorHandlerPlugin } from './plugins/error-handler';
import { jsonBodyPlugin } from './plugins/json-body';
import { securityPlugin } from './plugins/security';
import { registerRoutes } from './routes';
import { version } from './version';
import { webPlugin } from './web/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
  }
}

export interface BuildOptions {
  /** An already-open database (tests hand in a per-file one). Otherwise one is opened from config. */
  database?: Database;
  /** Where logs go; defaults to stdout. */
  logStream?: DestinationStream;
  /** The built web app; defaults to dist/web. */
  webRoot?: string;
  /** Load the demo ad accounts when no Meta app is configured (what `arlo serve` does). */
  seedDemoData?: boolean;
  /** Shorter Graph API waits (backoff, rate-limit pauses, report polls): tests must not sleep a minute. */
  graphTiming?: GraphTiming;
  /** The time the email scheduler believes it is; tests set a Monday morning. Defaults to the real time. */
  clock?: () => Date;
}

// Client-supplied request ids are kept for tracing across proxies, but only if they are harmless.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Builds the whole server: external plugins first, then app services as decorators, then the
 * routes of each feature, then the web app. Migrations are applied before any route can run.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Routes get their own limits from bodyLimitsPlugin; this one is for unknown URLs.
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // 1. External plugins.
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(bodyLimitsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin, { version });

  // 2. App services.
  const database = options.database ?? (await openDatabase(databaseOptionsFor(config)));
  if (!options.database) app.addHook('onClose', () => database.close());
  await database.migrate();
  // A warehouse loaded before a roll-up table existed gets it filled once; afterwards each check
  // is an index probe per account.
  await backfillRollups(database.db);
  await backfillBreakdownRollups(database.db);
  // Windows a load dropped and a stop cut off before their rebuild come back here.
  await refreshAdWindows(database.db);
  await startCrashRecovery(app, database.db);
  if (options.seedDemoData && config.meta.demo) {
    const seeded = await seedDemoWarehouse(database.db);
    app.log.info(
      seeded.rows > 0
        ? `demo ad accounts loaded: ${seeded.rows} rows through the day before ${seeded.today}`
        : `demo ad accounts already current through the day before ${seeded.today}`,
    );
  }
  app.decorate('config', config);
  app.decorate('database', database);
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  await app.register(authenticatePlugin);
  await app.register(metaPlugin, { timing: options.graphTiming });
  await app.register(billingPlugin);
  await app.register(emailReportsPlugin, { clock: options.clock });

  // 3. Routes, one folder per feature.
  await registerRoutes(app);

  // 4. The web app and the history fallback, last so every API route wins over it.
  await app.register(webPlugin, { root: options.webRoot ?? webDistDir });

  return app;
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEmailReports, type EmailReports } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    emailReports: EmailReports;
  }
}

/**
 * The weekly digest and anomaly alerts: a scheduler that ticks every minute once the server is
 * ready, and a listener on the sync service for alerts after each successful refresh.
 */
export const emailReportsPlugin = fp(
  async (app: FastifyInstance, options: { clock?: () => Date }) => {
    const reports = createEmailReports({
      database: app.database,
      config: app.config,
      mailer: app.mailer,
      log: app.log,
      clock: options.clock ?? (() => new Date()),
    });
    app.meta.sync.onSynced((accountIds) => void reports.afterSync(accountIds));
    app.addHook('onReady', async () => reports.start());
    // Before the mailer and the database close (onClose hooks run in reverse order of adding).
    app.addHook('onClose', () => reports.stop());
    app.decorate('emailReports', reports);
  },
  { name: 'email-reports', dependencies: ['meta'] },
);

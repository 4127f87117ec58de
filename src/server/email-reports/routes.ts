import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../shared/api/email-reports';
import { errorResponseSchema } from '../../shared/errors';
import { activeScope } from '../accounts/accounts';
import { AppError } from '../errors';
import { escapeHtml } from './html';
import { readPrefs, unsubscribe, writePrefs } from './prefs';
import { verifyUnsubscribe } from './unsubscribe';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };
/** Test digests run the engine and the mail server for one person: a few an hour is plenty. */
export const TEST_DIGESTS_PER_HOUR = 5;

const kindWords: Record<api.EmailReportKind, string> = {
  digest: 'the weekly digest',
  alerts: 'anomaly alerts',
};

/** The caller's email report choices and the test digest (signed in), and the signed unsubscribe link (no login). */
export const emailReportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(signedInRoutes);
  await app.register(unsubscribeRoutes);
};

const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
  const app = signedIn;
  const { db } = app.database;
  {
    signedIn.addHook('onRequest', signedIn.authenticate);
    const security = [{ bearerAuth: [] }];
    const prefsOf = async (userId: string) => {
      const scope = await activeScope(db, userId);
      return readPrefs(db, userId, scope.timezoneByAccount[scope.accountIds[0] ?? '']);
    };

    signedIn.get(
      '/',
      {
        schema: {
          tags: ['email-reports'],
          security,
          response: { 200: api.emailReportPrefsResponse, ...errors },
        },
      },
      async (request) => prefsOf(request.currentUser.id),
    );

    signedIn.put(
      '/',
      {
        schema: {
          tags: ['email-reports'],
          security,
          body: api.emailReportPrefsBody,
          response: { 200: api.emailReportPrefsResponse, ...errors },
        },
      },
      async (request) => {
        await writePrefs(db, request.currentUser.id, request.body);
        return prefsOf(request.currentUser.id);
      },
    );

    signedIn.post(
      '/test-digest',
      {
        config: {
          rateLimit: {
            max: TEST_DIGESTS_PER_HOUR,
            timeWindow: 3_600_000,
            keyGenerator: (request) => `test-digest|${request.currentUser.id}`,
            errorResponseBuilder: (_request, context) => ({
              statusCode: context.statusCode,
              code: 'RATE_LIMITED',
              message: `You can send ${TEST_DIGESTS_PER_HOUR} test digests an hour. Please try again later.`,
            }),
          },
        },
        schema: {
          tags: ['email-reports'],
          security,
          response: { 200: api.testDigestResponse, ...errors, 503: errorResponseSchema },
        },
      },
      async (request) => {
        if (!app.config.mail.smtpUrl)
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'Email is not set up on this server (SMTP_URL), so no digest can be sent.',
          );
        let outcome: Awaited<ReturnType<typeof app.emailReports.sendTestDigest>>;
        try {
          outcome = await app.emailReports.sendTestDigest(request.currentUser.id);
        } catch (error) {
          request.log.warn({ err: error }, 'test digest failed');
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The test digest could not be sent. Please try again in a few minutes.',
          );
        }
        if (outcome === 'no_accounts')
          throw new AppError(
            'BAD_REQUEST',
            'Switch on an ad account in Settings first: the digest reports on your active accounts.',
          );
        return { success: true as const, message: `Test digest sent to ${request.currentUser.email}.` };
      },
    );
  }
};

const unsubscribeRoutes: FastifyPluginAsyncZod = async (open) => {
  const { db } = open.database;
  {
    // Mail clients' one-click unsubscribe posts a form body (RFC 8058); the signed query is all we read.
    open.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, {}),
    );
    const schema = {
      tags: ['email-reports'],
      querystring: api.unsubscribeQuery,
      response: { 200: api.unsubscribeResponse, 400: errorResponseSchema, 403: errorResponseSchema },
    };
    const verified = (query: { u: string; k: api.EmailReportKind; s: string }) => {
      if (!verifyUnsubscribe(open.config.jwtSecret, query.u, query.k, query.s))
        throw new AppError(
          'FORBIDDEN',
          'This unsubscribe link is not valid. Open the one in your latest email, or turn the email off in Settings.',
        );
    };
    const wantsHtml = (accept: string | undefined) => Boolean(accept?.includes('text/html'));

    open.get('/unsubscribe', { schema }, async (request, reply) => {
      verified(request.query);
      const message = `Click the button to stop receiving ${kindWords[request.query.k]}.`;
      if (!wantsHtml(request.headers.accept)) return { unsubscribed: false, message };
      const action = `?${new URLSearchParams(request.query).toString()}`;
      return sendPage(
        reply,
        `<p>${escapeHtml(message)}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
      );
    });

    open.post('/unsubscribe', { schema }, async (request, reply) => {
      verified(request.query);
      await unsubscribe(db, request.query.u, request.query.k);
      const message = `You are unsubscribed from ${kindWords[request.query.k]}. You can turn it back on in ARLO Settings.`;
      if (!wantsHtml(request.headers.accept)) return { unsubscribed: true, message };
      return sendPage(reply, `<p>${escapeHtml(message)}</p>`);
    });
  }
};

/**
 * A browser gets a small page instead of JSON. Fastify sends a string with a non-JSON content
 * type as it is, past the JSON serializer the schema's type stands for (hence the cast).
 */
function sendPage(reply: FastifyReply, body: string) {
  return reply.type('text/html; charset=utf-8').send(page(body) as never);
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ARLO email preferences</title></head><body style="font-family:sans-serif;max-width:480px;margin:48px auto;padding:0 16px">${body}</body></html>`;
}

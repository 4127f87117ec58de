import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../shared/api/auth';
import { passwordProblem } from '../../shared/auth/password';
import { listAccounts } from '../accounts/accounts';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { clientAddress } from '../plugins/ip-request-limit';
import { authErrorResponses, authUser, loginAnswer, tokenFor } from './auth-user';
import {
  CODE_TTL_SECONDS,
  consumeCode,
  issueCode,
  MAX_SENDS_PER_REQUESTER_PER_DAY,
  recordSend,
  resendWait,
  sendsToday,
  withdrawCodes,
} from './codes';
import { dropAttempt, forgiveSource, keepFailure, startLoginAttempt } from './login-failures';
import { hashPassword, timingDummy, verifyPassword } from './passwords';
import { requestSource } from './request-source';

type User = typeof users.$inferSelect;

const errors = authErrorResponses;
/** The mail server could not take the code; nothing else was lost, and the user may ask again. */
const CODE_NOT_SENT = 'We could not send your verification code. Please try again in a moment.';
/** Per address and account, on each route that takes an email. */
export const REQUESTS_PER_IP_AND_EMAIL_PER_MINUTE = 30;
// Per IP and account: one visitor cannot burn through codes, and nobody can exhaust someone
// else's allowance from another address. (Code guesses are also capped per code: 5 tries.)
const codeLimit = {
  rateLimit: {
    max: REQUESTS_PER_IP_AND_EMAIL_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `${clientAddress(request)}|${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
  },
};

/** Across every account: one address cannot walk through many emails (enumeration, password spraying). */
export const AUTH_REQUESTS_PER_IP_PER_MINUTE = 300;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted on arrival, before the body is read. Not with @fastify/rate-limit: it runs one of its
  // limits per request, and a plugin-wide one would switch each route's own limit off.
  app.addHook(
    'onRequest',
    app.perIpLimit({ name: 'auth', max: AUTH_REQUESTS_PER_IP_PER_MINUTE, windowMs: 60_000 }),
  );
  const { db } = app.database;
  const key = app.config.encryptionKey;
  const sourceOf = (request: FastifyRequest) => requestSource(key, request);

  const findUser = async (email: string): Promise<User | undefined> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  const token = (user: User) => tokenFor(app.config, user);

  async function sendCode(
    user: User,
    purpose: 'verify_email' | 'reset_password',
    source: string,
  ): Promise<void> {
    if ((await sendsToday(db, user.id, purpose, source)) >= MAX_SENDS_PER_REQUESTER_PER_DAY) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many codes were sent to this email today. Please try again tomorrow.',
      );
    }
    const code = await issueCode(db, key, user.id, purpose);
    try {
      await app.mailer.sendCode(user.email, purpose, code, CODE_TTL_SECONDS / 60);
    } catch (error) {
      // The code never reached anyone: withdraw it, so the user may ask for another at once.
      await withdrawCodes(db, user.id, purpose);
      app.log.error({ err: error }, 'sending a code failed');
      throw new AppError('SERVICE_UNAVAILABLE', CODE_NOT_SENT);
    }
    await recordSend(db, user.id, purpose, source);
  }

  /**
   * At most one reset code a minute per email, whoever asks: a code mailed less than a minute ago
   * is already in the owner's mailbox and works, so nobody's requests keep the owner from one.
   */
  async function sendResetCode(user: User, source: string): Promise<void> {
    if ((await resendWait(db, user.id, 'reset_password')) > 0) return;
    await sendCode(user, 'reset_password', source);
  }

  app.post(
    '/check-signup-status',
    {
      schema: {
        body: api.checkSignupStatusBody,
        response: { 200: api.checkSignupStatusResponse, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(request.body.email);
      if (user?.emailVerifiedAt) {
        throw new AppError('CONFLICT', 'User already exists with active account', { redirect: '/login' });
      }
      return {};
    },
  );

  app.post(
    '/create-user',
    {
      config: codeLimit,
      schema: { body: api.createUserBody, response: { 200: api.createUserResponse, ...errors } },
    },
    async (request) => {
      const { email, password } = request.body;
      const problem = passwordProblem(password);
      if (problem) throw new AppError('VALIDATION_ERROR', problem);
      const existing = await findUser(email);
      if (existing?.emailVerifiedAt) {
        throw new AppError('CONFLICT', 'User already exists with active account', { redirect: '/login' });
      }
      const passwordHash = await hashPassword(password);
      // A signup that was never verified is replaced: new password, new code.
      const [user] = await db
        .insert(users)
        .values({ email, passwordHash, signupMethod: 'web', status: 'signup' })
        .onConflictDoUpdate({
          target: users.email,
          set: { passwordHash, updatedAt: sql`now()` },
          setWhere: sql`${users.emailVerifiedAt} is null`,
        })
        .returning();
      if (!user)
        throw new AppError('CONFLICT', 'User already exists with active account', { redirect: '/login' });
      await sendCode(user, 'verify_email', sourceOf(request));
      return { requiresVerification: true as const };
    },
  );

  app.post(
    '/verify-email',
    {
      config: codeLimit,
      schema: { body: api.verifyEmailBody, response: { 200: api.verifyEmailResponse, ...errors } },
    },
    async (request) => {
      const { email, code } = request.body;
      const user = await findUser(email);
      // The code is used up only if the email is verified with it: a failure between the two must
      // not leave a spent code and an unverified account. A wrong guess still commits its attempt.
      const verified =
        user && !user.emailVerifiedAt
          ? await db.transaction(async (tx) => {
              if (!(await consumeCode(tx, key, user.id, 'verify_email', code))) return undefined;
              const [row] = await tx
                .update(users)
                .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
                .where(eq(users.id, user.id))
                .returning();
              return row;
            })
          : undefined;
      if (!verified) throw new AppError('BAD_REQUEST', 'Invalid verification code. Please try again.');
      return {
        success: true as const,
        token: await token(verified),
        user: authUser(verified),
        redirect: '/platforms-permissions',
        message: 'Email verified successfully.',
      };
    },
  );

  app.post(
    '/resend-verification',
    {
      config: codeLimit,
      schema: {
        body: api.resendVerificationBody,
        response: { 200: api.resendVerificationResponse, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(request.body.email);
      if (!user || user.emailVerifiedAt) throw new AppError('NOT_FOUND', 'No pending signup for this email.');
      const wait = await resendWait(db, user.id, 'verify_email');
      if (wait > 0) {
        throw new AppError('RATE_LIMITED', `Please wait ${wait} seconds before requesting a new code.`, {
          secondsLeft: wait,
        });
      }
      await sendCode(user, 'verify_email', sourceOf(request));
      return { success: true as const, message: 'New verification code sent to your email.' };
    },
  );

  app.post(
    '/validate-email',
    {
      config: codeLimit,
      schema: { body: api.validateEmailBody, response: { 200: api.validateEmailResponse, ...errors } },
    },
    async (request) => {
      const user = await findUser(request.body.email);
      return { valid: Boolean(user?.emailVerifiedAt || (user && user.signupMethod !== 'web')) };
    },
  );

  app.post(
    '/login',
    { config: codeLimit, schema: { body: api.loginBody, response: { 200: api.loginResponse, ...errors } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await findUser(email);
      // A signup that never verified its email is not an account yet.
      if (!user || (!user.emailVerifiedAt && user.signupMethod === 'web')) {
        await verifyPassword(await timingDummy(), password);
        throw new AppError('NOT_FOUND', 'Email not found');
      }
      const source = sourceOf(request);
      // Refused before the costly password check: a source that keeps guessing costs no argon2.
      const attempt = await startLoginAttempt(db, user.id, source);
      if (attempt.waitSeconds > 0) {
        await dropAttempt(db, attempt.id);
        reply.header('retry-after', attempt.waitSeconds);
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed login attempts. Please wait ${attempt.waitSeconds} seconds and try again, or reset your password.`,
          { secondsLeft: attempt.waitSeconds },
        );
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        await keepFailure(db, user.id, source);
        throw new AppError('UNAUTHORIZED', 'Invalid password');
      }
      await forgiveSource(db, user.id, source);
      return loginAnswer(app.config, user);
    },
  );

  app.post(
    '/forgot-password',
    {
      config: codeLimit,
      schema: { body: api.forgotPasswordBody, response: { 200: api.forgotPasswordResponse, ...errors } },
    },
    async (request) => {
      const user = await findUser(request.body.email);
      // Same answer, and no waiting on the mail server, whether or not the account exists.
      if (user?.emailVerifiedAt) {
        sendResetCode(user, sourceOf(request)).catch((error) =>
          request.log.warn({ err: error }, 'reset code not sent'),
        );
      }
      return { success: true as const };
    },
  );

  app.post(
    '/reset-password-with-code',
    {
      config: codeLimit,
      schema: { body: api.resetPasswordBody, response: { 200: api.resetPasswordResponse, ...errors } },
    },
    async (request) => {
      const { email, code, newPassword } = request.body;
      const problem = passwordProblem(newPassword);
      if (problem) throw new AppError('VALIDATION_ERROR', problem);
      const user = await findUser(email);
      // The code, the new password and the forgiven failures commit together, or the code still works.
      const reset =
        user &&
        (await db.transaction(async (tx) => {
          if (!(await consumeCode(tx, key, user.id, 'reset_password', code))) return false;
          // Raising the version revokes every token issued before the reset.
          await tx
            .update(users)
            .set({
              passwordHash: await hashPassword(newPassword),
              tokenVersion: sql`${users.tokenVersion} + 1`,
              updatedAt: sql`now()`,
            })
            .where(eq(users.id, user.id));
          await forgiveSource(tx, user.id, sourceOf(request));
          return true;
        }));
      if (!reset) throw new AppError('BAD_REQUEST', 'Invalid verification code. Please try again.');
      return { success: true as const };
    },
  );

  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticated.authenticate);
    authenticated.get(
      '/user/status',
      { schema: { security: [{ bearerAuth: [] }], response: { 200: api.userStatusResponse, ...errors } } },
      async (request) => {
        const user = request.currentUser;
        return {
          user: {
            status: user.status,
            user_type: user.userType,
            uid: user.email,
            name: user.name,
            fb_permissions_granted: user.fbPermissionsGranted,
            g_permissions_granted: user.gPermissionsGranted,
            accounts: (await listAccounts(db, user.id)).map((account) => ({
              id: account.account_id,
              name: account.name,
              active: account.active,
            })),
          },
        };
      },
    );
  });
};

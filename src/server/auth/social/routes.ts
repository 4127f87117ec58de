import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../shared/api/auth';
import { errorResponseSchema } from '../../../shared/errors';
import { userIdentities, users } from '../../db/schema';
import { AppError } from '../../errors';
import { authErrorResponses, authUser, loginAnswer, tokenFor } from '../auth-user';
import { facebookVerifier } from './facebook';
import { googleVerifier, type SocialProfile, SocialVerifyError } from './google';

type User = typeof users.$inferSelect;
type Provider = 'google' | 'facebook';

const errors = { ...authErrorResponses, 503: errorResponseSchema };
// Each call costs a request to Google or Facebook: cap it per address.
const socialLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

// The product's fixed messages for each provider, flow and failure.
const text = {
  google: {
    label: 'Google',
    profileKey: 'googleUser',
    unconfigured: {
      signup: 'Google signup is currently unavailable. Please use email signup.',
      login: 'Google login is currently unavailable. Please log in with your email and password.',
    },
    unreachable: {
      signup: 'Google signup is not available at the moment. Please try again later.',
      login: 'Google login is not available at the moment. Please try again later.',
    },
    invalid: {
      signup: 'Google signup failed. Please try again.',
      login: 'Google login failed. Please try again.',
    },
  },
  facebook: {
    label: 'Facebook',
    profileKey: 'facebookUser',
    unconfigured: {
      signup: 'Facebook signup is not available at the moment. Please try again later.',
      login: 'Facebook login is not available at the moment. Please try again later.',
    },
    unreachable: {
      signup: 'Facebook signup is not available at the moment. Please try again later.',
      login: 'Facebook login is not available at the moment. Please try again later.',
    },
    invalid: {
      signup: 'Facebook signup failed. Please try again.',
      login: 'Facebook login failed. Please try again.',
    },
  },
} as const;

type Mode = 'signup' | 'login';

/**
 * Google and Facebook signup and login. An identity is (provider, subject); an email match alone
 * never opens or joins an account, so a social sign-in can neither take over a verified account
 * nor a pending, unverified password signup that happens to use the same address.
 */
export const socialAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { google } = app.config;
  const googleClientId = google.clientId;
  const verifyGoogle = googleClientId ? googleVerifier({ ...google, clientId: googleClientId }) : undefined;
  const { signInGraph } = app.meta;
  const verifyFacebook = signInGraph ? facebookVerifier(signInGraph, app.meta.app.appId) : undefined;

  const token = (user: User) => tokenFor(app.config, user);

  async function profileOf(
    provider: Provider,
    mode: Mode,
    verify: ((credential: string) => Promise<SocialProfile>) | undefined,
    credential: string,
  ): Promise<SocialProfile> {
    if (!verify) throw new AppError('SERVICE_UNAVAILABLE', text[provider].unconfigured[mode]);
    try {
      return await verify(credential);
    } catch (error) {
      if (error instanceof SocialVerifyError && error.reason === 'invalid') {
        throw new AppError('UNAUTHORIZED', text[provider].invalid[mode]);
      }
      // Never the error itself: it could carry a URL with the token in it.
      app.log.warn({ provider }, 'social sign-in provider unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', text[provider].unreachable[mode]);
    }
  }

  async function identityUser(provider: Provider, subject: string): Promise<User | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    return row?.user;
  }

  /** The 409 for an email that already belongs to an account this identity is not linked to. */
  function emailTaken(existing: User): AppError {
    if (!existing.emailVerifiedAt) {
      return new AppError(
        'CONFLICT',
        'A signup with this email is waiting for email verification. Please finish it with the code sent to your email, or sign up with email again.',
      );
    }
    return new AppError('CONFLICT', 'User already exists with active account', { redirect: '/login' });
  }

  async function signup(provider: Provider, profile: SocialProfile) {
    const { label } = text[provider];
    if (await identityUser(provider, profile.subject)) {
      throw new AppError('CONFLICT', `User already exists with this ${label} account`);
    }
    const email =
      profile.email && profile.emailVerified ? api.emailSchema.safeParse(profile.email) : undefined;
    if (!email?.success) {
      throw new AppError(
        'BAD_REQUEST',
        `Your ${label} account has no verified email address. Please use email signup.`,
      );
    }
    const [existing] = await db.select().from(users).where(eq(users.email, email.data)).limit(1);
    if (existing) throw emailTaken(existing);

    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: email.data,
          name: profile.name,
          signupMethod: provider,
          status: 'signup',
          emailVerifiedAt: sql`now()`,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      // Lost a race with another signup for this email.
      if (!created)
        throw new AppError('CONFLICT', 'User already exists with active account', { redirect: '/login' });
      const [linked] = await tx
        .insert(userIdentities)
        .values({ provider, subject: profile.subject, userId: created.id })
        .onConflictDoNothing()
        .returning();
      if (!linked) throw new AppError('CONFLICT', `User already exists with this ${label} account`);
      return created;
    });
    return {
      redirect: '/platforms-permissions',
      token: await token(user),
      user: authUser(user),
      message: `${label} signup successful.`,
    };
  }

  async function login(provider: Provider, profile: SocialProfile) {
    const user = await identityUser(provider, profile.subject);
    if (!user) {
      const [existing] = profile.email
        ? await db.select().from(users).where(eq(users.email, profile.email)).limit(1)
        : [];
      if (existing) throw emailTaken(existing);
      throw new AppError(
        'NOT_FOUND',
        `No account is linked to this ${text[provider].label} account. Please sign up first.`,
        {
          [text[provider].profileKey]: { email: profile.email ?? '', name: profile.name },
        },
      );
    }
    return loginAnswer(app.config, user);
  }

  app.post(
    '/google-signup',
    {
      config: socialLimit,
      schema: { body: api.googleAuthBody, response: { 200: api.socialSignupResponse, ...errors } },
    },
    async (request) =>
      signup('google', await profileOf('google', 'signup', verifyGoogle, request.body.credential)),
  );

  app.post(
    '/google-login',
    {
      config: socialLimit,
      schema: { body: api.googleAuthBody, response: { 200: api.socialLoginResponse, ...errors } },
    },
    async (request) =>
      login('google', await profileOf('google', 'login', verifyGoogle, request.body.credential)),
  );

  app.post(
    '/facebook-signup',
    {
      config: socialLimit,
      schema: { body: api.facebookAuthBody, response: { 200: api.socialSignupResponse, ...errors } },
    },
    async (request) =>
      signup('facebook', await profileOf('facebook', 'signup', verifyFacebook, request.body.accessToken)),
  );

  app.post(
    '/facebook-login',
    {
      config: socialLimit,
      schema: { body: api.facebookAuthBody, response: { 200: api.socialLoginResponse, ...errors } },
    },
    async (request) =>
      login('facebook', await profileOf('facebook', 'login', verifyFacebook, request.body.accessToken)),
  );
};

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../helpers/app';
import {
  FB_APP_ID as APP_ID,
  FB_APP_SECRET as APP_SECRET,
  GOOGLE_CLIENT_ID as CLIENT_ID,
  closeServer,
  type FacebookUser,
  GOOGLE_ISSUER as ISSUER,
  listen,
  type SocialProviders,
  startSocialProviders,
} from '../helpers/social-providers';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let providers: SocialProviders;
let otherKeys: KeyPair;
let t: TestApp;

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  providers = await startSocialProviders();
  otherKeys = await generateKeyPair('RS256');
  t = await buildTestApp({ env: providers.env });
});
afterAll(async () => {
  await t?.close();
  await providers?.close();
});

const post = (app: TestApp, url: string, payload: unknown) =>
  app.app.inject({ method: 'POST', url, payload: payload as object });
const status = (token: string) =>
  t.app.inject({ method: 'GET', url: '/auth/user/status', headers: { authorization: `Bearer ${token}` } });
const userByEmail = async (email: string) =>
  (await t.testDatabase.database.db.select().from(users).where(eq(users.email, email)))[0];

const googleToken: SocialProviders['googleToken'] = (claims, options) =>
  providers.googleToken(claims, options);

describe('Google', () => {
  it('signs up, refuses a second signup, then logs in', async () => {
    const credential = await googleToken({ sub: 'g-100', email: 'Ada@Example.com', name: 'Ada Lovelace' });
    const signup = await post(t, '/auth/google-signup', { credential });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.json()).toMatchObject({
      redirect: '/platforms-permissions',
      user: { uid: 'ada@example.com', name: 'Ada Lovelace', status: 'signup', signup_method: 'google' },
    });
    expect(typeof signup.json().message).toBe('string');
    expect((await status(signup.json().token)).statusCode).toBe(200);
    const row = await userByEmail('ada@example.com');
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row?.signupMethod).toBe('google');

    const again = await post(t, '/auth/google-signup', { credential });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User already exists with this Google account');

    const login = await post(t, '/auth/google-login', { credential: await googleToken({ sub: 'g-100' }) });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      user: { uid: 'ada@example.com', signup_method: 'google' },
      status: 'signup',
      signup_method: 'google',
      originalHost: t.config.publicUrl,
    });
    expect((await status(login.json().token)).json().user.uid).toBe('ada@example.com');
  });

  it('answers an unknown account on login with 404 and googleUser', async () => {
    const credential = await googleToken({ sub: 'g-200', email: 'nobody@example.com', name: 'No Body' });
    const login = await post(t, '/auth/google-login', { credential });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({
      code: 'NOT_FOUND',
      googleUser: { email: 'nobody@example.com', name: 'No Body' },
    });
    expect(typeof login.json().message).toBe('string');
  });

  it('answers a claim PostgreSQL cannot store (a NUL in the email) with 400, not 500', async () => {
    // Found by the property tests: the email of a signed token reached a query as it was.
    for (const email of ['\u0000', 'nul\u0000@example.com']) {
      const credential = await googleToken({ sub: `g-nul-${email.length}`, email });
      for (const url of ['/auth/google-login', '/auth/google-signup']) {
        const answer = await post(t, url, { credential });
        expect(answer.statusCode, `${url} ${JSON.stringify(email)}`).toBe(400);
        expect(answer.json().code).toBe('BAD_REQUEST');
      }
    }
  });

  it('refuses a wrong audience, issuer, signing key, expired token, HS256 confusion and junk', async () => {
    const claims = { sub: 'g-300', email: 'mallory@example.com' };
    const publicPem = await exportSPKI(providers.googleKeys.publicKey);
    const confused = await new SignJWT({ ...claims, email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(publicPem));
    const bad = [
      await googleToken(claims, { aud: 'someone-else.apps.googleusercontent.com' }),
      await googleToken(claims, { iss: 'https://evil.example.com' }),
      await googleToken(claims, { key: otherKeys.privateKey }),
      await googleToken(claims, { exp: Math.floor(Date.now() / 1000) - 3600 }),
      confused,
      'not-a-jwt',
    ];
    for (const credential of bad) {
      for (const url of ['/auth/google-signup', '/auth/google-login']) {
        const response = await post(t, url, { credential });
        expect(response.statusCode, `${url} ${response.body}`).toBe(401);
      }
    }
    expect(await userByEmail('mallory@example.com')).toBeUndefined();
  });

  it('requires a verified Google email to sign up', async () => {
    const credential = await googleToken({
      sub: 'g-400',
      email: 'unverified@example.com',
      email_verified: false,
    });
    const response = await post(t, '/auth/google-signup', { credential });
    expect(response.statusCode).toBe(400);
    expect(await userByEmail('unverified@example.com')).toBeUndefined();
  });

  it('never takes over a pending, unverified password signup with the same email', async () => {
    const email = 'pending@example.com';
    const created = await post(t, '/auth/create-user', { email, password: 'Sunny-Day-42', method: 'web' });
    expect(created.statusCode, created.body).toBe(200);
    const before = await userByEmail(email);
    expect(before?.emailVerifiedAt).toBeNull();

    const credential = await googleToken({ sub: 'g-500', email, name: 'Attacker' });
    const signup = await post(t, '/auth/google-signup', { credential });
    expect(signup.statusCode).toBe(409);
    expect(signup.json().token).toBeUndefined();
    const login = await post(t, '/auth/google-login', { credential });
    expect(login.statusCode).toBe(409);
    expect(login.json().token).toBeUndefined();

    expect(await userByEmail(email)).toEqual(before);
    const links = await t.testDatabase.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, 'g-500'));
    expect(links).toEqual([]);
  });

  it('does not link to a verified password account: 409 with redirect to login', async () => {
    const email = 'verified@example.com';
    expect(
      (await post(t, '/auth/create-user', { email, password: 'Sunny-Day-42', method: 'web' })).statusCode,
    ).toBe(200);
    const line = t.logs.map((l) => String(l.msg ?? '')).findLast((msg) => msg.includes('verification code:'));
    const code = line?.match(/(\d{6})$/)?.[1];
    expect(code).toBeDefined();
    expect((await post(t, '/auth/verify-email', { email, code })).statusCode).toBe(200);
    const before = await userByEmail(email);

    const signup = await post(t, '/auth/google-signup', {
      credential: await googleToken({ sub: 'g-600', email }),
    });
    expect(signup.statusCode).toBe(409);
    expect(signup.json()).toEqual({
      message: 'User already exists with active account',
      code: 'CONFLICT',
      redirect: '/login',
    });
    expect(await userByEmail(email)).toEqual(before);
    expect((await post(t, '/auth/login', { email, password: 'Sunny-Day-42' })).statusCode).toBe(200);
  });
});

describe('Facebook', () => {
  const add = (token: string, entry: Partial<FacebookUser> & { userId: string }) =>
    providers.facebookTokens.set(token, {
      appId: APP_ID,
      type: 'USER',
      valid: true,
      name: 'Fb User',
      ...entry,
    });

  it('signs up, refuses a second signup, logs in, and never logs the token', async () => {
    const accessToken = `EAAB-secret-${randomUUID()}`;
    add(accessToken, { userId: '900100', name: 'Grace Hopper', email: 'Grace@Example.com' });
    const signup = await post(t, '/auth/facebook-signup', { accessToken });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.json()).toMatchObject({
      redirect: '/platforms-permissions',
      user: { uid: 'grace@example.com', name: 'Grace Hopper', status: 'signup', signup_method: 'facebook' },
    });
    expect((await status(signup.json().token)).statusCode).toBe(200);

    const again = await post(t, '/auth/facebook-signup', { accessToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User already exists with this Facebook account');

    const login = await post(t, '/auth/facebook-login', { accessToken });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      user: { uid: 'grace@example.com' },
      status: 'signup',
      signup_method: 'facebook',
    });

    const unknown = `EAAB-unknown-${randomUUID()}`;
    expect((await post(t, '/auth/facebook-login', { accessToken: unknown })).statusCode).toBe(401);

    const text = t.logText();
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(unknown);
    expect(text).not.toContain(APP_SECRET);
  });

  it('answers an unknown account on login with 404 and facebookUser', async () => {
    const accessToken = `EAAB-${randomUUID()}`;
    add(accessToken, { userId: '900200', name: 'New Person', email: 'new.person@example.com' });
    const login = await post(t, '/auth/facebook-login', { accessToken });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({
      code: 'NOT_FOUND',
      facebookUser: { email: 'new.person@example.com', name: 'New Person' },
    });
  });

  it('refuses a token of another app, an app token, an invalid token, and a bad body', async () => {
    const otherApp = `EAAB-${randomUUID()}`;
    add(otherApp, { userId: '900300', appId: '999999', email: 'other.app@example.com' });
    const appToken = `EAAB-${randomUUID()}`;
    add(appToken, { userId: '900301', type: 'APP', email: 'app.token@example.com' });
    const revoked = `EAAB-${randomUUID()}`;
    add(revoked, { userId: '900302', valid: false, email: 'revoked@example.com' });
    for (const accessToken of [otherApp, appToken, revoked, 'garbage']) {
      for (const url of ['/auth/facebook-signup', '/auth/facebook-login']) {
        const response = await post(t, url, { accessToken });
        expect(response.statusCode, `${url} ${response.body}`).toBe(401);
        expect(response.body).not.toContain(accessToken);
      }
    }
    expect(await userByEmail('other.app@example.com')).toBeUndefined();
    expect((await post(t, '/auth/facebook-signup', {})).statusCode).toBe(400);
  });

  it('refuses a token no provider issues (a lone surrogate, a space) with 400, never 5xx', async () => {
    const bodies = [
      ['/auth/facebook-login', '{"accessToken":"\\ud800"}'],
      ['/auth/facebook-signup', '{"accessToken":"EAAB \\ud83d"}'],
      ['/auth/facebook-login', '{"accessToken":"EAAB token"}'],
      ['/auth/google-login', '{"credential":"\\udfff"}'],
      ['/auth/google-signup', '{"credential":"a.b c"}'],
    ];
    for (const [url, payload] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: url as string,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${url} ${payload} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        message: expect.stringMatching(/ASCII/),
      });
    }
  });

  it('never takes over a pending password signup with the same email', async () => {
    const email = 'fb.pending@example.com';
    expect(
      (await post(t, '/auth/create-user', { email, password: 'Sunny-Day-42', method: 'web' })).statusCode,
    ).toBe(200);
    const before = await userByEmail(email);
    const accessToken = `EAAB-${randomUUID()}`;
    add(accessToken, { userId: '900400', email });
    expect((await post(t, '/auth/facebook-signup', { accessToken })).statusCode).toBe(409);
    expect((await post(t, '/auth/facebook-login', { accessToken })).statusCode).toBe(409);
    expect(await userByEmail(email)).toEqual(before);
  });
});

describe('without Google or Facebook configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 503 with the SPEC messages', async () => {
    const googleSignup = await post(bare, '/auth/google-signup', { credential: 'x' });
    expect(googleSignup.statusCode).toBe(503);
    expect(googleSignup.json()).toEqual({
      message: 'Google signup is currently unavailable. Please use email signup.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const googleLogin = await post(bare, '/auth/google-login', { credential: 'x' });
    expect(googleLogin.statusCode).toBe(503);
    expect(googleLogin.json().message).toMatch(/Google login is currently unavailable/);

    const facebookSignup = await post(bare, '/auth/facebook-signup', { accessToken: 'x' });
    expect(facebookSignup.statusCode).toBe(503);
    expect(facebookSignup.json().message).toBe(
      'Facebook signup is not available at the moment. Please try again later.',
    );
    const facebookLogin = await post(bare, '/auth/facebook-login', { accessToken: 'x' });
    expect(facebookLogin.statusCode).toBe(503);
    expect(facebookLogin.json().message).toMatch(/Facebook login is not available/);
  });
});

/** A URL on a port that was just in use and is now closed: connecting to it is refused. */
async function closedUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await closeServer(server);
  return url;
}

describe('when Google or Facebook cannot be reached', () => {
  let down: TestApp;
  let failing: TestApp;
  let failingGraph: Server;
  let downJwksUrl: string;
  let downGraphUrl: string;
  let failingGraphUrl: string;

  beforeAll(async () => {
    [downJwksUrl, downGraphUrl] = await Promise.all([closedUrl(), closedUrl()]);
    down = await buildTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_JWKS_URL: downJwksUrl,
        GOOGLE_ISSUERS: ISSUER,
        META_GRAPH_URL: downGraphUrl,
        META_APP_ID: APP_ID,
        META_APP_SECRET: APP_SECRET,
      },
    });
    // A Graph stand-in that fails on its side, as Graph does during an outage.
    failingGraph = createServer((_req, res) =>
      json(res, 500, { error: { message: 'An unknown error has occurred.', type: 'OAuthException' } }),
    );
    failingGraphUrl = await listen(failingGraph);
    failing = await buildTestApp({
      env: { META_GRAPH_URL: failingGraphUrl, META_APP_ID: APP_ID, META_APP_SECRET: APP_SECRET },
    });
  });
  afterAll(async () => {
    await down?.close();
    await failing?.close();
    if (failingGraph) await closeServer(failingGraph);
  });

  /** The 503 carries the fixed message and nothing else: no stack, no provider URL, no token. */
  function expectUnavailable(
    response: Awaited<ReturnType<typeof post>>,
    message: string,
    secrets: string[],
  ): void {
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ message, code: 'SERVICE_UNAVAILABLE' });
    expect(response.body).not.toMatch(/stack|https?:\/\/|127\.0\.0\.1/i);
    for (const secret of secrets) expect(response.body).not.toContain(secret);
  }

  it('answers 503 for Google login and signup when its key set cannot be fetched', async () => {
    const credential = await googleToken({ sub: 'g-down', email: 'down@example.com', name: 'Down' });
    expectUnavailable(
      await post(down, '/auth/google-login', { credential }),
      'Google login is not available at the moment. Please try again later.',
      [credential, downJwksUrl],
    );
    expectUnavailable(
      await post(down, '/auth/google-signup', { credential }),
      'Google signup is not available at the moment. Please try again later.',
      [credential, downJwksUrl],
    );
    expect(down.logText()).not.toContain(credential);
    const rows = await down.testDatabase.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'down@example.com'));
    expect(rows).toEqual([]);
  });

  it('answers 503 for Facebook login and signup when Graph cannot be reached', async () => {
    const accessToken = `EAAB-down-${randomUUID()}`;
    expectUnavailable(
      await post(down, '/auth/facebook-login', { accessToken }),
      'Facebook login is not available at the moment. Please try again later.',
      [accessToken, downGraphUrl, APP_SECRET],
    );
    expectUnavailable(
      await post(down, '/auth/facebook-signup', { accessToken }),
      'Facebook signup is not available at the moment. Please try again later.',
      [accessToken, downGraphUrl, APP_SECRET],
    );
    const logs = down.logText();
    expect(logs).not.toContain(accessToken);
    expect(logs).not.toContain(APP_SECRET);
  });

  it('answers 503 for Facebook login and signup when Graph answers 500', async () => {
    const accessToken = `EAAB-failing-${randomUUID()}`;
    expectUnavailable(
      await post(failing, '/auth/facebook-login', { accessToken }),
      'Facebook login is not available at the moment. Please try again later.',
      [accessToken, failingGraphUrl, APP_SECRET],
    );
    expectUnavailable(
      await post(failing, '/auth/facebook-signup', { accessToken }),
      'Facebook signup is not available at the moment. Please try again later.',
      [accessToken, failingGraphUrl, APP_SECRET],
    );
    const logs = failing.logText();
    expect(logs).not.toContain(accessToken);
    expect(logs).not.toContain(APP_SECRET);
  });
});

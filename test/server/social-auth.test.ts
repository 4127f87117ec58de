import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../helpers/app';

const CLIENT_ID = 'arlo-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';
const APP_ID = '1234567890';
const APP_SECRET = 'fb-test-app-secret';
const KID = 'test-key-1';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let googleKeys: KeyPair;
let otherKeys: KeyPair;
let jwksServer: Server;
let graphServer: Server;
let t: TestApp;

/** Facebook user tokens the stand-in Graph API knows, by token. */
const fbTokens = new Map<
  string,
  { appId: string; userId: string; type: string; valid: boolean; name: string; email?: string }
>();

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  googleKeys = await generateKeyPair('RS256');
  otherKeys = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(googleKeys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => json(res, 200, { keys: [jwk] }));

  graphServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph');
    const q = url.searchParams;
    if (url.pathname === '/v23.0/debug_token') {
      if (q.get('access_token') !== `${APP_ID}|${APP_SECRET}`) {
        return json(res, 400, { error: { message: 'bad app token', type: 'OAuthException' } });
      }
      const known = fbTokens.get(q.get('input_token') ?? '');
      if (!known) return json(res, 200, { data: { is_valid: false, error: { code: 190 } } });
      return json(res, 200, {
        data: { app_id: known.appId, type: known.type, is_valid: known.valid, user_id: known.userId },
      });
    }
    if (url.pathname === '/v23.0/me') {
      const accessToken = q.get('access_token') ?? '';
      const known = fbTokens.get(accessToken);
      const proof = createHmac('sha256', APP_SECRET).update(accessToken).digest('hex');
      if (!known || q.get('appsecret_proof') !== proof || q.get('fields') !== 'id,name,email') {
        return json(res, 400, {
          error: { message: 'Invalid appsecret_proof', type: 'GraphMethodException' },
        });
      }
      return json(res, 200, {
        id: known.userId,
        name: known.name,
        ...(known.email ? { email: known.email } : {}),
      });
    }
    json(res, 404, { error: { message: 'unknown path' } });
  });

  const [jwksUrl, graphUrl] = await Promise.all([listen(jwksServer), listen(graphServer)]);
  t = await buildTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: jwksUrl,
      GOOGLE_ISSUERS: ISSUER,
      META_GRAPH_URL: graphUrl,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
  await new Promise((resolve) => graphServer?.close(resolve));
});

const post = (app: TestApp, url: string, payload: unknown) =>
  app.app.inject({ method: 'POST', url, payload: payload as object });
const status = (token: string) =>
  t.app.inject({ method: 'GET', url: '/auth/user/status', headers: { authorization: `Bearer ${token}` } });
const userByEmail = async (email: string) =>
  (await t.testDatabase.database.db.select().from(users).where(eq(users.email, email)))[0];

function googleToken(
  claims: Record<string, unknown>,
  options: { key?: KeyPair['privateKey']; aud?: string; iss?: string; exp?: string | number } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setSubject(String(claims.sub ?? randomUUID()))
    .setIssuer(options.iss ?? ISSUER)
    .setAudience(options.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '1h')
    .sign(options.key ?? googleKeys.privateKey);
}

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

  it('refuses a wrong audience, issuer, signing key, expired token, HS256 confusion and junk', async () => {
    const claims = { sub: 'g-300', email: 'mallory@example.com' };
    const publicPem = await exportSPKI(googleKeys.publicKey);
    const confused = await new SignJWT({ ...claims, email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: KID })
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
  const add = (token: string, entry: Partial<Parameters<typeof fbTokens.set>[1]> & { userId: string }) =>
    fbTokens.set(token, { appId: APP_ID, type: 'USER', valid: true, name: 'Fb User', ...entry });

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

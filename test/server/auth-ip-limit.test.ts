import { beforeAll, describe } from 'vitest';
import {
  AUTH_REQUESTS_PER_IP_PER_MINUTE,
  REQUESTS_PER_IP_AND_EMAIL_PER_MINUTE,
} from '../../src/server/auth/routes';
import { API_REQUESTS_PER_IP_PER_MINUTE } from '../../src/server/plugins/ip-request-limit';
import type { TestApp } from '../helpers/app';
import { expect, test as it } from '../helpers/fixtures';
import type { SmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser, TEST_PASSWORD } from '../helpers/users';

const RATE_LIMITED = {
  message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
  code: 'RATE_LIMITED',
};

// A file of its own: it spends whole per-address budgets for the minute. Each test uses
// addresses of its own, so the tests do not spend each other's.
let t: TestApp;
let sink: SmtpSink;
/** A signed-in user, signed up from an address of its own so the counts below start at zero. */
let officeToken: string;
it.beforeAll(async ({ app, sink: fileSink }) => {
  t = app;
  sink = fileSink;
  officeToken = await signUpUser(t.app, sink, 'office@example.com', '10.60.0.3');
});

/** A body that is not JSON at all: parsing it would answer 400. */
const malformedLogin = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": "half',
    remoteAddress,
  });

describe('auth requests per IP', () => {
  it('limits one address across many different emails, with a clear 429', async () => {
    const check = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/validate-email',
        payload: { email: `probe${i}@example.com` },
      });
    for (let i = 0; i < AUTH_REQUESTS_PER_IP_PER_MINUTE; i++) expect((await check(i)).statusCode).toBe(200);
    const over = await check(AUTH_REQUESTS_PER_IP_PER_MINUTE);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(RATE_LIMITED);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Counted on arrival: a body that would not even parse is refused before it is read.
    const unread = await malformedLogin('127.0.0.1');
    expect(unread.statusCode).toBe(429);
    expect(unread.json()).toEqual(RATE_LIMITED);
    // Another address is unaffected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/validate-email',
      payload: { email: 'probe@example.com' },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('auth requests per IP and email', () => {
  const email = 'limited.owner@example.com';
  // Signed up from an address of its own, so the other tests' budgets stay whole.
  beforeAll(async () => {
    const signUp = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.31.9.9' });
    expect(
      (await signUp('/auth/create-user', { email, password: TEST_PASSWORD, method: 'web' })).statusCode,
    ).toBe(200);
    expect((await signUp('/auth/verify-email', { email, code: await sink.nextCode(email) })).statusCode).toBe(
      200,
    );
  });

  const routes: [string, (i: number) => object][] = [
    ['/auth/login', () => ({ email, password: TEST_PASSWORD })],
    ['/auth/verify-email', () => ({ email, code: '000000' })],
    ['/auth/validate-email', () => ({ email })],
  ];
  it.each(routes)(
    'answers the 31st request in a minute from one address for one email on %s with 429',
    async (url, body) => {
      const address = `10.31.${routes.findIndex(([route]) => route === url)}.1`;
      const send = (i: number, remoteAddress = address) =>
        t.app.inject({ method: 'POST', url, payload: body(i), remoteAddress });
      for (let i = 0; i < REQUESTS_PER_IP_AND_EMAIL_PER_MINUTE; i++) {
        const answer = await send(i);
        expect(answer.statusCode, `request ${i + 1}: ${answer.body}`).toBeLessThan(429);
      }
      const over = await send(REQUESTS_PER_IP_AND_EMAIL_PER_MINUTE);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual(RATE_LIMITED);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // The same address for another email, and another address for this one, still get through.
      const otherEmail = await t.app.inject({
        method: 'POST',
        url,
        payload: { ...body(0), email: 'someone.else@example.com' },
        remoteAddress: address,
      });
      expect(otherEmail.statusCode).not.toBe(429);
      expect((await send(0, `${address.slice(0, -1)}2`)).statusCode).not.toBe(429);
    },
  );
});

describe('API requests per IP', () => {
  it('counts every /api and /auth request on arrival, refusing before the body is read; the health check is not counted', async () => {
    const address = '10.60.0.1';
    const config = () => t.app.inject({ method: 'GET', url: '/api/client-config', remoteAddress: address });
    for (let i = 0; i < API_REQUESTS_PER_IP_PER_MINUTE; i++) expect((await config()).statusCode).toBe(200);
    const over = await config();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(RATE_LIMITED);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before parsing: the same malformed body from a fresh address gets its 400.
    expect((await malformedLogin(address)).statusCode).toBe(429);
    expect((await malformedLogin('10.60.0.2')).statusCode).toBe(400);
    const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect(health.statusCode).toBe(200);
    // A signed-in user is counted on their own, not by address: an office behind one address is not refused.
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/auth/user/status',
      remoteAddress: address,
      headers: bearer(officeToken),
    });
    expect(signedIn.statusCode).toBe(200);
    // A made-up token does not make a stranger someone else: it is counted by address.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: address,
      headers: { authorization: 'Bearer forged', 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(forged.statusCode).toBe(429);
  });
});

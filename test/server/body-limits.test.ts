import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe } from 'vitest';
import { MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG } from '../../src/shared/api/chat';
import type { TestApp } from '../helpers/app';
import { expect, test as it, SYNCED_SETUP_MS } from '../helpers/fixtures';
import { bearer, TEST_PASSWORD } from '../helpers/users';

// Bodies are read and parsed before a route's own checks run, so each route's size limit and the
// nesting cap are what keep a hostile body cheap.

const KB = 1024;
const TOO_DEEP = {
  message: 'The request body is nested too deeply (more than 32 levels).',
  code: 'BAD_REQUEST',
};
const tooLarge = (limit: string) => ({
  message: `The request body is too large (limit ${limit}).`,
  code: 'PAYLOAD_TOO_LARGE',
});

// The question tests need a connected user with synced data: the synced template has them.
it.override({ appDatabase: 'synced' });

let t: TestApp;
let ipCounter = 0;

it.beforeAll(({ app }) => {
  t = app;
}, SYNCED_SETUP_MS);

/** Each request from its own address, so per-IP rate limits answer for the body, not the volume. */
function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  ipCounter++;
  return t.app.inject({
    remoteAddress: `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
    ...options,
  });
}

const sendJson = (method: 'POST' | 'PUT', url: string, text: string | Readable, token?: string) =>
  send({
    method,
    url,
    payload: text,
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
  });

/** `{"a":{"a":…1…}}`, `depth` objects deep. */
function nestedObjects(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON text with every character of every string written as a `\uXXXX` escape, as some clients send it. */
function escapedJson(value: Record<string, unknown>): string {
  return JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"/g, (_match, inner: string) => {
    const text = JSON.parse(`"${inner}"`) as string;
    return `"${text
      .split('')
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('')}"`;
  });
}

const firstEventType = (response: LightMyRequestResponse) =>
  (
    JSON.parse(
      response.payload
        .split('\n\n')
        .find((b) => b.startsWith('data: '))
        ?.slice(6) ?? 'null',
    ) as {
      type?: string;
    } | null
  )?.type;

describe('request body limits', () => {
  it('refuses a 960 KB nested body on /auth/login with 413 naming the limit, without parsing it', async () => {
    // 160,000 levels deep: parsing it (or scanning it for forbidden keys) is what costs the time.
    const nested = nestedObjects(160_000);
    expect(nested.length).toBeGreaterThanOrEqual(960_000);

    const declared = await sendJson('POST', '/auth/login', nested);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual(tooLarge('8 KB'));

    // Without a Content-Length the body is read only up to the limit. Had it been parsed, the
    // nesting cap would have answered 400 instead.
    const streamed = await send({
      method: 'POST',
      url: '/auth/login',
      payload: Readable.from([nested.slice(0, 480 * KB), nested.slice(480 * KB)]),
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual(tooLarge('8 KB'));
  });

  it('answers a body nested more than 32 levels with 400 naming the problem, on every JSON route', async ({
    signedUpUser,
  }) => {
    const { token } = signedUpUser;
    const deepObjects = nestedObjects(33);
    const deepMixed = `{"accounts":${'[{"x":'.repeat(16)}1${'}]'.repeat(16)}}`;
    const routes: ['POST' | 'PUT', string][] = [
      ['POST', '/auth/login'],
      ['POST', '/auth/create-user'],
      ['POST', '/auth/reset-password-with-code'],
      ['POST', '/auth/google-login'],
      ['POST', '/auth/save-facebook-permissions'],
      ['POST', '/api/ask'],
      ['POST', '/api/new-chat'],
      ['PUT', '/api/accounts/1234567890/status'],
      ['POST', '/payment/create-checkout-session'],
      ['POST', '/payment/cancel-subscription'],
    ];
    for (const [method, url] of routes) {
      for (const body of [deepObjects, deepMixed]) {
        // A signed-in route refuses a stranger before reading the body; everyone else gets the depth answer.
        const signedInRoute = !url.startsWith('/auth/') || url === '/auth/save-facebook-permissions';
        for (const caller of [undefined, token]) {
          const response = await sendJson(method, url, body, caller);
          if (signedInRoute && !caller) {
            expect(response.statusCode, `${method} ${url}`).toBe(401);
            continue;
          }
          expect(response.statusCode, `${method} ${url}`).toBe(400);
          expect(response.json(), `${method} ${url}`).toEqual(TOO_DEEP);
        }
      }
    }
  });

  it('counts 32 levels as allowed, and skips brackets, quotes and backslashes inside strings', async () => {
    const note = `[[[[{{{{ "quoted" ${'['.repeat(40)} C:\\ ${'{'.repeat(40)} ends in a backslash \\`;
    const arrays = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const body = (depth: number) =>
      `{"email":"a@example.com","note":${JSON.stringify(note)},"deep":${arrays(depth)}}`;
    const allowed = await sendJson('POST', '/auth/validate-email', body(31));
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toEqual({ valid: false });
    const refused = await sendJson('POST', '/auth/validate-email', body(32));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_DEEP);
  });

  it('a question over 2,000 characters gets 400 with the limit, is not saved and uses no free question; one of 2,000 is answered', async ({
    connectedUser,
  }) => {
    const { token } = connectedUser;
    const sessionId = (
      await send({ method: 'GET', url: '/api/sessions/current', headers: bearer(token) })
    ).json().sessionId as string;
    const ask = (message: string) =>
      send({
        method: 'POST',
        url: '/api/ask',
        headers: bearer(token),
        payload: { message, sessionId, timezone: 'UTC', model: 'arlo_auto' },
      });
    const history = async () =>
      (await send({ method: 'GET', url: `/api/sessions/${sessionId}`, headers: bearer(token) })).json()
        .history.messages as { sender: string; content?: string }[];

    const longest = 'How much did I spend on each campaign in the last 7 days? '
      .repeat(40)
      .slice(0, MAX_MESSAGE_CHARS);
    const tooLong = await ask(`${longest}?`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      message: `Invalid body field "message": ${MESSAGE_TOO_LONG}`,
      code: 'VALIDATION_ERROR',
    });
    // Padding a short question with 100 KB of spaces does not get it past the limits either.
    const padded = await ask(`${' '.repeat(100_000)}Spend in the last 7 days`);
    expect(padded.statusCode).toBe(413);
    expect(padded.json()).toEqual(tooLarge('14 KB'));
    expect(await history()).toEqual([]);

    // Every character escaped (12 KB of JSON): a real client's body at its largest still fits.
    const accepted = await send({
      method: 'POST',
      url: '/api/ask',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: escapedJson({ message: longest, sessionId, timezone: 'UTC', model: 'arlo_auto' }),
    });
    expect(accepted.statusCode, accepted.body.slice(0, 200)).toBe(200);
    expect(firstEventType(accepted)).toBe('analytics');
    expect((await history()).filter((m) => m.sender === 'user').map((m) => m.content)).toEqual([
      longest.trim(),
    ]);

    // The refused questions took none of the free plan's 3: two more are answered, then the offer.
    expect(firstEventType(await ask('Spend in the last 7 days'))).toBe('analytics');
    expect(firstEventType(await ask('Spend yesterday'))).toBe('analytics');
    expect(firstEventType(await ask('Spend last month'))).toBe('quota_exceeded');
  });

  it('gives routes that need bigger bodies their room, and refuses a byte more', async ({ signUp }) => {
    const { token } = await signUp('big.bodies@example.com');

    // Login at its largest: a 1,024-character password, every character escaped (over 6 KB).
    const login = await sendJson(
      'POST',
      '/auth/login',
      escapedJson({ email: 'big.bodies@example.com', password: `${TEST_PASSWORD}${'é'.repeat(1012)}` }),
    );
    expect(login.statusCode, login.body).toBe(401);
    expect(login.json().message).toBe('Invalid password');

    // A Google ID token of 8,192 characters (Google sign-in is off in this app: 503, not 413).
    const google = await sendJson(
      'POST',
      '/auth/google-login',
      JSON.stringify({ credential: 'x'.repeat(8192) }),
    );
    expect(google.statusCode, google.body).toBe(503);
    expect(google.json().code).toBe('SERVICE_UNAVAILABLE');
    const googleTooBig = await sendJson('POST', '/auth/google-login', 'x'.repeat(16 * KB + 1));
    expect(googleTooBig.json()).toEqual(tooLarge('16 KB'));

    // Connecting 5,000 ad accounts with their names: about 700 KB.
    const accounts = Array.from({ length: 5000 }, (_, i) => ({
      account_id: `act_${1_000_000_000_000 + i}`,
      name: `Storefront ${i} — prospecting, retargeting and catalogue sales for the spring range`,
    }));
    const connect = JSON.stringify({ facebookToken: 'not-a-real-token', accounts });
    expect(connect.length).toBeGreaterThan(500 * KB);
    const saved = await sendJson('POST', '/auth/save-facebook-permissions', connect, token);
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(400);
    expect(saved.json().message).toMatch(/Facebook/);

    // A large Stripe event reaches the signature check.
    const event = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', padding: 'x'.repeat(900 * KB) });
    const webhook = await send({
      method: 'POST',
      url: '/payment/webhook',
      payload: event,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().message).toBe('Invalid webhook signature');
    const webhookTooBig = await send({
      method: 'POST',
      url: '/payment/webhook',
      payload: 'x'.repeat(1024 * KB + 1),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
    });
    expect(webhookTooBig.json()).toEqual(tooLarge('1 MB'));

    // Everything else, unknown URLs included, takes 8 KB.
    for (const [method, url] of [
      ['POST', '/api/new-chat'],
      ['PUT', '/api/accounts/1234567890/status'],
      ['POST', '/payment/create-checkout-session'],
      ['POST', '/api/no-such-route'],
    ] as const) {
      const response = await sendJson(method, url, 'x'.repeat(8 * KB + 1), token);
      expect(response.statusCode, `${method} ${url}`).toBe(413);
      expect(response.json(), `${method} ${url}`).toEqual(tooLarge('8 KB'));
    }
  });

  it('refuses a signed-out request to a signed-in route before reading its body', async () => {
    // Malformed and too deep: had the body been parsed first, the answer would be a 400.
    const garbage = `${nestedObjects(40)}{`;
    for (const url of ['/auth/save-facebook-permissions', '/api/ask', '/api/accounts/act_1/status']) {
      const response = await sendJson(url.endsWith('status') ? 'PUT' : 'POST', url, garbage);
      expect(response.statusCode, url).toBe(401);
    }
  });
});

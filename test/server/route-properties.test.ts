import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { buildTestApp, type TestApp } from '../helpers/app';
import { expect, test as it, SYNCED_SETUP_MS } from '../helpers/fixtures';
import { FB_APP_ID, type SocialProviders, startSocialProviders } from '../helpers/social-providers';
import { bearer, TEST_PASSWORD } from '../helpers/users';

// Issue 9, item 11: whatever arrives in a body or a path parameter, no public route answers 5xx.
// The routes are read from the app itself, so a new one without a generator fails this file.

// The signed-in routes need a real user: one comes connected from the synced template.
it.override({ appDatabase: 'synced' });

const NUM_RUNS = 60;

interface RouteKey {
  method: string;
  url: string;
}

/** What one generated request carries; `social` bodies are turned into real provider tokens. */
interface Input {
  path?: string;
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string }
    | { kind: 'google'; claims: Record<string, unknown> }
    | { kind: 'facebook'; user: { userId: string; name: string; email?: string; valid: boolean } }
    | { kind: 'none' };
  headers?: Record<string, string>;
}

interface RouteFuzz {
  /** Demo app with a signed-in user, demo app anonymous, or the app wired to sign-in stand-ins. */
  app: 'user' | 'anonymous' | 'social';
  input: fc.Arbitrary<Input>;
}

// ---- Reading the route table ---------------------------------------------------------------

/** Every `{ method, url }` in `printRoutes`, with the tree's nesting joined back into full paths. */
function routesOf(app: FastifyInstance): RouteKey[] {
  const routes: RouteKey[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const parent = stack.join('');
    const full = `${parent}${match[2]}`;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url: full });
    }
  }
  return routes;
}

interface DocumentedRoute extends RouteKey {
  hasBody: boolean;
  hasParams: boolean;
  bodyKeys: string[];
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string }[];
}

/** The routes of the OpenAPI document, with `{id}` written as Fastify writes it (`:id`). */
async function documentedRoutes(app: FastifyInstance): Promise<DocumentedRoute[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const paths = response.json().paths as Record<string, Record<string, OpenApiOperation>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      return {
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        hasBody: Boolean(operation.requestBody),
        hasParams: (operation.parameters ?? []).some((p) => p.in === 'path'),
        bodyKeys: Object.keys(schema?.properties ?? {}),
      };
    }),
  );
}

const keyOf = (route: RouteKey) => `${route.method} ${route.url}`;
const takesInput = (route: RouteKey) => route.method !== 'GET' || route.url.includes(':');

// ---- Generators ----------------------------------------------------------------------------

/** Strings a parser or a database can trip on: every unit, controls, RTL, NUL, long runs. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\u202Eevil',
    '\uD800',
    '💥'.repeat(300),
    "'; drop table users; --",
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '<script>alert(1)</script>',
    'a'.repeat(5000),
  ),
);
const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt().map((n) => Number(n)),
);
const nestedArrays = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.array(tie('tree'), { maxLength: 4 })),
})).tree;
/** Any JSON-ish value, including the odd strings and numbers above. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  oddString,
  hugeNumber,
  nestedArrays,
  fc.object(),
  fc.constantFrom(null, true, false, [], {}),
);

const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/**
 * Records with the route's own keys (from its schema), each either a plausible value or a hostile
 * one, some keys missing and some extra ones: right shape, wrong content.
 */
function shaped(keys: string[], plausible: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(
    keys.map((key) => [
      key,
      fc.oneof(plausible[key] ?? hostileValue, plausible[key] ?? hostileValue, hostileValue),
    ]),
  );
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(oddString, hostileValue, { maxKeys: 2 }))
    .map(([record, extra]) => (Object.keys(extra).length % 2 ? { ...extra, ...record } : record));
}

/** Every key present with a plausible value: requests that get past validation into the handler. */
function complete(keys: string[], plausible: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc.record(Object.fromEntries(keys.map((key) => [key, plausible[key] ?? hostileValue])));
}

/** Bodies: schema-shaped, anything JSON, raw non-JSON text, or none at all. */
function bodies(
  keys: string[],
  plausible: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Input['body']> {
  return fc.oneof(
    { weight: 5, arbitrary: shaped(keys, plausible).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: complete(keys, plausible).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 3, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: oddString.map((text) => ({ kind: 'raw' as const, text })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

/** JSON-RPC messages MCP clients send, with hostile names and arguments. */
function mcpMessage(): fc.Arbitrary<unknown> {
  const toolCall = fc.record({
    name: fc.oneof(fc.constantFrom('ask', 'query', 'list_accounts', 'describe_metrics'), oddString),
    arguments: fc.oneof(
      hostileValue,
      fc.record({ question: hostileValue, conversation_id: hostileValue }, { requiredKeys: [] }),
      fc.record({ metrics: hostileValue, time: hostileValue, filters: hostileValue }, { requiredKeys: [] }),
    ),
  });
  return fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer(), oddString, hostileValue),
    method: fc.oneof(fc.constantFrom('initialize', 'tools/list', 'tools/call', 'ping'), oddString),
    params: fc.oneof(
      toolCall,
      fc.constant({
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'f', version: '1' },
      }),
      hostileValue,
    ),
  });
}

// ---- The apps ------------------------------------------------------------------------------

let t: TestApp;
let social: TestApp;
let providers: SocialProviders;
let token: string;
/** The signed-in user's address, among the plausible emails. */
let userEmail: string;
let sessionId: string;
let accountIds: string[];
let prices: string[];
let documented: DocumentedRoute[];
let mcpToken: string;
let requestCount = 0;

it.beforeAll(async ({ app, sink, connectUser }) => {
  t = app;
  ({ email: userEmail, token } = await connectUser());
  const chat = await t.app.inject({
    method: 'POST',
    url: '/api/new-chat',
    headers: bearer(token),
    payload: {},
  });
  sessionId = chat.json().sessionId;
  accountIds = generateDemoData({ today: todayIn(DEMO_TIME_ZONE) }).adAccounts.map((a) => a.account_id);
  const config = (await t.app.inject({ method: 'GET', url: '/api/client-config' })).json();
  const billingPrices = config.billing.prices as Record<string, Record<string, string>>;
  prices = Object.values(billingPrices).flatMap((path) => Object.values(path));
  documented = await documentedRoutes(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/mcp-tokens',
    headers: bearer(token),
    payload: { name: 'fuzz' },
  });
  mcpToken = created.json().token;
  providers = await startSocialProviders();
  social = await buildTestApp({ env: { ...providers.env, SMTP_URL: sink.url } });
}, SYNCED_SETUP_MS);
// The fixtures close the file's app and mail sink after these hooks.
it.afterAll(async () => {
  await social?.close();
  await providers?.close();
});

/** Plausible values by field name, shared by every route that has the field. */
function plausibleFields(): Record<string, fc.Arbitrary<unknown>> {
  const email = fc.oneof(
    fc.constantFrom(userEmail, userEmail.toUpperCase(), ` ${userEmail} `, 'new@example.com'),
    fc.emailAddress(),
  );
  const accountId = fc.oneof(
    fc.constantFrom(...accountIds),
    fc.constantFrom(...accountIds.map((id) => `act_${id}`)),
    fc.stringMatching(/^\d{1,35}$/),
  );
  return {
    email,
    password: fc.oneof(fc.constant(TEST_PASSWORD), fc.string({ maxLength: 300 })),
    newPassword: fc.oneof(fc.constant(TEST_PASSWORD), fc.string({ maxLength: 300 })),
    method: fc.constantFrom('web', 'google', 'WEB'),
    code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^\d{5,7}$/)),
    credential: fc.string({ maxLength: 100 }),
    accessToken: fc.string({ maxLength: 100 }),
    facebookToken: fc.oneof(
      fc.constant(null).map(() => t.app.meta.simulator?.issueUserToken({ scopes: ['ads_read'] }) ?? 'none'),
      fc.string({ maxLength: 100 }),
    ),
    accounts: fc.array(
      fc.oneof(fc.record({ account_id: accountId, name: fc.oneof(oddString, fc.string()) }), hostileValue),
      { maxLength: 5 },
    ),
    active: fc.boolean(),
    message: fc.oneof(
      fc.constantFrom('What did I spend yesterday?', 'ROAS by campaign last 7 days'),
      oddString,
    ),
    sessionId: fc.oneof(fc.constant(sessionId), fc.uuid(), fc.constant(randomUUID())),
    timezone: fc.constantFrom('UTC', 'Europe/Paris', 'Mars/Olympus', 'x'.repeat(65), 'Etc/GMT+14'),
    model: fc.constantFrom('arlo_auto', 'arlo_pro', 'gpt-9'),
    priceId: fc.oneof(fc.constantFrom(...prices), fc.string({ maxLength: 220 })),
    digest: fc.boolean(),
    alerts: fc.boolean(),
    timeZone: fc.constantFrom('Europe/Berlin', null, 'Mars/Olympus', 'x'.repeat(65), ''),
  };
}

/** Path parameters: real ids, ids with prefixes, and anything at all (percent-encoded). */
const idParam = (real: fc.Arbitrary<string>) =>
  fc.oneof(
    real,
    oddString.map(percentEncode),
    fc.stringMatching(/^(act_)?\d{0,40}$/),
    fc.constant('%2e%2e%2f'),
  );

function bodyRoute(
  app: RouteFuzz['app'],
  url: string,
  plausible: Record<string, fc.Arbitrary<unknown>>,
): RouteFuzz {
  const keys = documented.find((route) => route.url === url)?.bodyKeys ?? [];
  return { app, input: bodies(keys, plausible).map((body) => ({ body })) };
}

/** The generator of every route that takes input. A route missing here fails the first test. */
function fuzzers(): Record<string, RouteFuzz> {
  const plausible = plausibleFields();
  const googleClaims = fc.record(
    {
      sub: fc.oneof(fc.string({ maxLength: 30 }), fc.uuid()),
      email: fc.oneof(fc.emailAddress(), oddString, fc.constant(userEmail)),
      email_verified: fc.oneof(fc.boolean(), hostileValue),
      name: fc.oneof(oddString, hostileValue),
      picture: hostileValue,
    },
    { requiredKeys: ['sub'] },
  );
  const facebookUser = fc.record({
    userId: fc.stringMatching(/^\d{1,20}$/),
    name: oddString,
    email: fc.option(fc.oneof(fc.emailAddress(), oddString, fc.constant(userEmail)), { nil: undefined }),
    valid: fc.boolean(),
  });
  const socialBodies = (provider: 'google' | 'facebook', url: string): RouteFuzz => ({
    app: 'social',
    input: fc.oneof(
      bodyRoute('social', url, plausible).input,
      provider === 'google'
        ? googleClaims.map((claims) => ({ body: { kind: 'google' as const, claims } }))
        : facebookUser.map((user) => ({ body: { kind: 'facebook' as const, user } })),
    ),
  });
  const anonymous = (url: string) => bodyRoute('anonymous', url, plausible);
  const signedIn = (url: string) => bodyRoute('user', url, plausible);
  const accountPath = (suffix: string) =>
    idParam(fc.constantFrom(...accountIds)).map((id) => `/api/accounts/${id}/${suffix}`);

  return {
    'POST /auth/check-signup-status': anonymous('/auth/check-signup-status'),
    'POST /auth/create-user': anonymous('/auth/create-user'),
    'POST /auth/verify-email': anonymous('/auth/verify-email'),
    'POST /auth/resend-verification': anonymous('/auth/resend-verification'),
    'POST /auth/validate-email': anonymous('/auth/validate-email'),
    'POST /auth/login': anonymous('/auth/login'),
    'POST /auth/forgot-password': anonymous('/auth/forgot-password'),
    'POST /auth/reset-password-with-code': anonymous('/auth/reset-password-with-code'),
    'POST /auth/google-signup': socialBodies('google', '/auth/google-signup'),
    'POST /auth/google-login': socialBodies('google', '/auth/google-login'),
    'POST /auth/facebook-signup': socialBodies('facebook', '/auth/facebook-signup'),
    'POST /auth/facebook-login': socialBodies('facebook', '/auth/facebook-login'),
    'POST /auth/save-facebook-permissions': signedIn('/auth/save-facebook-permissions'),
    'POST /auth/handoff': signedIn('/auth/handoff'),
    'POST /auth/handoff/exchange': anonymous('/auth/handoff/exchange'),
    'POST /api/ask': signedIn('/api/ask'),
    'POST /api/new-chat': signedIn('/api/new-chat'),
    'PUT /api/accounts/:id/status': {
      app: 'user',
      input: fc
        .tuple(accountPath('status'), bodies(['active'], plausible))
        .map(([path, body]) => ({ path, body })),
    },
    'POST /api/accounts/:id/sync': {
      app: 'user',
      input: fc.tuple(accountPath('sync'), bodies([], plausible)).map(([path, body]) => ({ path, body })),
    },
    'GET /api/sessions/:id': {
      app: 'user',
      input: idParam(fc.oneof(fc.constant(sessionId), fc.uuid())).map((id) => ({
        path: `/api/sessions/${id}`,
        body: { kind: 'none' as const },
      })),
    },
    'POST /api/mcp-tokens': signedIn('/api/mcp-tokens'),
    'DELETE /api/mcp-tokens/:id': {
      app: 'user',
      input: idParam(fc.oneof(fc.uuid(), fc.constant(randomUUID()))).map((id) => ({
        path: `/api/mcp-tokens/${id}`,
        body: { kind: 'none' as const },
      })),
    },
    // MCP messages with the owner's token (and some without it): right envelope, any content.
    'POST /mcp': {
      app: 'user',
      input: fc
        .tuple(
          fc.oneof(
            { weight: 3, arbitrary: mcpMessage().map((value) => ({ kind: 'json' as const, value })) },
            { weight: 1, arbitrary: bodies([], {}) },
          ),
          fc.boolean(),
        )
        .map(([body, withToken]) => ({
          body,
          headers: {
            accept: 'application/json, text/event-stream',
            ...(withToken ? { authorization: `Bearer ${mcpToken}` } : {}),
          },
        })),
    },
    'DELETE /mcp': { app: 'anonymous', input: fc.constant({ body: { kind: 'none' as const } }) },
    // Fastify serves a prefix's root with and without the trailing slash.
    'PUT /api/email-reports': signedIn('/api/email-reports'),
    'PUT /api/email-reports/': signedIn('/api/email-reports/'),
    'POST /api/email-reports/test-digest': signedIn('/api/email-reports/test-digest'),
    // The signed link's query, real-looking or not; the body (a mail client's form) is ignored.
    'POST /api/email-reports/unsubscribe': {
      app: 'anonymous',
      input: fc
        .tuple(
          fc.oneof(fc.uuid(), oddString),
          fc.oneof(fc.constantFrom('digest', 'alerts'), oddString),
          fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), oddString),
          bodies([], {}),
        )
        .map(([u, k, sig, body]) => ({
          path: `/api/email-reports/unsubscribe?${new URLSearchParams({ u, k, s: sig }).toString()}`,
          body,
        })),
    },
    'POST /payment/create-checkout-session': signedIn('/payment/create-checkout-session'),
    'POST /ypayment/create-checkout-session': signedIn('/ypayment/create-checkout-session'),
    'POST /payment/cancel-subscription': signedIn('/payment/cancel-subscription'),
    'POST /payment/webhook': {
      app: 'anonymous',
      input: fc
        .tuple(
          bodies(['id', 'type', 'data'], {}),
          fc.option(
            fc.oneof(fc.string({ maxLength: 200 }), fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=00`)),
            {
              nil: undefined,
            },
          ),
        )
        .map(
          ([body, signature]): Input => ({
            body,
            headers: signature === undefined ? {} : { 'stripe-signature': signature },
          }),
        ),
    },
    // The history fallback: a POST to any unknown path is a 404, whatever it carries.
    'POST *': {
      app: 'anonymous',
      input: fc
        .tuple(fc.array(oddString.map(percentEncode), { minLength: 1, maxLength: 4 }), bodies([], {}))
        .map(([segments, body]) => ({ path: `/${segments.join('/')}`, body })),
    },
  };
}

// ---- Sending -------------------------------------------------------------------------------

/** Each request from its own address, so the per-IP limits do not turn the run into 429s. */
function nextAddress(): string {
  requestCount++;
  return `10.${Math.floor(requestCount / 62500) % 250}.${Math.floor(requestCount / 250) % 250}.${(requestCount % 250) + 1}`;
}

/** Turns a provider body into a real token the stand-ins know, or JSON into bytes. */
async function payloadOf(body: Input['body']): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const json = { 'content-type': 'application/json' };
  switch (body.kind) {
    case 'none':
      return {};
    case 'raw':
      return { headers: json, payload: body.text };
    case 'json': {
      const text = JSON.stringify(body.value);
      return text === undefined ? {} : { headers: json, payload: text };
    }
    case 'google':
      return { payload: { credential: await providers.googleToken(body.claims) } };
    case 'facebook': {
      const accessToken = `fb-${randomUUID()}`;
      providers.facebookTokens.set(accessToken, { appId: FB_APP_ID, type: 'USER', ...body.user });
      return { payload: { accessToken } };
    }
  }
}

async function send(route: RouteKey, fuzz: RouteFuzz, input: Input) {
  const app = fuzz.app === 'social' ? social.app : t.app;
  const { payload, headers } = await payloadOf(input.body);
  return app.inject({
    method: route.method as InjectOptions['method'],
    url: input.path ?? route.url,
    headers: { ...(fuzz.app === 'user' ? bearer(token) : {}), ...headers, ...input.headers },
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}

// ---- The properties ------------------------------------------------------------------------

describe('every public route survives arbitrary input', () => {
  it('has a generator for each route that takes a body or path parameters', () => {
    const table = fuzzers();
    const registered = routesOf(t.app);
    // The parser itself: a few routes we know must be there, with their full paths.
    expect(registered).toContainEqual({ method: 'PUT', url: '/api/accounts/:id/status' });
    expect(registered).toContainEqual({ method: 'POST', url: '/auth/login' });

    const missing = registered.filter((route) => takesInput(route) && !(keyOf(route) in table)).map(keyOf);
    expect(missing, 'routes that take input but have no generator here').toEqual([]);
    const undocumentedMissing = documented
      .filter((route) => (route.hasBody || route.hasParams) && !(keyOf(route) in table))
      .map(keyOf);
    expect(undocumentedMissing, 'OpenAPI routes with a body or params but no generator').toEqual([]);
    // Every documented route is a real one, and the table names no route that is gone.
    const registeredKeys = new Set(registered.map(keyOf));
    expect(documented.map(keyOf).filter((key) => !registeredKeys.has(key))).toEqual([]);
    expect(Object.keys(table).filter((key) => !registeredKeys.has(key))).toEqual([]);
  });

  it('never answers 5xx, and every 4xx is { message, code }', async () => {
    const table = fuzzers();
    for (const [key, fuzz] of Object.entries(table)) {
      const [method, url] = key.split(' ') as [string, string];
      await fc.assert(
        fc.asyncProperty(fuzz.input, async (input) => {
          const response = await send({ method, url }, fuzz, input);
          const context = `${key} ${JSON.stringify(input).slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const body = response.json() as { message?: unknown; code?: unknown };
            expect(typeof body.message, context).toBe('string');
            expect(typeof body.code, context).toBe('string');
          }
        }),
        { numRuns: NUM_RUNS },
      );
    }
    // Nothing was logged as a server error along the way.
    for (const app of [t, social]) {
      expect(app.logs.filter((line) => Number(line.level) >= 50).map((line) => line.msg)).toEqual([]);
    }
  }, 120_000);
});

import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGraphClient,
  GRAPH_VERSION,
  GraphApiError,
  type GraphClientOptions,
  GraphTokenError,
  GraphTooMuchDataError,
} from '../../src/server/meta/graph';

// Small stand-ins for graph.facebook.com, answering in Meta's formats; each test scripts its own.
const APP_ID = '4242424242';
const APP_SECRET = 'appsecret-9f8e7d6c5b4a';
const TOKEN = 'EAAGuserTOKENzz0123456789abcdef';
const SHORT_TOKEN = 'EAAGshortLIVEDtoken987654321';
const PROOF = createHmac('sha256', APP_SECRET).update(TOKEN).digest('hex');
const SECRETS = [TOKEN, APP_SECRET, PROOF, SHORT_TOKEN];

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
}
type Handler = (req: Seen, res: ServerResponse, n: number) => void | Promise<void>;
interface StandIn {
  url: string;
  origin: string;
  seen: Seen[];
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function standIn(handler: Handler, prefix = ''): Promise<StandIn> {
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const entry: Seen = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: new URLSearchParams(Buffer.concat(chunks).toString()),
    };
    seen.push(entry);
    await handler(entry, res, seen.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${origin}${prefix}`, origin, seen };
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const metaError = (code: number, subcode?: number, message = 'An error occurred') => ({
  error: {
    message,
    type: code === 190 ? 'OAuthException' : 'GraphMethodException',
    code,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
    fbtrace_id: 'AxTrace123',
  },
});

function makeClient(baseUrl: string, extra: Partial<GraphClientOptions> = {}) {
  const sleeps: number[] = [];
  const logs: string[] = [];
  const client = createGraphClient({
    baseUrl,
    appId: APP_ID,
    appSecret: APP_SECRET,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1, // no jitter: the backoff is exactly baseDelayMs * 2^attempt
    log: {
      warn: (obj, msg) => logs.push(`${msg} ${JSON.stringify(obj)}`),
      debug: (obj, msg) => logs.push(`${msg} ${JSON.stringify(obj)}`),
    },
    ...extra,
  });
  return { client, sleeps, logs };
}

async function caught(promise: Promise<unknown>): Promise<GraphApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GraphApiError);
    return error as GraphApiError;
  }
  throw new Error('expected a GraphApiError');
}

describe('requests', () => {
  it('sends access_token and a correct appsecret_proof under /v23.0/, with or without a path prefix', async () => {
    const server = await standIn((_req, res) => send(res, 200, { id: '1', name: 'Ada' }), '/meta-sim');
    const { client } = makeClient(`${server.url}/`);
    expect(await client.get('/me', { fields: 'id,name', unused: undefined }, TOKEN)).toEqual({
      id: '1',
      name: 'Ada',
    });
    await client.get('act_42/campaigns', { limit: 5 }, TOKEN);
    expect(GRAPH_VERSION).toBe('v23.0');
    expect(server.seen.map((r) => r.path)).toEqual([
      '/meta-sim/v23.0/me',
      '/meta-sim/v23.0/act_42/campaigns',
    ]);
    for (const req of server.seen) {
      expect(req.query.get('access_token')).toBe(TOKEN);
      expect(req.query.get('appsecret_proof')).toBe(PROOF);
    }
    expect(server.seen[0]?.query.get('fields')).toBe('id,name');
    expect(server.seen[0]?.query.has('unused')).toBe(false);
    expect(server.seen[1]?.query.get('limit')).toBe('5');
  });

  it('debugToken uses the app token; exchangeToken sends the exchange parameters', async () => {
    const server = await standIn((req, res) => {
      if (req.path === '/v23.0/debug_token') {
        return send(res, 200, {
          data: {
            app_id: APP_ID,
            type: 'USER',
            is_valid: true,
            expires_at: 0,
            scopes: ['ads_read', 'email'],
            user_id: '777',
          },
        });
      }
      return send(res, 200, { access_token: 'EAAGlong', token_type: 'bearer', expires_in: 5183944 });
    });
    const { client } = makeClient(server.url);
    expect(await client.debugToken(TOKEN)).toEqual({
      isValid: true,
      appId: APP_ID,
      type: 'USER',
      userId: '777',
      scopes: ['ads_read', 'email'],
      expiresAt: null,
    });
    expect(server.seen[0]?.query.get('input_token')).toBe(TOKEN);
    expect(server.seen[0]?.query.get('access_token')).toBe(`${APP_ID}|${APP_SECRET}`);

    expect(await client.exchangeToken(SHORT_TOKEN)).toEqual({ accessToken: 'EAAGlong', expiresIn: 5183944 });
    const exchange = server.seen[1];
    expect(exchange?.path).toBe('/v23.0/oauth/access_token');
    expect(Object.fromEntries(exchange?.query ?? [])).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: SHORT_TOKEN,
    });
  });
});

describe('paging', () => {
  const pagedServer = () =>
    standIn((req, res) => {
      const after = Number(req.query.get('after') ?? 0);
      const items = [0, 1].map((i) => ({ id: String(after + i) }));
      // Meta's next URLs are absolute; this one leaves the token out so the client must re-attach it.
      const next = after < 4 ? `${server.origin}/v23.0/me/adaccounts?limit=2&after=${after + 2}` : undefined;
      send(res, 200, { data: items, paging: { cursors: { after: 'x' }, ...(next ? { next } : {}) } });
    });
  let server: StandIn;

  it('follows paging.next through every page, re-attaching the token and proof', async () => {
    server = await pagedServer();
    const { client } = makeClient(server.url);
    const all = await client.getAll<{ id: string }>('me/adaccounts', { limit: 2 }, TOKEN);
    expect(all.map((a) => a.id)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(server.seen).toHaveLength(3);
    for (const req of server.seen) {
      expect(req.query.get('access_token')).toBe(TOKEN);
      expect(req.query.get('appsecret_proof')).toBe(PROOF);
    }
  });

  it('streams pages to onPage and then returns []', async () => {
    server = await pagedServer();
    const { client } = makeClient(server.url);
    const pages: string[][] = [];
    const result = await client.getAll<{ id: string }>('me/adaccounts', {}, TOKEN, (items) => {
      pages.push(items.map((a) => a.id));
    });
    expect(result).toEqual([]);
    expect(pages).toEqual([
      ['0', '1'],
      ['2', '3'],
      ['4', '5'],
    ]);
  });

  it('refuses a paging.next that points to another origin, sending it nothing', async () => {
    const elsewhere = await standIn((_req, res) => send(res, 200, { data: [] }));
    const server = await standIn((_req, res) =>
      send(res, 200, {
        data: [{ id: '1' }],
        paging: { next: `${elsewhere.origin}/v23.0/me/adaccounts?access_token=${TOKEN}&after=1` },
      }),
    );
    const { client } = makeClient(server.url);
    const error = await caught(client.getAll('me/adaccounts', {}, TOKEN));
    expect(error.message).toMatch(/another|refused/);
    expect(error.retryable).toBe(false);
    expect(elsewhere.seen).toHaveLength(0);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });
});

describe('rate-limit usage headers', () => {
  it('pauses before the next call in proportion to usage past 85 %, up to the reset window', async () => {
    const server = await standIn((_req, res, n) =>
      send(
        res,
        200,
        { ok: n },
        {
          'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 95, reset_time_duration: 120 }),
          'x-app-usage': JSON.stringify({ call_count: 12, total_cputime: 3, total_time: 4 }),
        },
      ),
    );
    const { client, sleeps } = makeClient(server.url);
    await client.get('me', {}, TOKEN);
    expect(sleeps).toEqual([]);
    expect(client.lastUsage()).toMatchObject({ maxPct: 95, resetMs: 120_000, app: { callCount: 12 } });
    await client.get('me', {}, TOKEN);
    // (95 - 85) / 15 of the 120 s reset window.
    expect(sleeps).toEqual([80_000]);
  });

  it('uses maxDelayMs as the window for business-use-case usage, and does not pause below 85 %', async () => {
    let pct = 92;
    const server = await standIn((_req, res) =>
      send(
        res,
        200,
        {},
        {
          'x-business-use-case-usage': JSON.stringify({
            '111': [
              {
                type: 'ads_management',
                call_count: pct,
                total_cputime: 10,
                total_time: 20,
                estimated_time_to_regain_access: 0,
              },
            ],
          }),
        },
      ),
    );
    const { client, sleeps } = makeClient(server.url);
    await client.get('me', {}, TOKEN);
    pct = 40;
    await client.get('me', {}, TOKEN);
    await client.get('me', {}, TOKEN);
    expect(sleeps).toEqual([Math.ceil((7 / 15) * 60_000)]);
    expect(client.lastUsage()?.maxPct).toBe(40);
  });

  it('waits estimated_time_to_regain_access (minutes) after a throttled answer, then retries', async () => {
    const server = await standIn((_req, res, n) =>
      n === 1
        ? send(
            res,
            400,
            metaError(80000, undefined, 'There have been too many calls from this ad-account.'),
            {
              'x-business-use-case-usage': JSON.stringify({
                '42': [
                  {
                    type: 'ads_insights',
                    call_count: 100,
                    total_cputime: 30,
                    total_time: 40,
                    estimated_time_to_regain_access: 3,
                  },
                ],
              }),
            },
          )
        : send(res, 200, { id: '1' }),
    );
    const { client, sleeps } = makeClient(server.url);
    expect(await client.get('act_42', {}, TOKEN)).toEqual({ id: '1' });
    expect(sleeps).toEqual([180_000]);
    expect(client.lastUsage()?.regainAccessMs).toBe(180_000);
  });
});

describe('retries', () => {
  const cases: Array<{ name: string; fail: (res: ServerResponse) => void }> = [
    ...[4, 17, 32, 613, 80000, 80014].map((code) => ({
      name: `code ${code}`,
      fail: (res: ServerResponse) =>
        send(res, 400, metaError(code, undefined, 'Application request limit reached')),
    })),
    {
      name: 'code 1 / subcode 99',
      fail: (res) => send(res, 400, metaError(1, 99, 'An unknown error occurred')),
    },
    {
      name: 'code 2',
      fail: (res) => send(res, 503, metaError(2, undefined, 'Service temporarily unavailable')),
    },
    {
      name: 'HTTP 500',
      fail: (res) => send(res, 500, metaError(1, undefined, 'An unknown error has occurred.')),
    },
    { name: 'HTTP 503 non-JSON', fail: (res) => send(res, 503, '<html>Service Unavailable</html>') },
    {
      name: 'network error',
      fail: (res) => {
        res.socket?.destroy();
      },
    },
  ];

  it.each(cases)('retries $name and then succeeds', async ({ fail }) => {
    const server = await standIn((_req, res, n) => (n === 1 ? fail(res) : send(res, 200, { id: 'ok' })));
    const { client, sleeps } = makeClient(server.url);
    expect(await client.get('me', {}, TOKEN)).toEqual({ id: 'ok' });
    expect(server.seen).toHaveLength(2);
    expect(sleeps).toEqual([500]);
  });

  it('retries a timeout', async () => {
    const server = await standIn(async (_req, res, n) => {
      if (n === 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (!res.destroyed) send(res, 200, { id: 'ok' });
    });
    const { client, sleeps } = makeClient(server.url, { timeoutMs: 100 });
    expect(await client.get('me', {}, TOKEN)).toEqual({ id: 'ok' });
    expect(sleeps).toHaveLength(1);
  });

  it('does not retry 190: GraphTokenError', async () => {
    const server = await standIn((_req, res) =>
      send(res, 400, metaError(190, 463, 'Error validating access token: Session has expired')),
    );
    const { client, sleeps } = makeClient(server.url);
    const error = await caught(client.get('me', {}, TOKEN));
    expect(error).toBeInstanceOf(GraphTokenError);
    expect(error).toMatchObject({
      status: 400,
      code: 190,
      subcode: 463,
      fbtraceId: 'AxTrace123',
      retryable: false,
    });
    expect(server.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry other 4xx errors', async () => {
    const server = await standIn((_req, res) =>
      send(res, 400, metaError(100, 33, 'Unsupported get request.')),
    );
    const { client, sleeps } = makeClient(server.url);
    const error = await caught(client.get('me', {}, TOKEN));
    expect(error).not.toBeInstanceOf(GraphTokenError);
    expect(error).toMatchObject({ code: 100, subcode: 33, type: 'GraphMethodException', retryable: false });
    expect(server.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('gives up after maxRetries with the last error, backing off exponentially up to the cap', async () => {
    const server = await standIn((_req, res) =>
      send(res, 400, metaError(17, 2446079, 'User request limit reached')),
    );
    const { client, sleeps } = makeClient(server.url, { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 3_000 });
    const error = await caught(client.get('me', {}, TOKEN));
    expect(error).toMatchObject({ code: 17, retryable: true });
    expect(server.seen).toHaveLength(5);
    expect(sleeps).toEqual([500, 1_000, 2_000, 3_000]);
  });
});

describe('insights', () => {
  const days = (since: string, until: string) => {
    const out: string[] = [];
    for (let d = Date.parse(since); d <= Date.parse(until); d += 86_400_000) {
      out.push(new Date(d).toISOString().slice(0, 10));
    }
    return out;
  };
  // More than 3 days is "too much data"; rows are one per ad per day, paged by `limit`.
  const insightsServer = (maxDays: number) =>
    standIn((req, res) => {
      const params = req.method === 'POST' ? req.body : req.query;
      const range = JSON.parse(params.get('time_range') ?? '{}') as { since: string; until: string };
      const span = days(range.since, range.until);
      if (span.length > maxDays) {
        // Meta says it both ways: code 100/1487534 on 400, or code 1 with this message on 500.
        return span.length % 2
          ? send(res, 400, metaError(100, 1487534, 'Please reduce the amount of data you are asking for'))
          : send(
              res,
              500,
              metaError(
                1,
                undefined,
                "Please reduce the amount of data you're asking for, then retry your request",
              ),
            );
      }
      const rows = span.flatMap((day) =>
        ['11', '12'].map((ad) => ({ ad_id: ad, date_start: day, date_stop: day, spend: '1.00' })),
      );
      const limit = Number(params.get('limit'));
      const after = Number(params.get('after') ?? 0);
      const next = new URL(`${server.origin}${req.path}`);
      for (const [k, v] of params)
        if (k !== 'access_token' && k !== 'appsecret_proof') next.searchParams.set(k, v);
      next.searchParams.set('after', String(after + limit));
      send(res, 200, {
        data: rows.slice(after, after + limit),
        paging: after + limit < rows.length ? { next: next.href } : {},
      });
    });
  let server: StandIn;
  const query = { level: 'ad' as const, fields: ['ad_id', 'spend'], timeIncrement: 1 as const, limit: 3 };

  it('splits a too-big range in halves and returns every row exactly once', async () => {
    server = await insightsServer(3);
    const { client, sleeps } = makeClient(server.url);
    const rows: Array<{ ad_id: string; date_start: string }> = [];
    const count = await client.insights<{ ad_id: string; date_start: string }>(
      '42',
      { ...query, since: '2024-01-01', until: '2024-01-10' },
      TOKEN,
      (page) => {
        rows.push(...page);
      },
    );
    expect(count).toBe(20);
    const keys = rows.map((r) => `${r.ad_id}@${r.date_start}`);
    expect(new Set(keys).size).toBe(20);
    expect(keys.sort()).toEqual(
      days('2024-01-01', '2024-01-10')
        .flatMap((d) => [`11@${d}`, `12@${d}`])
        .sort(),
    );
    expect(server.seen.every((r) => r.path === '/v23.0/act_42/insights')).toBe(true);
    expect(server.seen[0]?.query.get('level')).toBe('ad');
    expect(server.seen[0]?.query.get('time_increment')).toBe('1');
    expect(sleeps).toEqual([]); // a split, not a retry
  });

  it('throws when a single day is still too much, and does not split non-daily rows', async () => {
    server = await insightsServer(0);
    const { client } = makeClient(server.url);
    const error = await caught(
      client.insights('act_42', { ...query, since: '2024-01-01', until: '2024-01-04' }, TOKEN),
    );
    expect(error).toBeInstanceOf(GraphTooMuchDataError);
    expect(error.retryable).toBe(false);

    const before = server.seen.length;
    await expect(
      client.insights(
        'act_42',
        { ...query, timeIncrement: 'all_days', since: '2024-01-01', until: '2024-01-04' },
        TOKEN,
      ),
    ).rejects.toBeInstanceOf(GraphTooMuchDataError);
    expect(server.seen.length - before).toBe(1);
  });

  it('runs an async report: POST, poll to Job Completed at 100 %, then page the rows', async () => {
    const statuses = [
      { async_status: 'Job Not Started', async_percent_completion: 0 },
      { async_status: 'Job Running', async_percent_completion: 60 },
      { async_status: 'Job Completed', async_percent_completion: 90 },
      { async_status: 'Job Completed', async_percent_completion: 100 },
    ];
    let polls = 0;
    const rows = Array.from({ length: 5 }, (_, i) => ({ ad_id: String(i), date_start: '2024-01-01' }));
    server = await standIn((req, res) => {
      if (req.method === 'POST') return send(res, 200, { report_run_id: '6023' });
      if (req.path === '/v23.0/6023') return send(res, 200, { id: '6023', ...statuses[polls++] });
      const after = Number(req.query.get('after') ?? 0);
      const next = `${server.origin}/v23.0/6023/insights?limit=2&after=${after + 2}`;
      send(res, 200, { data: rows.slice(after, after + 2), paging: after + 2 < rows.length ? { next } : {} });
    });
    const { client, sleeps } = makeClient(server.url);
    const got: unknown[] = [];
    const count = await client.insightsAsync(
      '42',
      { ...query, limit: 2, since: '2024-01-01', until: '2024-01-31' },
      TOKEN,
      (page) => {
        got.push(...page);
      },
      { pollMs: 250 },
    );
    expect(count).toBe(5);
    expect(got).toEqual(rows);
    expect(sleeps).toEqual([250, 250, 250]);
    const post = server.seen[0];
    expect(post?.path).toBe('/v23.0/act_42/insights');
    expect(post?.body.get('access_token')).toBe(TOKEN);
    expect(post?.body.get('appsecret_proof')).toBe(PROOF);
    expect(JSON.parse(post?.body.get('time_range') ?? '')).toEqual({
      since: '2024-01-01',
      until: '2024-01-31',
    });
    expect(post?.query.has('access_token')).toBe(false);
    expect(server.seen.filter((r) => r.path === '/v23.0/6023/insights')).toHaveLength(3);
  });

  it("fails an async report that ends with 'Job Failed'", async () => {
    server = await standIn((req, res) =>
      req.method === 'POST'
        ? send(res, 200, { report_run_id: '6024' })
        : send(res, 200, { id: '6024', async_status: 'Job Failed', async_percent_completion: 0 }),
    );
    const { client } = makeClient(server.url);
    const error = await caught(
      client.insightsAsync('42', { ...query, since: '2024-01-01', until: '2024-01-31' }, TOKEN, undefined, {
        pollMs: 1,
      }),
    );
    expect(error.message).toContain('Job Failed');
    expect(error.retryable).toBe(false);
    expect(server.seen).toHaveLength(2);
  });
});

describe('secrets', () => {
  it('never puts the token, the app secret or the proof in an error or a log line', async () => {
    const elsewhere = await standIn((_req, res) => send(res, 200, { data: [] }));
    // A hostile stand-in that echoes the request URL back in its error messages.
    const server = await standIn((req, res) => {
      const echo = `${req.path}?${req.query}`;
      switch (req.path) {
        case '/v23.0/expired':
          return send(res, 400, metaError(190, 460, `Token ${TOKEN} expired; request ${echo}`));
        case '/v23.0/html':
          return send(res, 503, `<html>${echo}</html>`);
        case '/v23.0/drop':
          res.socket?.destroy();
          return;
        case '/v23.0/pages':
          return send(res, 200, {
            data: [{}],
            paging: { next: `${elsewhere.origin}/x?access_token=${TOKEN}` },
          });
        case '/v23.0/oauth/access_token':
          return send(res, 400, metaError(101, undefined, `Bad client_secret ${APP_SECRET} in ${echo}`));
        default:
          return send(res, 500, metaError(1, undefined, `oops ${echo}`));
      }
    });
    const { client, logs } = makeClient(server.url, { maxRetries: 1 });
    const errors = [
      await caught(client.get('expired', {}, TOKEN)),
      await caught(client.get('html', {}, TOKEN)),
      await caught(client.get('drop', {}, TOKEN)),
      await caught(client.getAll('pages', {}, TOKEN)),
      await caught(client.exchangeToken(SHORT_TOKEN)),
      await caught(client.debugToken(TOKEN)),
      await caught(
        client.insightsAsync(
          '42',
          { level: 'ad', fields: ['spend'], since: '2024-01-01', until: '2024-01-02' },
          TOKEN,
        ),
      ),
    ];
    expect(errors[0]).toBeInstanceOf(GraphTokenError);
    expect(logs.length).toBeGreaterThanOrEqual(4);
    expect(logs.join('\n')).toContain('access_token=[redacted]');
    for (const error of errors) {
      const texts = [
        error.message,
        String(error.stack),
        JSON.stringify(error),
        JSON.stringify(error.cause ?? null),
      ];
      for (const text of texts) for (const secret of SECRETS) expect(text).not.toContain(secret);
    }
    for (const line of logs) for (const secret of SECRETS) expect(line).not.toContain(secret);
  });
});

import vm from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoScenario, generateDemoData } from '../../src/analyst/demo/generate';
import { appsecretProof, createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import type { GraphAdAccount, GraphDataset } from '../../src/warehouse/graph-types';

const APP_ID = 'test-app';
const APP_SECRET = 'test-secret';
const APP_TOKEN = `${APP_ID}|${APP_SECRET}`;

// biome-ignore lint/suspicious/noExplicitAny: Graph answers are read loosely; the assertions check their shape.
type Json = Record<string, any>;

interface Running {
  sim: GraphSimulator;
  url: string;
  close(): Promise<void>;
}

async function start(dataset: GraphDataset, options: { pageSize?: number } = {}): Promise<Running> {
  const sim = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET, ...options });
  const { url, close } = await sim.listen(0);
  return { sim, url, close };
}

async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

function query(params: Record<string, string | undefined>): string {
  const defined = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new URLSearchParams(defined).toString();
}

describe('Graph API simulator over the demo accounts', () => {
  const dataset = generateDemoData({ today: '2026-11-20' });
  const account = dataset.adAccounts[0] as GraphAdAccount;
  const act = account.id;
  let server: Running;
  let token: string;

  /** A server-side Graph call: the token plus its appsecret_proof. */
  function graph(path: string, params: Record<string, string> = {}, as = token) {
    const all = { ...params, access_token: as, appsecret_proof: appsecretProof(APP_SECRET, as) };
    return getJson(`${server.url}/v23.0${path}?${query(all)}`);
  }

  async function allRows(
    path: string,
    params: Record<string, string>,
  ): Promise<{ rows: Json[]; pages: number }> {
    let page = await graph(path, params);
    const rows: Json[] = [...page.body.data];
    let pages = 1;
    while (page.body.paging?.next) {
      page = await getJson(page.body.paging.next);
      expect(page.status).toBe(200);
      rows.push(...page.body.data);
      pages++;
    }
    return { rows, pages };
  }

  const week = JSON.stringify({ since: '2026-11-01', until: '2026-11-07' });

  beforeAll(async () => {
    server = await start(dataset);
    token = server.sim.issueUserToken();
  });
  afterAll(() => server.close());
  beforeEach(() => server.sim.clearFaults());

  it('answers /me and /me/adaccounts with only the fields asked (plus id)', async () => {
    const me = await graph('/me', { fields: 'id,name,email' });
    expect(me.body).toEqual({ id: expect.any(String), name: 'Demo Marketer', email: 'demo@arlo.local' });
    const accounts = await graph('/me/adaccounts', { fields: 'account_id,name,currency' });
    expect(accounts.body.data).toHaveLength(2);
    expect(accounts.body.data[0]).toEqual({
      account_id: account.account_id,
      name: account.name,
      currency: account.currency,
      id: act,
    });
    expect(accounts.body.paging.next).toBeUndefined();
  });

  it('sends every number as a string and only the fields asked, plus date_start and date_stop', async () => {
    const { body } = await graph(`/${act}/insights`, {
      level: 'campaign',
      fields: 'campaign_id,campaign_name,impressions,clicks,spend,ctr,cpc,cpm,reach,frequency,actions',
      time_range: week,
    });
    expect(body.data.length).toBeGreaterThan(1);
    for (const row of body.data) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'campaign_id',
          'campaign_name',
          'impressions',
          'clicks',
          'spend',
          'ctr',
          'cpc',
          'cpm',
          'reach',
          'frequency',
          'actions',
          'date_start',
          'date_stop',
        ].sort(),
      );
      for (const field of ['impressions', 'clicks', 'reach']) expect(row[field]).toMatch(/^\d+$/);
      for (const field of ['spend', 'ctr', 'cpc', 'cpm', 'frequency'])
        expect(row[field]).toMatch(/^\d+\.\d+$/);
      for (const action of row.actions) expect(action.value).toMatch(/^\d+$/);
      expect(row).toMatchObject({ date_start: '2026-11-01', date_stop: '2026-11-07' });
    }
  });

  it('follows next across pages and returns every row exactly once', async () => {
    const params = { level: 'ad', fields: 'ad_id,spend', time_range: week, time_increment: '1' };
    const whole = await graph(`/${act}/insights`, { ...params, limit: '5000' });
    const { rows, pages } = await allRows(`/${act}/insights`, { ...params, limit: '40' });
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(rows).toEqual(whole.body.data);
    const keys = rows.map((row) => `${row.date_start}|${row.ad_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const expected = dataset.insights[act]?.filter(
      (row) => row.date_start >= '2026-11-01' && row.date_start <= '2026-11-07',
    );
    expect(rows).toHaveLength(expected?.length ?? -1);
    const dates = rows.map((row) => row.date_start as string);
    expect([...dates].sort()).toEqual(dates);
  });

  it('sums campaigns to the same totals as their ads', async () => {
    const fields = 'campaign_id,impressions,clicks,spend,actions';
    const ads = await allRows(`/${act}/insights`, { level: 'ad', fields, time_range: week, limit: '500' });
    const campaigns = await graph(`/${act}/insights`, { level: 'campaign', fields, time_range: week });
    const sums = new Map<string, { impressions: number; clicks: number; spend: number; purchases: number }>();
    for (const row of ads.rows) {
      const sum = sums.get(row.campaign_id) ?? { impressions: 0, clicks: 0, spend: 0, purchases: 0 };
      sum.impressions += Number(row.impressions);
      sum.clicks += Number(row.clicks);
      sum.spend += Number(row.spend);
      sum.purchases += Number(row.actions?.find((a: Json) => a.action_type === 'omni_purchase')?.value ?? 0);
      sums.set(row.campaign_id, sum);
    }
    expect(campaigns.body.data).toHaveLength(sums.size);
    for (const row of campaigns.body.data) {
      const sum = sums.get(row.campaign_id);
      expect(Number(row.impressions)).toBe(sum?.impressions);
      expect(Number(row.clicks)).toBe(sum?.clicks);
      expect(Number(row.spend)).toBeCloseTo(sum?.spend ?? -1, 2);
      expect(Number(row.actions?.find((a: Json) => a.action_type === 'omni_purchase')?.value ?? 0)).toBe(
        sum?.purchases,
      );
      expect(row.ad_id).toBeUndefined();
    }
  });

  it('gives one row per day with time_increment=1 and one for the range with all_days', async () => {
    const params = { level: 'account', fields: 'impressions,spend', time_range: week };
    const daily = await graph(`/${act}/insights`, { ...params, time_increment: '1' });
    const whole = await graph(`/${act}/insights`, { ...params, time_increment: 'all_days' });
    const absent = await graph(`/${act}/insights`, params);
    expect(daily.body.data.map((row: Json) => row.date_start)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(daily.body.data.every((row: Json) => row.date_start === row.date_stop)).toBe(true);
    expect(whole.body.data).toHaveLength(1);
    expect(absent.body.data).toEqual(whole.body.data);
    const dailyImpressions = daily.body.data.reduce(
      (sum: number, row: Json) => sum + Number(row.impressions),
      0,
    );
    expect(Number(whole.body.data[0].impressions)).toBe(dailyImpressions);
  });

  it('reports unique reach over a range between the largest and the summed daily reach', async () => {
    const { fatiguedAd } = demoScenario;
    const params = { level: 'ad', fields: 'ad_id,reach,impressions,frequency', time_range: week };
    const daily = (
      await allRows(`/${act}/insights`, { ...params, time_increment: '1', limit: '500' })
    ).rows.filter((row) => row.ad_id === fatiguedAd.adId);
    const whole = (await allRows(`/${act}/insights`, { ...params, limit: '500' })).rows.find(
      (row) => row.ad_id === fatiguedAd.adId,
    );
    // One ad and one day: the dataset's own reach.
    const source = dataset.insights[act]?.find(
      (row) => row.ad_id === fatiguedAd.adId && row.date_start === '2026-11-03',
    );
    expect(daily.find((row) => row.date_start === '2026-11-03')?.reach).toBe(source?.reach);
    const reaches = daily.map((row) => Number(row.reach));
    const reach = Number(whole?.reach);
    expect(reach).toBeGreaterThanOrEqual(Math.max(...reaches));
    expect(reach).toBeLessThan(reaches.reduce((a, b) => a + b, 0));
    expect(Number(whole?.frequency)).toBeCloseTo(Number(whole?.impressions) / reach, 5);
  });

  it('requires a correct appsecret_proof, except from the SDK stand-in', async () => {
    const bare = `${server.url}/v23.0/me?access_token=${token}`;
    const missing = await getJson(bare);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 100,
      type: 'OAuthException',
      message: 'Invalid appsecret_proof provided in the API argument',
      fbtrace_id: expect.any(String),
    });
    const wrong = await getJson(`${bare}&appsecret_proof=${appsecretProof('not-the-secret', token)}`);
    expect(wrong.body.error.code).toBe(100);
    const standIn = await getJson(bare, { headers: { 'x-arlo-sdk-standin': '1' } });
    expect(standIn.status).toBe(200);
    expect(standIn.body.name).toBe('Demo Marketer');
  });

  it('debugs tokens: valid, unknown, another app, and a wrong app token', async () => {
    const debug = (input: string, appToken = APP_TOKEN) =>
      getJson(`${server.url}/v23.0/debug_token?${query({ input_token: input, access_token: appToken })}`);
    const valid = await debug(token);
    expect(valid.body.data).toMatchObject({
      app_id: APP_ID,
      type: 'USER',
      application: 'ARLO',
      is_valid: true,
      scopes: expect.arrayContaining(['ads_read']),
      user_id: expect.any(String),
      expires_at: expect.any(Number),
    });
    const unknown = await debug('EAAnot-a-token');
    expect(unknown.body.data).toMatchObject({ is_valid: false, error: { code: 190 } });
    const foreign = await debug(server.sim.issueUserToken({ appId: 'another-app' }));
    expect(foreign.body.data).toMatchObject({ app_id: 'another-app', is_valid: true });
    const wrongApp = await debug(token, 'another-app|secret');
    expect(wrongApp.status).toBe(400);
    expect(wrongApp.body.error.code).toBe(190);
  });

  it('exchanges a short-lived token for a long-lived one with the same user and accounts', async () => {
    const short = server.sim.issueUserToken({ accountIds: [account.account_id], scopes: ['ads_read'] });
    const exchange = (params: Record<string, string>) =>
      getJson(
        `${server.url}/v23.0/oauth/access_token?${query({ grant_type: 'fb_exchange_token', ...params })}`,
      );
    const ok = await exchange({ client_id: APP_ID, client_secret: APP_SECRET, fb_exchange_token: short });
    expect(ok.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5183944 });
    const accounts = await graph('/me/adaccounts', {}, ok.body.access_token);
    expect(accounts.body.data).toEqual([{ account_id: account.account_id, id: act }]);
    const wrongClient = await exchange({
      client_id: 'nope',
      client_secret: APP_SECRET,
      fb_exchange_token: short,
    });
    expect(wrongClient.body.error.code).toBe(101);
    const badToken = await exchange({
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: 'EAAx',
    });
    expect(badToken.body.error.code).toBe(190);
  });

  it('rejects revoked and expired tokens with code 190', async () => {
    const revoked = server.sim.issueUserToken();
    expect((await graph('/me', {}, revoked)).status).toBe(200);
    server.sim.revokeToken(revoked);
    const afterRevoke = await graph('/me', {}, revoked);
    expect(afterRevoke.status).toBe(400);
    expect(afterRevoke.body.error).toMatchObject({ code: 190, error_subcode: 460 });
    const expired = await graph('/me', {}, server.sim.issueUserToken({ expiresInSeconds: -1 }));
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('hides accounts the token cannot see behind code 100 subcode 33', async () => {
    const other = dataset.adAccounts[1] as GraphAdAccount;
    const narrow = server.sim.issueUserToken({ accountIds: [account.account_id] });
    const result = await graph(`/${other.id}/insights`, {}, narrow);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(result.body.error.message).toMatch(/^Unsupported get request/);
  });

  it('always sends usage headers, and a rate-limit fault reports the limit in them', async () => {
    const normal = await graph(`/${act}/insights`, { time_range: week });
    for (const header of ['x-app-usage', 'x-ad-account-usage', 'x-business-use-case-usage']) {
      expect(JSON.parse(normal.headers.get(header) ?? 'null')).toBeTruthy();
    }
    expect(JSON.parse(normal.headers.get('x-app-usage') ?? '{}').call_count).toBeLessThan(50);

    server.sim.injectFault({
      kind: 'rate_limit',
      code: 80000,
      usagePercent: 100,
      regainSeconds: 300,
      match: 'insights',
    });
    const me = await graph('/me');
    expect(me.status).toBe(200);
    const limited = await graph(`/${act}/insights`, { time_range: week });
    expect(limited.status).toBe(400);
    expect(limited.body.error).toMatchObject({ code: 80000, error_subcode: 2446079, is_transient: true });
    expect(JSON.parse(limited.headers.get('x-app-usage') ?? '{}').call_count).toBe(100);
    expect(JSON.parse(limited.headers.get('x-ad-account-usage') ?? '{}')).toMatchObject({
      acc_id_util_pct: 100,
      reset_time_duration: 300,
    });
    const business = JSON.parse(limited.headers.get('x-business-use-case-usage') ?? '{}');
    expect(business[account.account_id][0]).toMatchObject({
      type: 'ads_insights',
      call_count: 100,
      estimated_time_to_regain_access: 5,
    });
    expect((await graph(`/${act}/insights`, { time_range: week })).status).toBe(200);

    server.sim.injectFault({ kind: 'rate_limit', code: 17, times: 2 });
    expect((await graph('/me')).body.error.code).toBe(17);
    expect((await graph('/me')).body.error.code).toBe(17);
    expect((await graph('/me')).status).toBe(200);
  });

  it('injects server errors, expired tokens and slow answers', async () => {
    server.sim.injectFault({ kind: 'server_error', status: 503 });
    const unavailable = await graph('/me');
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error).toMatchObject({ code: 2, type: 'OAuthException' });
    expect((await graph('/me')).status).toBe(200);

    server.sim.injectFault({ kind: 'token_expired' });
    expect((await graph('/me/adaccounts')).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await graph('/me/adaccounts')).status).toBe(200);

    server.sim.injectFault({ kind: 'slow', delayMs: 300 });
    const started = Date.now();
    expect((await graph('/me')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    const quick = Date.now();
    await graph('/me');
    expect(Date.now() - quick).toBeLessThan(280);
  });

  it('says too_much_data only for ranges longer than minDays', async () => {
    server.sim.injectFault({ kind: 'too_much_data', minDays: 10 });
    const short = await graph(`/${act}/insights`, { time_range: week });
    expect(short.status).toBe(200);
    const long = await graph(`/${act}/insights`, {
      time_range: JSON.stringify({ since: '2026-10-01', until: '2026-10-31' }),
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({
      code: 100,
      error_subcode: 1487534,
      message: "Please reduce the amount of data you're asking for, then retry your request",
    });
    const again = await graph(`/${act}/insights`, {
      time_range: JSON.stringify({ since: '2026-10-01', until: '2026-10-31' }),
    });
    expect(again.status).toBe(200);
  });

  it('runs async reports: POST, poll until complete, then page the same rows as the sync call', async () => {
    const params = { level: 'ad', fields: 'ad_id,impressions,spend', time_range: week, time_increment: '1' };
    const created = await getJson(`${server.url}/v23.0/${act}/insights`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query({ ...params, access_token: token, appsecret_proof: appsecretProof(APP_SECRET, token) }),
    });
    expect(created.body).toEqual({ report_run_id: expect.stringMatching(/^\d+$/) });
    const id = created.body.report_run_id as string;

    const early = await graph(`/${id}/insights`);
    expect(early.status).toBe(400);
    const statuses: Json[] = [];
    for (let poll = 0; poll < 3; poll++) statuses.push((await graph(`/${id}`)).body);
    expect(statuses.map((status) => status.async_status)).toEqual([
      'Job Running',
      'Job Running',
      'Job Completed',
    ]);
    expect(statuses.map((status) => status.async_percent_completion)).toEqual([0, 50, 100]);
    expect(statuses[2]).toMatchObject({
      id,
      account_id: account.account_id,
      date_start: '2026-11-01',
      date_stop: '2026-11-07',
    });

    const results = await allRows(`/${id}/insights`, { limit: '50' });
    expect(results.pages).toBeGreaterThan(1);
    const sync = await graph(`/${act}/insights`, { ...params, limit: '5000' });
    expect(results.rows).toEqual(sync.body.data);
  });

  it('serves the SDK stand-in as JavaScript', async () => {
    const response = await fetch(`${server.url}/sdk.js`);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await response.text()).toContain('window.FB');
  });

  it('runs the SDK stand-in: login through /dialog/oauth, then FB.api without appsecret_proof', async () => {
    const source = await (await fetch(`${server.url}/sdk.js`)).text();
    let initialized = false;
    const window: Json = { fbAsyncInit: () => (initialized = true) };
    const context = vm.createContext({
      window,
      document: { currentScript: { src: `${server.url}/sdk.js` } },
      fetch,
      setTimeout,
      encodeURIComponent,
      JSON,
    });
    vm.runInContext(source, context);
    const FB = window.FB;
    FB.init({ appId: APP_ID, version: 'v23.0' });
    const call = <T>(fn: (cb: (value: T) => void) => void) => new Promise<T>((resolve) => fn(resolve));

    expect(await call((cb) => FB.getLoginStatus(cb))).toEqual({ status: 'unknown', authResponse: null });
    expect(initialized).toBe(true);
    const login = await call<Json>((cb) => FB.login(cb, { scope: 'ads_read,email' }));
    expect(login).toMatchObject({
      status: 'connected',
      authResponse: {
        accessToken: expect.any(String),
        userID: expect.any(String),
        grantedScopes: 'ads_read,email',
      },
    });
    const accounts = await call<Json>((cb) => FB.api('/me/adaccounts', { fields: 'name' }, cb));
    expect(accounts.data.map((a: Json) => a.name)).toEqual(dataset.adAccounts.map((a) => a.name));
    const insights = await call<Json>((cb) =>
      FB.api(`/${act}/insights`, 'get', { time_range: { since: '2026-11-01', until: '2026-11-07' } }, cb),
    );
    expect(insights.data[0]).toMatchObject({ date_start: '2026-11-01', date_stop: '2026-11-07' });
    const failure = await call<Json>((cb) => FB.api(`/act_1/insights`, cb));
    expect(failure.error).toMatchObject({ code: 100, error_subcode: 33 });
    await call((cb) => FB.logout(cb));
    expect(await call((cb) => FB.getLoginStatus(cb))).toEqual({ status: 'unknown', authResponse: null });

    FB.init({ appId: 'wrong-app' });
    expect(await call((cb) => FB.login(cb, { scope: 'ads_read' }))).toEqual({
      status: 'unknown',
      authResponse: null,
    });
  });

  it('honours the mount prefix and the Host header in next links', async () => {
    const { createServer } = await import('node:http');
    const mounted = createServer((req, res) => server.sim.handle(req, res, '/meta-sim'));
    await new Promise<void>((resolve) => mounted.listen(0, '127.0.0.1', resolve));
    const port = (mounted.address() as { port: number }).port;
    try {
      const params = query({
        limit: '1',
        access_token: token,
        appsecret_proof: appsecretProof(APP_SECRET, token),
      });
      const page = await getJson(`http://127.0.0.1:${port}/meta-sim/v23.0/me/adaccounts?${params}`);
      expect(page.body.paging.next).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${port}/meta-sim/v23\\.0/me/adaccounts\\?`),
      );
      const next = await getJson(page.body.paging.next);
      expect(next.body.data[0].id).toBe(dataset.adAccounts[1]?.id);
      expect(next.body.paging.next).toBeUndefined();
    } finally {
      mounted.closeAllConnections();
      await new Promise((resolve) => mounted.close(resolve));
    }
  });
});

describe('Graph API simulator with many ad accounts', () => {
  const adAccounts: GraphAdAccount[] = Array.from({ length: 30 }, (_, index) => ({
    account_id: String(1000 + index),
    id: `act_${1000 + index}`,
    name: `Account ${index + 1}`,
    account_status: 1,
    currency: 'EUR',
    timezone_name: 'Europe/Berlin',
  }));
  let server: Running;
  beforeAll(async () => {
    server = await start({ adAccounts, insights: {} });
  });
  afterAll(() => server.close());

  it('pages /me/adaccounts 25 at a time by default and by limit when given', async () => {
    const token = server.sim.issueUserToken();
    const base = `${server.url}/v23.0/me/adaccounts?${query({
      fields: 'name,account_status',
      access_token: token,
      appsecret_proof: appsecretProof(APP_SECRET, token),
    })}`;
    const first = await getJson(base);
    expect(first.body.data).toHaveLength(25);
    const rest = await getJson(first.body.paging.next);
    expect(rest.body.data).toHaveLength(5);
    expect(rest.body.paging.next).toBeUndefined();

    const ids: string[] = [];
    let pages = 0;
    let url: string | undefined = `${base}&limit=7`;
    while (url) {
      const page = await getJson(url);
      ids.push(...page.body.data.map((a: Json) => a.id));
      expect(page.body.data.every((a: Json) => a.account_status === 1 && a.name)).toBe(true);
      url = page.body.paging?.next;
      pages++;
    }
    expect(pages).toBe(5);
    expect(ids).toEqual(adAccounts.map((a) => a.id));
  });
});

describe('Graph API simulator with signed tokens (the demo inside npm start)', () => {
  it('accepts a token issued before a restart, and only with the same key', async () => {
    const dataset: GraphDataset = { adAccounts: [], insights: {} };
    const make = (tokenSigningKey: string) =>
      createGraphSimulator({ dataset, appId: 'arlo-demo', appSecret: 'demo-secret', tokenSigningKey });
    const token = make('key-1').issueUserToken({ scopes: ['ads_read'] });
    const me = async (simulator: GraphSimulator) => {
      const server = await simulator.listen(0);
      try {
        const query = new URLSearchParams({
          fields: 'id,name',
          access_token: token,
          appsecret_proof: appsecretProof('demo-secret', token),
        });
        return await (await fetch(`${server.url}/v23.0/me?${query}`)).json();
      } finally {
        await server.close();
      }
    };
    expect(await me(make('key-1'))).toMatchObject({ name: 'Demo Marketer' });
    expect((await me(make('key-2'))).error).toMatchObject({ code: 190 });
  });
});

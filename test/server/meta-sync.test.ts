import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { answerQuestion } from '../../src/analyst/engine';
import { executeQuery } from '../../src/analyst/executor';
import { activeScope } from '../../src/server/accounts/accounts';
import { queryRows } from '../../src/server/db/client';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser } from '../helpers/users';

const APP_ID = '424242';
const APP_SECRET = 'simulated-app-secret';
const ADS_SCOPES = ['email', 'public_profile', 'ads_read'];

let dataset: GraphDataset;
let simulator: GraphSimulator;
let closeSimulator: () => Promise<void>;
let sink: SmtpSink;
let t: TestApp;
let accountA: string;
let accountB: string;

beforeAll(async () => {
  dataset = withCurrency(generateDemoData({ today: todayIn('America/New_York') }), 1, 'JPY');
  // Small pages, as Meta caps them: a 90-day backfill then spans several pages.
  simulator = createGraphSimulator({
    dataset,
    appId: APP_ID,
    appSecret: APP_SECRET,
    maxPageSize: 300,
    asyncPolls: 1,
  });
  const listening = await simulator.listen(0, '127.0.0.1');
  closeSimulator = listening.close;
  sink = await startSmtpSink();
  t = await buildTestApp({
    env: {
      SMTP_URL: sink.url,
      META_GRAPH_URL: listening.url,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_BACKFILL_DAYS: '90',
    },
  });
  [accountA, accountB] = dataset.adAccounts.map((account) => account.account_id) as [string, string];
});
afterAll(async () => {
  await t?.close();
  await closeSimulator?.();
  await sink?.close();
});

/** One account in yen: a zero-decimal currency, whose amounts Meta sends as whole yen. */
function withCurrency(data: GraphDataset, index: number, currency: string): GraphDataset {
  const account = data.adAccounts[index];
  if (!account) return data;
  const rows = data.insights[account.id] ?? [];
  return {
    adAccounts: data.adAccounts.map((a) => (a === account ? { ...a, currency } : a)),
    insights: {
      ...data.insights,
      [account.id]: rows.map((row) => ({
        ...row,
        account_currency: currency,
        spend: String(Math.round(Number(row.spend) * 150)),
      })),
    },
  };
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const accountsPayload = (ids: string[]) =>
  ids.map((id) => ({
    account_id: id,
    name: dataset.adAccounts.find((a) => a.account_id === id)?.name ?? id,
  }));

async function connect(token: string, ids: string[], scopes = ADS_SCOPES) {
  const facebookToken = simulator.issueUserToken({ scopes });
  return inject('POST', '/auth/save-facebook-permissions', token, {
    facebookToken,
    accounts: accountsPayload(ids),
  });
}

const settled = (token: string) => settledAccounts(t.app, token);

/** The rows and spend the warehouse holds for an account, to compare with what Meta has. */
async function warehouse(accountId: string) {
  const [row] = await queryRows<{ rows: string; spend: string; days: string }>(
    t.testDatabase.database.db,
    sql`select count(*)::text as rows, coalesce(sum(spend), 0)::text as spend, count(distinct day)::text as days
        from meta_insights_daily where account_id = ${accountId}`,
  );
  return { rows: Number(row?.rows), spend: Number(row?.spend), days: Number(row?.days) };
}

/** What Meta holds for an account over the backfill window (the simulator's source rows). */
function source(accountId: string) {
  const account = dataset.adAccounts.find((a) => a.account_id === accountId);
  const today = todayIn(account?.timezone_name ?? 'UTC');
  const since = addDays(today, -90);
  const rows = (dataset.insights[`act_${accountId}`] ?? []).filter(
    (r) => r.date_start >= since && r.date_start <= today,
  );
  return { rows: rows.length, spend: rows.reduce((sum, r) => sum + Number(r.spend), 0) };
}

describe('connecting Facebook and the backfill', () => {
  let token: string;

  beforeAll(async () => {
    token = await signUpUser(t.app, sink, 'owner@example.com');
  });

  it('checks the token, saves the accounts, activates the user and backfills every page', async () => {
    const before = simulator.requests.length;
    const saved = await connect(token, [accountA, accountB]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ success: true });
    token = saved.json().token;

    const status = (await inject('GET', '/auth/user/status', token)).json().user;
    expect(status).toMatchObject({ status: 'active', user_type: 'basic', fb_permissions_granted: true });
    expect(status.accounts.map((a: { id: string }) => a.id).sort()).toEqual([accountA, accountB].sort());
    expect(status.accounts.every((a: { active: boolean }) => a.active)).toBe(true);

    const accounts = await settled(token);
    expect(accounts.map((a) => a.sync.status)).toEqual(['ok', 'ok']);
    for (const id of [accountA, accountB]) {
      const stored = await warehouse(id);
      expect(stored.rows).toBe(source(id).rows);
      expect(stored.spend).toBeCloseTo(source(id).spend, 6);
    }
    const calls = simulator.requests.slice(before);
    expect(calls.some((c) => c.kind === 'debug_token')).toBe(true);
    expect(calls.some((c) => c.kind === 'oauth')).toBe(true);
    // The backfill is a long pull: async report runs, their results read page after page.
    const resultPages = calls.filter((c) => c.kind === 'report_run_insights');
    expect(resultPages.filter((c) => c.query.after).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the token sealed: not in the database row, the answers or the logs', async () => {
    const [row] = await queryRows<{ ciphertext: string; key_id: string }>(
      t.testDatabase.database.db,
      sql`select ciphertext, key_id from meta_connections`,
    );
    expect(row?.ciphertext).toBeTruthy();
    const tokens = simulator.requests
      .map((r) => r.query.access_token)
      .filter((value): value is string => Boolean(value) && !value?.includes('|'));
    expect(tokens.length).toBeGreaterThan(0);
    for (const value of new Set(tokens)) {
      expect(row?.ciphertext).not.toContain(value);
      expect(t.logText()).not.toContain(value);
    }
  });

  it('a re-sync leaves exactly the same rows', async () => {
    const before = await warehouse(accountA);
    const queued = await inject('POST', `/api/accounts/${accountA}/sync`, token);
    expect(queued.json()).toEqual({ success: true, message: 'Sync started' });
    await settled(token);
    expect(await warehouse(accountA)).toEqual(before);
  });

  it('finishes a rate-limited run and retries 5xx answers without losing rows', async () => {
    const before = await warehouse(accountA);
    simulator.injectFault({
      kind: 'rate_limit',
      code: 80004,
      times: 2,
      usagePercent: 100,
      match: 'insights',
    });
    simulator.injectFault({ kind: 'server_error', status: 503, times: 2, match: 'insights' });
    await inject('POST', `/api/accounts/${accountA}/sync`, token);
    const accounts = await settled(token);
    expect(accounts.find((a) => a.account_id === accountA)?.sync).toMatchObject({
      status: 'ok',
      last_error: null,
    });
    expect(await warehouse(accountA)).toEqual(before);
  });

  it('refreshes data older than the interval before answering, and leaves fresh data alone', async () => {
    const db = t.testDatabase.database.db;
    const lastSuccess = async () =>
      (
        await queryRows<{ at: string }>(
          db,
          sql`select last_success_at::text as at from meta_sync_state where account_id = ${accountA}`,
        )
      )[0]?.at;
    const fresh = await lastSuccess();
    await t.app.meta.sync.ensureFresh([accountA]);
    expect(await lastSuccess()).toBe(fresh);

    // Seven hours later (the default interval is six), the next answer refreshes first.
    await db.execute(sql`update meta_sync_state set last_success_at = now() - interval '7 hours'
      where account_id = ${accountA}`);
    const before = simulator.requests.length;
    await t.app.meta.sync.ensureFresh([accountA]);
    const refreshed = await lastSuccess();
    expect(refreshed && fresh && refreshed > fresh).toBe(true);
    // A refresh re-reads the last 28 days with plain reads; backfills use report runs.
    const reads = simulator.requests
      .slice(before)
      .filter((r) => r.kind === 'insights' && r.query.level === 'ad');
    expect(reads.length).toBeGreaterThan(0);
    const range = JSON.parse(reads[0]?.query.time_range ?? '{}') as { since: string; until: string };
    const today = todayIn(dataset.adAccounts[0]?.timezone_name ?? 'UTC');
    expect(range).toEqual({ since: addDays(today, -28), until: today });
  });

  it('the schedule refreshes the last 28 days of data older than the interval; it does not backfill again', async () => {
    const db = t.testDatabase.database.db;
    // As it stands after the first sync: status ok, the last job a backfill, now seven hours old.
    await db.execute(sql`update meta_sync_state set last_success_at = now() - interval '7 hours',
      kind = 'backfill' where account_id = ${accountA}`);
    const before = simulator.requests.length;
    await t.app.meta.sync.runDue();
    const calls = simulator.requests.slice(before).filter((r) => r.query.level === 'ad');
    expect(calls.some((r) => r.kind === 'insights_async')).toBe(false);
    const range = JSON.parse(calls.find((r) => r.kind === 'insights')?.query.time_range ?? '{}');
    const today = todayIn(dataset.adAccounts[0]?.timezone_name ?? 'UTC');
    expect(range).toEqual({ since: addDays(today, -28), until: today });
  });

  it('fetches exact reach for the standard windows at account and campaign level', async () => {
    const reach = await queryRows<{ level: string; since: string; until: string; reach: string }>(
      t.testDatabase.database.db,
      sql`select level, since::text, until::text, reach::text from meta_reach where account_id = ${accountA}`,
    );
    const windows = new Set(reach.filter((r) => r.level === 'account').map((r) => `${r.since}..${r.until}`));
    expect(windows.size).toBe(5);
    expect(reach.some((r) => r.level === 'campaign')).toBe(true);
    // Unique reach over a week is below the sum of the daily reach figures.
    const today = todayIn(dataset.adAccounts[0]?.timezone_name ?? 'UTC');
    const week = reach.find((r) => r.level === 'account' && r.since === addDays(today, -7));
    const [summed] = await queryRows<{ reach: string }>(
      t.testDatabase.database.db,
      sql`select sum(reach)::text as reach from meta_insights_daily where account_id = ${accountA}
          and day between ${addDays(today, -7)} and ${addDays(today, -1)}`,
    );
    expect(Number(week?.reach)).toBeGreaterThan(0);
    expect(Number(week?.reach)).toBeLessThan(Number(summed?.reach));
  });

  it("answers reach with Meta's unique reach for a stored window, never the summed daily figure", async () => {
    const db = t.testDatabase.database.db;
    const today = todayIn(dataset.adAccounts[0]?.timezone_name ?? 'UTC');
    const ask = (question: string) =>
      answerQuestion({ db, scope: { accountIds: [accountA] }, today }, question);
    const stored = async (level: string, objectId: string) =>
      Number(
        (
          await queryRows<{ reach: string }>(
            db,
            sql`select reach::text as reach from meta_reach where level = ${level} and object_id = ${objectId}
                and since = ${addDays(today, -7)} and until = ${addDays(today, -1)}`,
          )
        )[0]?.reach,
      );

    const total = await ask('What was my reach in the last 7 days?');
    const [row] = total.queries[0]?.rows ?? [];
    expect(row?.reach).toBe(await stored('account', accountA));
    expect(total.queries[0]?.exactReach?.sql).toMatch(/meta_reach/);
    expect(JSON.stringify(total.message.reasoning)).toMatch(/for exactly this date range/);

    const byCampaign = await executeQuery(
      db,
      { accountIds: [accountA] },
      {
        metrics: ['reach', 'frequency'],
        dimensions: ['campaign'],
        time: { range: { start: addDays(today, -7), end: addDays(today, -1) } },
      },
    );
    expect(byCampaign.rows.length).toBeGreaterThan(1);
    for (const campaignRow of byCampaign.rows) {
      const exact = await stored('campaign', String(campaignRow.campaign_id));
      expect(campaignRow.reach).toBe(exact);
      expect(campaignRow.frequency).toBeCloseTo(Number(campaignRow.impressions) / exact, 9);
    }

    // No stored window for an arbitrary range: the figure stays labelled approximate.
    const odd = await ask(`What was my reach from ${addDays(today, -9)} to ${addDays(today, -3)}?`);
    expect(odd.queries[0]?.exactReach).toBeUndefined();
    expect(JSON.stringify(odd.message.reasoning)).toMatch(/approximate/);
  });

  it('switches accounts on and off for their owner only', async () => {
    const off = await inject('PUT', `/api/accounts/${accountB}/status`, token, { active: false });
    expect(off.json()).toEqual({ success: true, message: 'Account deactivated successfully' });
    const listed = (await inject('GET', '/auth/user/status', token)).json().user.accounts;
    expect(listed.find((a: { id: string }) => a.id === accountB).active).toBe(false);

    const stranger = await signUpUser(t.app, sink, 'stranger@example.com');
    const theirs = await inject('PUT', `/api/accounts/${accountA}/status`, stranger, { active: false });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Ad account not found');
    expect((await inject('POST', `/api/accounts/${accountA}/sync`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', '/api/accounts', stranger)).json()).toEqual({ accounts: [] });
    expect((await inject('PUT', '/api/accounts/not-an-id/status', token, { active: true })).statusCode).toBe(
      400,
    );
    expect(
      (await inject('PUT', `/api/accounts/${accountB}/status`, token, { active: 'yes' })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(401);

    const on = await inject('PUT', `/api/accounts/act_${accountB}/status`, token, { active: true });
    expect(on.json()).toEqual({ success: true, message: 'Account activated successfully' });
    await settled(token);
  });

  it('answers read only the switched-on accounts', async () => {
    const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
    const db = t.testDatabase.database.db;
    const today = todayIn('America/New_York');
    // Spend per currency, as the answer gives it (money in different currencies is never added).
    const spendOf = async () => {
      const answer = await answerQuestion(
        { db, scope: await activeScope(db, userId), today },
        'How much did I spend in the last 7 days?',
      );
      return Object.fromEntries(
        (answer.queries[0]?.rows ?? []).map((row) => [row.currency, Number(row.spend)]),
      );
    };
    const warehouseSpend = async (id: string) => {
      const [row] = await queryRows<{ spend: string }>(
        db,
        sql`select sum(spend)::text as spend from meta_insights_daily where account_id = ${id}
            and day between ${addDays(today, -7)} and ${addDays(today, -1)}`,
      );
      return Number(row?.spend);
    };
    const both = await spendOf();
    expect(both).toEqual({ USD: await warehouseSpend(accountA), JPY: await warehouseSpend(accountB) });
    await inject('PUT', `/api/accounts/${accountB}/status`, token, { active: false });
    expect(await spendOf()).toEqual({ USD: await warehouseSpend(accountA) });
    await inject('PUT', `/api/accounts/${accountB}/status`, token, { active: true });
    expect(await spendOf()).toEqual(both);
    await settled(token);
  });

  it('keeps each account in its own currency: yen stay whole yen and are never added to dollars', async () => {
    const accounts = (await inject('GET', '/api/accounts', token)).json().accounts as {
      account_id: string;
      currency: string;
    }[];
    expect(accounts.find((a) => a.account_id === accountB)?.currency).toBe('JPY');
    const yen = await warehouse(accountB);
    expect(Number.isInteger(yen.spend)).toBe(true);
    expect(yen.spend).toBe(source(accountB).spend);

    const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
    const db = t.testDatabase.database.db;
    const answer = await answerQuestion(
      { db, scope: await activeScope(db, userId), today: todayIn('America/New_York') },
      'How much did I spend in the last 30 days?',
    );
    const rows = answer.queries[0]?.rows ?? [];
    expect(rows.map((row) => row.currency).sort()).toEqual(['JPY', 'USD']);
  });

  it('code 190 marks the Facebook permission revoked and keeps the synced data', async () => {
    const before = await warehouse(accountA);
    simulator.injectFault({ kind: 'token_expired', times: 1, match: 'insights' });
    await inject('POST', `/api/accounts/${accountA}/sync`, token);
    const accounts = await settled(token);
    expect(accounts.find((a) => a.account_id === accountA)?.sync).toMatchObject({
      status: 'error',
      last_error: 'Facebook access expired or was revoked. Reconnect Facebook in Settings.',
    });
    expect((await inject('GET', '/auth/user/status', token)).json().user.fb_permissions_granted).toBe(false);
    expect(await warehouse(accountA)).toEqual(before);

    // Connecting again grants it back and syncs.
    const again = await connect(token, [accountA, accountB]);
    expect(again.statusCode, again.body).toBe(200);
    token = again.json().token;
    expect((await inject('GET', '/auth/user/status', token)).json().user.fb_permissions_granted).toBe(true);
    expect((await settled(token)).every((a) => a.sync.status === 'ok')).toBe(true);
  });
});

describe('save-facebook-permissions refuses what it cannot trust', () => {
  let token: string;
  beforeAll(async () => {
    token = await signUpUser(t.app, sink, 'careful@example.com');
  });

  it('a token without ads_read, of another app, unknown, or revoked', async () => {
    const noAds = await connect(token, [accountA], ['email', 'public_profile']);
    expect(noAds.statusCode).toBe(400);
    expect(noAds.json().message).toMatch(/ads_read/);

    const otherApp = simulator.issueUserToken({ scopes: ADS_SCOPES, appId: '999' });
    const foreign = await inject('POST', '/auth/save-facebook-permissions', token, {
      facebookToken: otherApp,
      accounts: accountsPayload([accountA]),
    });
    expect(foreign.statusCode).toBe(400);

    const unknown = await inject('POST', '/auth/save-facebook-permissions', token, {
      facebookToken: 'made-up-token',
      accounts: accountsPayload([accountA]),
    });
    expect(unknown.statusCode).toBe(400);
    expect((await inject('GET', '/auth/user/status', token)).json().user).toMatchObject({
      status: 'signup',
      fb_permissions_granted: false,
      accounts: [],
    });
  });

  it('saves only the accounts the token can read', async () => {
    const limited = simulator.issueUserToken({ scopes: ADS_SCOPES, accountIds: [accountB] });
    const none = await inject('POST', '/auth/save-facebook-permissions', token, {
      facebookToken: limited,
      accounts: accountsPayload([accountA]),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      'Could not fetch your ad accounts. Please make sure you have Facebook ad accounts set up.',
    );
    const some = await inject('POST', '/auth/save-facebook-permissions', token, {
      facebookToken: simulator.issueUserToken({ scopes: ADS_SCOPES, accountIds: [accountB] }),
      accounts: accountsPayload([accountA, accountB]),
    });
    expect(some.statusCode, some.body).toBe(200);
    const accounts = (await inject('GET', '/api/accounts', some.json().token)).json().accounts;
    expect(accounts.map((a: { account_id: string }) => a.account_id)).toEqual([accountB]);
  });

  it('bad bodies get a 400 and no bearer gets a 401', async () => {
    const empty = await inject('POST', '/auth/save-facebook-permissions', token, {
      facebookToken: 'x',
      accounts: [],
    });
    expect(empty.statusCode).toBe(400);
    const badId = await inject('POST', '/auth/save-facebook-permissions', token, {
      facebookToken: 'x',
      accounts: [{ account_id: '1; drop table users', name: 'x' }],
    });
    expect(badId.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/auth/save-facebook-permissions',
      payload: { facebookToken: 'x', accounts: accountsPayload([accountA]) },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

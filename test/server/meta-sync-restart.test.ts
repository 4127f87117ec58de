import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { queryRows } from '../../src/server/db/client';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser } from '../helpers/users';

const APP_ID = '515151';
const APP_SECRET = 'restart-app-secret';
const ADS_SCOPES = ['email', 'public_profile', 'ads_read'];

let dataset: GraphDataset;
let simulator: GraphSimulator;
let closeSimulator: () => Promise<void>;
let sink: SmtpSink;
let env: Record<string, string>;
let first: TestApp;
let second: TestApp | undefined;
let accountA: string;
let accountB: string;

beforeAll(async () => {
  dataset = generateDemoData({ today: todayIn('America/New_York') });
  simulator = createGraphSimulator({
    dataset,
    appId: APP_ID,
    appSecret: APP_SECRET,
    maxPageSize: 500,
    asyncPolls: 1,
  });
  const listening = await simulator.listen(0, '127.0.0.1');
  closeSimulator = listening.close;
  sink = await startSmtpSink();
  // A restart keeps its configuration: the same keys open the same sealed tokens.
  env = {
    SMTP_URL: sink.url,
    META_GRAPH_URL: listening.url,
    META_APP_ID: APP_ID,
    META_APP_SECRET: APP_SECRET,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  first = await buildTestApp({ env });
  [accountA, accountB] = dataset.adAccounts.map((account) => account.account_id) as [string, string];
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await closeSimulator?.();
  await sink?.close();
});

const settled = (app: TestApp, token: string) => settledAccounts(app.app, token);

const rowsOf = async (app: TestApp, accountId: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        app.testDatabase.database.db,
        sql`select count(*)::text as n from meta_insights_daily where account_id = ${accountId}`,
      )
    )[0]?.n,
  );

const connect = (app: TestApp, token: string, accountId: string) =>
  app.app.inject({
    method: 'POST',
    url: '/auth/save-facebook-permissions',
    headers: bearer(token),
    payload: {
      facebookToken: simulator.issueUserToken({ scopes: ADS_SCOPES, accountIds: [accountId] }),
      accounts: [{ account_id: accountId, name: 'x' }],
    },
  });

describe('sync across a restart', () => {
  let ownerToken: string;

  it('a backfill cut off by a shutdown resumes from where it stopped', async () => {
    ownerToken = await signUpUser(first.app, sink, 'restart@example.com');
    // The first report run is slow, so the shutdown lands in the middle of the backfill.
    simulator.injectFault({ kind: 'slow', delayMs: 800, times: 1, match: 'insights_async' });
    const saved = await connect(first, ownerToken, accountA);
    expect(saved.statusCode, saved.body).toBe(200);
    ownerToken = saved.json().token;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const db = first.testDatabase.database.db;
    await first.app.close();

    const [cut] = await queryRows<{ status: string; cursor: string | null; since: string }>(
      db,
      sql`select status, cursor::text, since::text from meta_sync_state where account_id = ${accountA}`,
    );
    expect(cut?.status).toBe('running');
    expect(cut?.cursor && cut.cursor > cut.since).toBe(true);
    const partial = await rowsOf(first, accountA);
    expect(partial).toBeGreaterThan(0);

    // Time passes: the dead run's lease runs out, and the restarted server takes the work over.
    await db.execute(sql`update meta_sync_state set lease_until = now() - interval '1 second'`);
    second = await buildTestApp({ env, testDatabase: first.testDatabase });
    const [state] = await settled(second, ownerToken);
    expect(state?.sync.status).toBe('ok');
    const finished = second.logs.find((line) => line.msg === 'meta sync finished');
    expect(finished).toMatchObject({ accountId: accountA, resumed: true });
    const today = todayIn(dataset.adAccounts[0]?.timezone_name ?? 'UTC');
    const since = new Date(Date.parse(`${today}T00:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10);
    const expected = (dataset.insights[`act_${accountA}`] ?? []).filter((r) => r.date_start >= since).length;
    expect(await rowsOf(second, accountA)).toBe(expected);
  });

  it('two accounts sync independently: one losing its token leaves the other syncing', async () => {
    const app = second as TestApp;
    const otherToken = await signUpUser(app.app, sink, 'other@example.com');
    const saved = await connect(app, otherToken, accountB);
    expect(saved.statusCode, saved.body).toBe(200);
    const token = saved.json().token;
    expect((await settled(app, token))[0]?.sync.status).toBe('ok');
    const rowsB = await rowsOf(app, accountB);

    // Revoke the long-lived token the owner's account syncs with, as a user removing the app would.
    const ownerCalls = simulator.requests.filter(
      (r) => r.path.includes(`act_${accountA}`) && r.query.access_token,
    );
    simulator.revokeToken(ownerCalls.at(-1)?.query.access_token ?? '');
    for (const [who, id] of [
      [ownerToken, accountA],
      [token, accountB],
    ] as const) {
      await app.app.inject({ method: 'POST', url: `/api/accounts/${id}/sync`, headers: bearer(who) });
    }
    expect((await settled(app, ownerToken))[0]?.sync.status).toBe('error');
    expect((await settled(app, token))[0]?.sync).toMatchObject({ status: 'ok', last_error: null });
    expect(await rowsOf(app, accountB)).toBe(rowsB);
    const status = async (who: string) =>
      (await app.app.inject({ method: 'GET', url: '/auth/user/status', headers: bearer(who) })).json().user;
    expect((await status(ownerToken)).fb_permissions_granted).toBe(false);
    expect((await status(token)).fb_permissions_granted).toBe(true);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import type { ConnectedAccount } from '../../src/shared/api/meta';
import { breakdownKeys, type GraphDataset } from '../../src/warehouse/graph-types';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type GraphGate, startGraphGate } from '../helpers/graph-gate';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser } from '../helpers/users';

const APP_ID = '737373';
const APP_SECRET = 'import-progress-app-secret';
const BACKFILL_DAYS = 90;

let dataset: GraphDataset;
let simulator: GraphSimulator;
let closeSimulator: () => Promise<void>;
let gate: GraphGate;
let sink: SmtpSink;
let t: TestApp;
let accountId: string;
let today: string;

beforeAll(async () => {
  dataset = generateDemoData({ today: todayIn('America/New_York') });
  simulator = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET, asyncPolls: 1 });
  closeSimulator = (await simulator.listen(0, '127.0.0.1')).close;
  // A backfill starts report runs per 30-day chunk, one for the ad rows and one per breakdown key:
  // the first chunk's go through, the second chunk's wait.
  gate = await startGraphGate(simulator, 1 + breakdownKeys.length);
  sink = await startSmtpSink();
  t = await buildTestApp({
    env: {
      SMTP_URL: sink.url,
      META_GRAPH_URL: gate.url,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_BACKFILL_DAYS: String(BACKFILL_DAYS),
    },
  });
  const [account] = dataset.adAccounts;
  if (!account) throw new Error('the demo data has accounts');
  accountId = account.account_id;
  today = todayIn(account.timezone_name);
});
afterAll(async () => {
  // The held backfill must finish or the server's shutdown would wait for it.
  gate?.release();
  await t?.close();
  await gate?.close();
  await closeSimulator?.();
  await sink?.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function accountView(token: string): Promise<ConnectedAccount> {
  const [account] = (await get('/api/accounts', token)).json().accounts as ConnectedAccount[];
  if (!account) throw new Error('no account listed');
  return account;
}

/** Waits until the backfill has recorded its first chunk (the one before the gate) as written. */
async function firstChunkWritten(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const [state] = await queryRows<{ moved: boolean }>(
      t.testDatabase.database.db,
      sql`select cursor > since as moved from meta_sync_state where account_id = ${accountId}`,
    );
    if (state?.moved) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the first chunk was never recorded');
}

const storedRows = async () =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.testDatabase.database.db,
        sql`select count(*)::text as n from meta_insights_daily where account_id = ${accountId}`,
      )
    )[0]?.n,
  );

async function ask(token: string, message: string) {
  const sessionId = (await get('/api/sessions/current', token)).json().sessionId as string;
  const response = await post('/api/ask', token, {
    message,
    sessionId,
    timezone: 'America/New_York',
    model: 'arlo_auto',
  });
  const events = response.payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: ') && block !== 'data: [DONE]')
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
  return { response, events };
}

describe('asking while an ad account is on its first import', () => {
  let token: string;
  // 91 days (since to today); the first 30-day chunk is in while the second is held at the gate.
  const since = () => addDays(today, -BACKFILL_DAYS);
  const firstChunkEnd = () => addDays(since(), 29);
  const percent = Math.floor((30 * 100) / (BACKFILL_DAYS + 1));

  beforeAll(async () => {
    const signedUp = await signUpUser(t.app, sink, 'importing@example.com');
    const saved = await post('/auth/save-facebook-permissions', signedUp, {
      facebookToken: simulator.issueUserToken({
        scopes: ['email', 'public_profile', 'ads_read'],
        accountIds: [accountId],
      }),
      accounts: [{ account_id: accountId, name: 'Summit' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    token = saved.json().token;
    // Pro: more questions than the free plan's three a day.
    await t.testDatabase.database.db
      .update(users)
      .set({ userType: 'pro' })
      .where(eq(users.email, 'importing@example.com'));
    await gate.holding;
    await firstChunkWritten();
  });

  it('the accounts API shows the import under way: days imported out of days to import, and the last whole day in', async () => {
    const account = await accountView(token);
    expect(account.sync.status).toBe('running');
    expect(account.sync.last_success_at).toBeNull();
    expect(account.sync.progress).toEqual({ state: 'importing', percent, data_through: firstChunkEnd() });
  });

  it('answers at once from the imported days, saying how far the import got and that the period runs past it', async () => {
    const { response, events } = await ask(token, 'How much did I spend in the last 7 days?');
    expect(response.statusCode).toBe(200);
    const [first] = events as {
      type: string;
      analytics: unknown;
      error: { header: string; content: string };
    }[];
    expect(first?.type).toBe('analytics');
    expect(first?.analytics).toBeTruthy();
    expect(first?.error.header).toBe('Still importing');
    expect(first?.error.content).toMatch(
      new RegExp(`^Still importing: data through [A-Z][a-z]{2} \\d{1,2}(, \\d{4})? \\(${percent}%\\)\\. `),
    );
    expect(first?.error.content).toContain('runs past the data imported so far');
    // The answer came while the backfill was still held between its chunks.
    expect(gate.held()).toBeGreaterThan(0);
    expect((await accountView(token)).sync).toMatchObject({ status: 'running', last_success_at: null });
  });

  it('says the period is covered when the question stays within the imported days', async () => {
    const { events } = await ask(token, `How much did I spend from ${since()} to ${addDays(since(), 9)}?`);
    const [first] = events as { error: { content: string } | null }[];
    expect(first?.error?.content).toMatch(
      /^Still importing: data through .*\. The period asked about is already imported\.$/,
    );
  });

  it("a report says it too, at the top of its first section's numbers", async () => {
    const { events } = await ask(token, 'Give me a performance report');
    const [first] = events as { type: string; analytics: { type: string; data: { header?: string }[] } }[];
    expect(first?.type).toBe('report_section');
    expect(first?.analytics.type).toBe('complex');
    expect(first?.analytics.data[0]?.header).toBe('Still importing');
  });

  it('once the import finishes, shows it synced with every row held for the account, also after a resync', async () => {
    gate.release();
    const [account] = await settledAccounts(t.app, token);
    expect(account?.sync.status).toBe('ok');
    const total = await storedRows();
    expect(total).toBeGreaterThan(0);
    const synced = await accountView(token);
    expect(synced.sync.rows).toBe(total);

    // A refresh re-reads only the last 28 days; the account still holds every row.
    expect((await post(`/api/accounts/${accountId}/sync`, token)).statusCode).toBe(200);
    await settledAccounts(t.app, token);
    const refreshed = await accountView(token);
    expect(await storedRows()).toBe(total);
    expect(refreshed.sync.rows).toBe(total);
    expect(synced.sync.progress).toEqual({ state: 'synced', percent: null, data_through: null });
    expect(refreshed.sync.progress).toEqual({ state: 'synced', percent: null, data_through: null });

    const { events } = await ask(token, 'How much did I spend in the last 7 days?');
    expect((events[0] as { error: unknown }).error).toBeNull();
  });
});

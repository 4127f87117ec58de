import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import { fetchWorkerStats, sharedFetchWorker } from '../../src/server/meta/sync/shared-fetch-worker';
import { breakdownKeys, type GraphDataset } from '../../src/warehouse/graph-types';
import { type SyncedAccount, saveFacebookPermissions, settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type GraphGate, startGraphGate } from '../helpers/graph-gate';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser } from '../helpers/users';

const APP_ID = '626262';
const APP_SECRET = 'sync-worker-app-secret';
const ADS_SCOPES = ['email', 'public_profile', 'ads_read'];

let dataset: GraphDataset;
let simulator: GraphSimulator;
let simulatorUrl: string;
let closeSimulator: () => Promise<void>;
let sink: SmtpSink;
let accountA: string;
let accountB: string;

beforeAll(async () => {
  dataset = generateDemoData({ today: todayIn('America/New_York') });
  simulator = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET, asyncPolls: 1 });
  const listening = await simulator.listen(0, '127.0.0.1');
  simulatorUrl = listening.url;
  closeSimulator = listening.close;
  sink = await startSmtpSink();
  [accountA, accountB] = dataset.adAccounts.map((account) => account.account_id) as [string, string];
});
afterAll(async () => {
  await closeSimulator?.();
  await sink?.close();
});

const appOn = (graphUrl: string) =>
  buildTestApp({
    env: {
      SMTP_URL: sink.url,
      META_GRAPH_URL: graphUrl,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_BACKFILL_DAYS: '90',
    },
  });

/** Signs a user up and connects these ad accounts, which queues their backfills; returns the new token. */
async function connectedUser(t: TestApp, email: string, ids: string[]): Promise<string> {
  return saveFacebookPermissions(t.app, await signUpUser(t.app, sink, email), {
    facebookToken: simulator.issueUserToken({ scopes: ADS_SCOPES }),
    accounts: ids.map((id) => ({ account_id: id, name: id })),
  });
}

const syncOf = (accounts: SyncedAccount[], id: string) => accounts.find((a) => a.account_id === id)?.sync;
const finishedSyncs = (t: TestApp) => t.logs.filter((line) => line.msg === 'meta sync finished');

describe('one fetch worker for the whole process', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await appOn(simulatorUrl);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the backfills of two accounts on one worker thread, booted once', async () => {
    const bootsBefore = fetchWorkerStats().boots;
    token = await connectedUser(t, 'two-accounts@example.com', [accountA, accountB]);
    const accounts = await settledAccounts(t.app, token);
    expect(syncOf(accounts, accountA)).toMatchObject({ status: 'ok', last_error: null });
    expect(syncOf(accounts, accountB)).toMatchObject({ status: 'ok', last_error: null });

    const finished = finishedSyncs(t);
    expect(finished.map((line) => line.accountId).sort()).toEqual([accountA, accountB].sort());
    expect(finished.every((line) => (line.rows as number) > 0)).toBe(true);
    const threads = new Set(finished.map((line) => line.workerThreadId));
    expect(threads.size).toBe(1);
    expect(fetchWorkerStats().boots - bootsBefore).toBe(1);
    // Still up after both syncs, for the next one; idle, it holds nothing open.
    expect(fetchWorkerStats()).toMatchObject({ threadId: [...threads][0], jobs: 0 });
  });

  it('boots a new worker for the next sync once the old one has gone', async () => {
    const before = fetchWorkerStats();
    // The thread ends as a crashed one would: it exits, and the process has no worker.
    await sharedFetchWorker().close();
    expect(fetchWorkerStats().threadId).toBeUndefined();

    const queued = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountA}/sync`,
      headers: bearer(token),
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const accounts = await settledAccounts(t.app, token);
    expect(syncOf(accounts, accountA)).toMatchObject({ status: 'ok', last_error: null });

    const last = finishedSyncs(t).at(-1);
    expect(last).toMatchObject({ accountId: accountA, kind: 'refresh' });
    expect(last?.workerThreadId).not.toBe(before.threadId);
    expect(fetchWorkerStats()).toMatchObject({ boots: before.boots + 1, threadId: last?.workerThreadId });
  });
});

describe('a worker lost in the middle of a sync', () => {
  let t: TestApp;
  let gate: GraphGate;

  beforeAll(async () => {
    // A backfill starts a report run per 30-day chunk for its ad rows and one per breakdown key:
    // the first chunk's go through, the second chunk's wait, so the job is mid-way on the worker.
    gate = await startGraphGate(simulator, 1 + breakdownKeys.length);
    t = await appOn(gate.url);
  });
  afterAll(async () => {
    gate?.release();
    await t?.close();
    await gate?.close();
  });

  it('fails that sync with a clear error, and the next sync runs on a new worker', async () => {
    const token = await connectedUser(t, 'lost-worker@example.com', [accountB]);
    await gate.holding;
    const lost = fetchWorkerStats();
    expect(lost.jobs).toBe(1);
    await sharedFetchWorker().close();

    const failed = await settledAccounts(t.app, token);
    expect(syncOf(failed, accountB)).toMatchObject({ status: 'error', last_error: 'Sync failed' });
    const warning = t.logs.find((line) => line.msg === 'meta sync failed');
    expect(warning).toMatchObject({
      accountId: accountB,
      err: { message: 'sync worker was shut down during the sync' },
    });

    gate.release();
    await t.app.inject({ method: 'POST', url: `/api/accounts/${accountB}/sync`, headers: bearer(token) });
    const recovered = await settledAccounts(t.app, token);
    expect(syncOf(recovered, accountB)).toMatchObject({ status: 'ok', last_error: null });
    const finished = finishedSyncs(t).at(-1);
    expect(finished?.accountId).toBe(accountB);
    expect(finished?.workerThreadId).not.toBe(lost.threadId);
    expect(fetchWorkerStats().boots).toBe(lost.boots + 1);
  });
});

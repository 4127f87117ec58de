import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import { type RunningArlo, runArlo, startArlo } from '../helpers/cli';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_PASSWORD } from '../helpers/users';

const APP_ID = '737373';
const APP_SECRET = 'kill-restart-secret';
const ANSWER_FAILED = 'Something went wrong while answering. Please try again.';
/** Beyond the grammar: with arlo_pro and a model configured, the answer waits on the model. */
const UNMAPPED = 'Tell me something interesting about my ads';
const SPEND_QUESTION = 'How much did I spend in the last 7 days?';

/**
 * A language model endpoint that takes requests and never answers: an answer that reaches it is
 * held in the middle of being written, for as long as the test needs.
 */
function startSilentModel(): Promise<{ url: string; asked: Promise<void>; close(): Promise<void> }> {
  let heard: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const server: Server = createServer(() => heard());
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        asked,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      }),
    );
  });
}

/** Waits for `check` to hold; fails after `ms`, which is the bound being tested. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not within ${ms / 1000} s`);
    // Four a second at most: the server counts requests per address.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGKILL while a first sync runs and an answer is being written; then a start on the same data. */
describe('arlo serve killed with SIGKILL', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  let sink: SmtpSink;
  let simulator: GraphSimulator;
  let closeSimulator: () => Promise<void>;
  let model: Awaited<ReturnType<typeof startSilentModel>>;
  let accountId: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    testDatabase = await createTestDatabase();
    sink = await startSmtpSink();
    const dataset = generateDemoData({ today: todayIn('America/New_York') });
    accountId = dataset.adAccounts[0]?.account_id ?? '';
    simulator = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET, asyncPolls: 0 });
    const listening = await simulator.listen(0, '127.0.0.1');
    closeSimulator = listening.close;
    model = await startSilentModel();
    env = {
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      META_GRAPH_URL: listening.url,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'silent',
      ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
    };
    // The database made up front: the first start then opens it rather than creating it.
    expect((await runArlo(['migrate'], env)).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await model?.close();
    await closeSimulator?.();
    await sink?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (arlo: RunningArlo, path: string, body?: object, token?: string) =>
    fetch(`${arlo.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

  const syncStatus = async (arlo: RunningArlo, token: string) =>
    (await json<{ accounts: { sync: { status: string } }[] }>(call(arlo, '/api/accounts', undefined, token)))
      .accounts[0]?.sync.status;

  const ask = (arlo: RunningArlo, token: string, sessionId: string, message: string, chatModel: string) =>
    call(arlo, '/api/ask', { message, sessionId, timezone: 'UTC', model: chatModel }, token);

  it('the next start resumes the first sync at once, and fails the answer, giving its free question back', async () => {
    const email = 'killed@example.com';
    // The first report run hangs: the sync is still running, 0 rows in, when the process dies.
    simulator.injectFault({ kind: 'slow', delayMs: 20_000, times: 1, match: 'insights_async' });
    const arlo = await startArlo(env);
    let killed = false;
    let token = '';
    let sessionId = '';
    try {
      await call(arlo, '/auth/create-user', { email, password: TEST_PASSWORD, method: 'web' });
      const verified = call(arlo, '/auth/verify-email', { email, code: await sink.nextCode(email) });
      const saved = await call(
        arlo,
        '/auth/save-facebook-permissions',
        {
          facebookToken: simulator.issueUserToken({
            scopes: ['email', 'public_profile', 'ads_read'],
            accountIds: [accountId],
          }),
          accounts: [{ account_id: accountId, name: 'x' }],
        },
        (await json<{ token: string }>(verified)).token,
      );
      expect(saved.status).toBe(200);
      token = ((await saved.json()) as { token: string }).token;
      await within(
        30_000,
        'the first sync running',
        async () => (await syncStatus(arlo, token)) === 'running',
      );

      sessionId = (await json<{ sessionId: string }>(call(arlo, '/api/sessions/current', undefined, token)))
        .sessionId;
      const asking = ask(arlo, token, sessionId, UNMAPPED, 'arlo_pro');
      await model.asked;
      const exited = new Promise((resolve) => arlo.child.once('exit', resolve));
      arlo.child.kill('SIGKILL');
      killed = true;
      await exited;
      // The stream was cut with the process.
      await asking.then((response) => response.text()).catch(() => '');
    } finally {
      if (!killed) arlo.child.kill('SIGKILL');
    }

    const again = await startArlo(env);
    try {
      // Without taking over, the dead process's lease would keep the sync 'running' for 300 s.
      await within(60_000, 'the first sync resumed and finished', async () => {
        const status = await syncStatus(again, token);
        expect(status).not.toBe('error');
        return status === 'ok';
      });
      const history = await json<{ history: { messages: { sender: string; content?: string }[] } }>(
        call(again, `/api/sessions/${sessionId}`, undefined, token),
      );
      expect(history.history.messages.map(({ sender, content }) => ({ sender, content }))).toEqual([
        { sender: 'user', content: UNMAPPED },
        { sender: 'system', content: ANSWER_FAILED },
      ]);
      // The killed answer's free question was given back: all three of today's are left.
      for (let i = 0; i < 3; i++) {
        const answered = await (await ask(again, token, sessionId, SPEND_QUESTION, 'arlo_auto')).text();
        expect(answered).toContain('"type":"analytics"');
        expect(answered).not.toContain('quota_exceeded');
      }
    } finally {
      expect(await again.stop()).toBe(0);
    }
    // Two server starts, a signup, a sync and four answers: slow on a busy 2-core machine.
  }, 180_000);
});

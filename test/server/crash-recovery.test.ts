import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { HEARTBEAT_MS } from '../../src/server/boot/server-boots';
import { queryRows } from '../../src/server/db/client';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser } from '../helpers/users';

/**
 * Several app nodes on one database: what a node that died leaves behind (a sync lease, an answer
 * being written) is taken over by the others, and what a live node holds is not. The dead node's
 * state is written as a crashed process leaves it; a real kill -9 is in test/cli/kill-restart.
 */
const APP_ID = '626262';
const APP_SECRET = 'crash-recovery-secret';
const ANSWER_FAILED = 'Something went wrong while answering. Please try again.';
const SPEND_QUESTION = 'How much did I spend in the last 7 days?';
const STUCK_QUESTION = 'Which campaign had the most clicks yesterday?';

let simulator: GraphSimulator;
let closeSimulator: () => Promise<void>;
let sink: SmtpSink;
let env: Record<string, string>;
let first: TestApp;
let second: TestApp | undefined;
let accounts: [string, string];

beforeAll(async () => {
  const dataset = generateDemoData({ today: todayIn('America/New_York') });
  simulator = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET, asyncPolls: 0 });
  const listening = await simulator.listen(0, '127.0.0.1');
  closeSimulator = listening.close;
  sink = await startSmtpSink();
  env = {
    SMTP_URL: sink.url,
    META_GRAPH_URL: listening.url,
    META_APP_ID: APP_ID,
    META_APP_SECRET: APP_SECRET,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  first = await buildTestApp({ env });
  accounts = dataset.adAccounts.map((account) => account.account_id) as [string, string];
});
afterAll(async () => {
  vi.useRealTimers();
  await second?.close();
  await first?.close();
  await closeSimulator?.();
  await sink?.close();
});

interface Asker {
  token: string;
  userId: string;
  accountId: string;
  sessionId: string;
}

/** A free user with one account connected and synced, through the public API. */
async function connectedAsker(email: string, accountId: string): Promise<Asker> {
  const token = await signUpUser(first.app, sink, email);
  const saved = await first.app.inject({
    method: 'POST',
    url: '/auth/save-facebook-permissions',
    headers: bearer(token),
    payload: {
      facebookToken: simulator.issueUserToken({
        scopes: ['email', 'public_profile', 'ads_read'],
        accountIds: [accountId],
      }),
      accounts: [{ account_id: accountId, name: 'x' }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const connected = saved.json().token as string;
  expect((await settledAccounts(first.app, connected))[0]?.sync.status).toBe('ok');
  const session = await first.app.inject({
    method: 'GET',
    url: '/api/sessions/current',
    headers: bearer(connected),
  });
  const [user] = await queryRows<{ id: string }>(db(), sql`select id from users where email = ${email}`);
  return { token: connected, userId: user?.id ?? '', accountId, sessionId: session.json().sessionId };
}

const db = () => first.testDatabase.database.db;

/**
 * What a process killed mid-work leaves: its boot row (with its last heartbeat), a first sync
 * still 'running' under its lease, and a question it was answering that took the asker's third
 * free question of the day.
 */
async function leftBehindBy(boot: { id: string; seenSecondsAgo: number }, asker: Asker): Promise<void> {
  await db().execute(sql`
    insert into server_boots (id, host, hostname, pid, seen_at)
    values (${boot.id}, ${`node-${boot.id}`}, ${`node-${boot.id}`}, 4242,
      now() - make_interval(secs => ${boot.seenSecondsAgo}))`);
  await db().execute(sql`
    update meta_sync_state set status = 'running', kind = 'backfill', since = current_date - 90,
      until = current_date, cursor = current_date - 90, rows = 0, last_success_at = null,
      lease_until = now() + interval '300 seconds', lease_owner = ${boot.id}
    where account_id = ${asker.accountId}`);
  await db().execute(sql`
    insert into chat_messages (session_id, user_id, sender, content, answering_boot, quota_day)
    values (${asker.sessionId}, ${asker.userId}, 'user', ${STUCK_QUESTION}, ${boot.id},
      (now() at time zone 'utc')::date)`);
  await db().execute(sql`
    insert into question_usage (user_id, day, count) values (${asker.userId}, (now() at time zone 'utc')::date, 3)
    on conflict (user_id, day) do update set count = 3`);
}

const inject = (app: TestApp, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function syncStatus(app: TestApp, asker: Asker): Promise<string | undefined> {
  const listed = await inject(app, 'GET', '/api/accounts', asker.token);
  return (listed.json() as { accounts: { sync: { status: string } }[] }).accounts[0]?.sync.status;
}

/** The session's messages, as the asker's chat shows them. */
async function messagesOf(app: TestApp, asker: Asker): Promise<{ sender: string; content?: string }[]> {
  const history = await inject(app, 'GET', `/api/sessions/${asker.sessionId}`, asker.token);
  const messages = history.json().history.messages as { sender: string; content?: string }[];
  return messages.map(({ sender, content }) => ({ sender, content }));
}

const failedReplies = async (app: TestApp, asker: Asker) =>
  (await messagesOf(app, asker)).filter((m) => m.sender === 'system' && m.content === ANSWER_FAILED).length;

/** Polls the session until the failed reply is there: a heartbeat saves it, in the background. */
async function awaitFailedReply(app: TestApp, asker: Asker): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await failedReplies(app, asker)) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no failed reply was saved');
}

/** Whether the asker still has a free question today: one more ask is answered, not refused. */
async function asks(app: TestApp, asker: Asker): Promise<'answered' | 'quota_exceeded'> {
  const response = await inject(app, 'POST', '/api/ask', asker.token, {
    message: SPEND_QUESTION,
    sessionId: asker.sessionId,
    timezone: 'UTC',
    model: 'arlo_auto',
  });
  expect(response.statusCode).toBe(200);
  return response.body.includes('"type":"quota_exceeded"') ? 'quota_exceeded' : 'answered';
}

describe('work left by a dead node', () => {
  let crashed: Asker;
  let busy: Asker;
  const deadBoot = randomUUID();
  const liveBoot = randomUUID();

  it('a node that starts takes over a dead node’s sync and answer, and leaves a live node’s alone', async () => {
    crashed = await connectedAsker('crashed@example.com', accounts[0]);
    busy = await connectedAsker('busy@example.com', accounts[1]);
    await first.app.close();
    // Unheard of for ten minutes: dead. Seen a moment ago: alive, on another host.
    await leftBehindBy({ id: deadBoot, seenSecondsAgo: 600 }, crashed);
    await leftBehindBy({ id: liveBoot, seenSecondsAgo: 0 }, busy);

    // The heartbeat timer is driven by the test, so the live node's later death can be staged.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    second = await buildTestApp({ env, testDatabase: first.testDatabase });

    // The dead node's sync resumes at once instead of waiting out its 300 s lease.
    expect((await settledAccounts(second.app, crashed.token))[0]?.sync.status).toBe('ok');
    expect((await messagesOf(second, crashed)).slice(-2)).toEqual([
      { sender: 'user', content: STUCK_QUESTION },
      { sender: 'system', content: ANSWER_FAILED },
    ]);
    // The question it took is given back: the asker, at three of three before, may ask once more.
    expect(await asks(second, crashed)).toBe('answered');
    expect(await asks(second, crashed)).toBe('quota_exceeded');

    // The live node's work is still its own.
    expect(await syncStatus(second, busy)).toBe('running');
    expect((await messagesOf(second, busy)).at(-1)).toEqual({ sender: 'user', content: STUCK_QUESTION });
    expect(await asks(second, busy)).toBe('quota_exceeded');
  }, 120_000); // two users connect and sync first: slow when the machine is busy

  it('a node that stops beating is written off by the next heartbeat of a live one', async () => {
    const app = second as TestApp;
    await db().execute(
      sql`update server_boots set seen_at = now() - interval '10 minutes' where id = ${liveBoot}`,
    );
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);

    await awaitFailedReply(app, busy);
    expect(await failedReplies(app, busy)).toBe(1);
    expect(await asks(app, busy)).toBe('answered');
    // The released sync is due for the runner's next round, which resumes it.
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await settledAccounts(app.app, busy.token))[0]?.sync.status).toBe('ok');
  }, 60_000);
});

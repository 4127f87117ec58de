/**
 * `npm run bench:chat`: 20 concurrent users ask over SSE on the demo data, through the real server
 * (HTTP, auth, quota bookkeeping, engine, persistence) on an in-memory PGlite in demo mode. Prints
 * the time to the first `data:` event and to `[DONE]` (median and p95) against the targets. It
 * reports; it never fails on a missed target (exit 0).
 *
 *   npx tsx scripts/bench-chat.ts [--users 20] [--rounds 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:chat   # on PostgreSQL
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { generateDemoData } from '../src/analyst/demo/generate';
import { buildApp } from '../src/server/app';
import { tokenFor } from '../src/server/auth/auth-user';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { todayIn } from '../src/server/demo/seed';
import { median, ms, quantile } from './bench/stats';

const TARGET_FIRST_P95_MS = 150;
const TARGET_FULL_P95_MS = 400;
const QUESTIONS = [
  'How much did I spend in the last 7 days?',
  'Top 5 campaigns by spend in the last 30 days',
  'What was my ROAS last week?',
  'Which ads have the best CTR in the last 14 days?',
  'Why did CPA go up this week?',
  'Spend by day in the last 30 days',
];

const { values } = parseArgs({
  options: { users: { type: 'string', default: '20' }, rounds: { type: 'string', default: '5' } },
});
const userCount = Math.max(1, Number(values.users) || 20);
const rounds = Math.max(1, Number(values.rounds) || 5);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'arlo-bench-chat-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0' });
// DATABASE_URL runs it on PostgreSQL (a fresh database there), as a production node would.
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: await freshPostgres(process.env.DATABASE_URL), poolSize: 10 })
  : await openDatabase({ kind: 'pglite' });
await database.migrate();
const app = await buildApp(config, { database, webRoot: path.join(dataDir, 'none') });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const simulator = app.meta.simulator;
if (!simulator) throw new Error('bench:chat runs in demo mode');
const accounts = generateDemoData({ today: todayIn('America/New_York') }).adAccounts;

// Pro users: the free plan's 3 questions a day would end the benchmark early.
const tokens: { token: string; sessionId: string }[] = [];
for (let i = 0; i < userCount; i++) {
  const [user] = await database.db
    .insert(users)
    .values({
      email: `bench${i}@example.com`,
      status: 'signup',
      userType: 'pro',
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('no user');
  const saved = await fetch(`${base}/auth/save-facebook-permissions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenFor(config, user)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      facebookToken: simulator.issueUserToken({ scopes: ['ads_read'] }),
      accounts: accounts.map((a) => ({ account_id: a.account_id, name: a.name })),
    }),
  });
  const { token } = (await saved.json()) as { token: string };
  const session = await fetch(`${base}/api/sessions/current`, {
    headers: { authorization: `Bearer ${token}` },
  });
  tokens.push({ token, sessionId: ((await session.json()) as { sessionId: string }).sessionId });
}
await app.meta.sync.runDue();
const [one] = await database.db.select().from(users).where(eq(users.email, 'bench0@example.com'));
console.log(`bench:chat — ${userCount} users (status ${one?.status}), ${rounds} rounds, demo data synced`);

async function ask(
  token: string,
  sessionId: string,
  message: string,
): Promise<{ first: number; full: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message, sessionId, timezone: 'America/New_York', model: 'arlo_auto' }),
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  let first = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(first) && text.includes('data: ')) first = performance.now() - started;
  }
  if (!text.includes('data: [DONE]')) throw new Error(`stream did not finish: ${text.slice(0, 200)}`);
  return { first, full: performance.now() - started };
}

const firsts: number[] = [];
const fulls: number[] = [];
for (let round = 0; round < rounds; round++) {
  const results = await Promise.all(
    tokens.map(({ token, sessionId }, i) =>
      ask(token, sessionId, QUESTIONS[(i + round) % QUESTIONS.length] as string),
    ),
  );
  for (const r of results) {
    firsts.push(r.first);
    fulls.push(r.full);
  }
}
const line = (name: string, values: number[], target: number) => {
  const p95 = quantile(values, 0.95);
  return `${name}: median ${ms(median(values))}, p95 ${ms(p95)} (target p95 ≤ ${target} ms${p95 <= target ? '' : ', ABOVE TARGET'})`;
};
console.log(line('first event', firsts, TARGET_FIRST_P95_MS));
console.log(line('full answer', fulls, TARGET_FULL_P95_MS));
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
if (process.env.DATABASE_URL) await dropPostgres(process.env.DATABASE_URL);

const benchDatabaseName = `arlo_bench_chat_${process.pid}`;

/** A new, empty database beside the one DATABASE_URL names, so the benchmark never touches data. */
async function freshPostgres(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = benchDatabaseName;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}

async function dropPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${benchDatabaseName}" with (force)`);
  await admin.end();
}

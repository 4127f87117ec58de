/**
 * The server side of `npm run bench:chat`, in its own process so the load generator never shares
 * its event loop: ARLO in demo mode with `--users` pro users whose demo accounts are connected and
 * synced. Prints one JSON line `{ base, users: [{ token, sessionId }] }` and serves until SIGTERM.
 *
 * DATABASE_URL runs it on a fresh PostgreSQL database beside the one named, dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { buildApp } from '../../src/server/app';
import { tokenFor } from '../../src/server/auth/auth-user';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { todayIn } from '../../src/server/demo/seed';

const { values } = parseArgs({ options: { users: { type: 'string', default: '20' } } });
const userCount = Math.max(1, Number(values.users) || 20);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'arlo-bench-chat-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0' });
const benchDatabaseName = `arlo_bench_chat_${process.pid}`;
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
const sessions: { token: string; sessionId: string }[] = [];
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
  sessions.push({ token, sessionId: ((await session.json()) as { sessionId: string }).sessionId });
}
await app.meta.sync.runDue();
console.log(JSON.stringify({ base, users: sessions }));

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) await dropPostgres(process.env.DATABASE_URL);
  process.exit(0);
});

/** A new, empty database beside the one DATABASE_URL names, so the benchmark never touches data. */
async function freshPostgres(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${benchDatabaseName}"`);
  await admin.query(`create database "${benchDatabaseName}"`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${benchDatabaseName}`;
  return fresh.toString();
}

async function dropPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${benchDatabaseName}" with (force)`);
  await admin.end();
}

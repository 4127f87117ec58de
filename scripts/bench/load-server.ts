/**
 * The server side of `npm run bench:load`, in its own process so the load generator never shares
 * its event loop: ARLO in production mode, demo Meta data, on a fresh PostgreSQL database beside
 * the one DATABASE_URL names (dropped at the end). `--users` verified pro users share one password
 * and have the demo ad accounts connected and synced.
 *
 * Talks to the parent in lines starting with `BENCH ` on stdout (the server's own logs are JSON
 * lines too, so a prefix keeps them apart):
 *   BENCH {"base": "...", "emails": [...], "password": "..."}   once, when ready
 *   BENCH {"memory": process.memoryUsage(), "loop": {...}}       after each `memory` line on stdin
 *   (`loop`: the event-loop delay p50 / p99 / max in ms since the previous one)
 * Serves until SIGTERM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { buildApp } from '../../src/server/app';
import { tokenFor } from '../../src/server/auth/auth-user';
import { hashPassword } from '../../src/server/auth/passwords';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { todayIn } from '../../src/server/demo/seed';
import { userAddress } from './load-http';

const PASSWORD = 'Bench-load-password-1!';
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

const { values } = parseArgs({ options: { users: { type: 'string', default: '50' } } });
const userCount = Math.max(1, Number(values.users) || 50);
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'arlo-bench-load-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0' });
const benchDatabaseName = `arlo_bench_load_${process.pid}`;
// The pool size production uses by default (db/client.ts), so the figures are the real ones.
const database = await openDatabase({ kind: 'postgres', url: await freshPostgres(databaseUrl) });
const app = await buildApp(config, { database, webRoot: path.join(dataDir, 'none') });
try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const emails = await createUsers(userCount);
  await app.meta.sync.runDue();
  report({ base, emails, password: PASSWORD });
} catch (error) {
  // A failed start must not leave the bench database behind.
  await shutDown();
  throw error;
}

// How long callbacks waited for the event loop since the last report: when it is high, slow
// requests were queued behind work on the loop (answers, JSON), not waiting on PostgreSQL.
const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();

// `memory` on stdin: a full collection first (the parent starts us with --expose-gc), so the heap
// figure is what is really kept, not garbage that happens not to be collected yet.
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'memory') return;
  // The histogram records the whole timer interval; the delay is what goes past the resolution.
  const toMs = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  const loop = {
    p50: toMs(loopDelay.percentile(50)),
    p99: toMs(loopDelay.percentile(99)),
    max: toMs(loopDelay.max),
  };
  loopDelay.reset();
  (globalThis as { gc?: () => void }).gc?.();
  report({ memory: process.memoryUsage(), loop });
});

// SIGINT too: Ctrl-C in the terminal reaches this process as well, and must still drop the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    await shutDown();
    process.exit(0);
  });
}

async function shutDown(): Promise<void> {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  await dropPostgres(databaseUrl);
}

function report(value: unknown): void {
  process.stdout.write(`BENCH ${JSON.stringify(value)}\n`);
}

/**
 * Verified pro users with a password (pro: the free plan's 3 questions a day would end the run
 * early), each with the demo ad accounts connected through the real route. One argon2 hash serves
 * every user: the salt is in the hash, and 50 hashes would only slow the start.
 */
async function createUsers(count: number): Promise<string[]> {
  const simulator = app.meta.simulator;
  if (!simulator) throw new Error('bench:load runs on the demo Meta data (no Meta app configured)');
  const accounts = generateDemoData({ today: todayIn('America/New_York') }).adAccounts;
  const passwordHash = await hashPassword(PASSWORD);
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-load${i}@example.com`;
    const [user] = await database.db
      .insert(users)
      .values({ email, passwordHash, status: 'signup', userType: 'pro', emailVerifiedAt: new Date() })
      .returning();
    if (!user) throw new Error('no user');
    // From the user's own address, as the load generator will use: the route allows 20 a minute
    // per address, which one address connecting 50 users would exceed.
    const saved = await app.inject({
      method: 'POST',
      url: '/auth/save-facebook-permissions',
      remoteAddress: userAddress(i),
      headers: { authorization: `Bearer ${await tokenFor(config, user)}` },
      payload: {
        facebookToken: simulator.issueUserToken({ scopes: ['ads_read'] }),
        accounts: accounts.map((a) => ({ account_id: a.account_id, name: a.name })),
      },
    });
    if (saved.statusCode !== 200) throw new Error(`connecting ${email}: ${saved.statusCode} ${saved.body}`);
    emails.push(email);
  }
  return emails;
}

/** A new, empty database beside the one DATABASE_URL names, so the benchmark never touches data. */
async function freshPostgres(url: string): Promise<string> {
  await admin(url, [
    `drop database if exists "${benchDatabaseName}"`,
    `create database "${benchDatabaseName}"`,
  ]);
  const fresh = new URL(url);
  fresh.pathname = `/${benchDatabaseName}`;
  return fresh.toString();
}

async function dropPostgres(url: string): Promise<void> {
  await admin(url, [`drop database if exists "${benchDatabaseName}" with (force)`]);
}

async function admin(url: string, statements: string[]): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

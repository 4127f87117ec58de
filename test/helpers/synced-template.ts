import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { demoAccounts } from '../../src/analyst/demo/demo-accounts';
import { tokenFor } from '../../src/server/auth/auth-user';
import { users } from '../../src/server/db/schema';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { demoConnectPayload, expectSyncedAccounts, saveFacebookPermissions } from './ad-accounts';
import { buildTestApp, type TestApp } from './app';
import { clonePostgresDatabase, createTestDatabase, openPgliteDump, type TestDatabase } from './database';
import { adminClient, isRunning } from './postgres';
import { startSmtpSink } from './smtp-sink';
import { signUpUser } from './users';

/**
 * A database in which the demo ad accounts are already connected and synced (ad rows, roll-ups,
 * ad windows, reach, settings), made once per test run and cloned per file, so that a file that
 * only needs "a user with synced data" does not wait for a backfill and a refresh per user.
 *
 * What the cloned state depends on, and how each holds in the clone:
 * - the connected users: POOL_SIZE users, each of whom connected the demo accounts through the
 *   public route; a file hands them out one per `connectUser` (see fixtures.ts);
 * - their Facebook tokens are sealed with ENCRYPTION_KEY and the user id, and were issued by the
 *   demo simulator, whose signing key derives from JWT_SECRET: an app on the clone must use
 *   SYNCED_APP_ENV, or the tokens neither open nor verify;
 * - the demo data is generated for "today" in each account's time zone: the template is keyed
 *   by those dates, so a run that crosses midnight makes a new one;
 * - freshness: the syncs finished when the template was made, well inside the refresh interval
 *   for any test run;
 * - the template app's own boot row is removed, so the clone's app sees no other live server.
 * Nothing lives in the app's DATA_DIR once the secrets are given.
 */
export const POOL_SIZE = 10;

/**
 * For the hook or test that first reaches a synced database: the first file of a run
 * to get there makes the template (sign-ups, connects and a backfill), which on a loaded 2-core
 * machine has taken over a minute.
 */
export const SYNCED_SETUP_MS = 180_000;

/** Fixed for the template and every app on a clone of it (test-only values). */
export const SYNCED_APP_ENV = {
  JWT_SECRET: 'synced-template-jwt-secret-for-tests-only-0123456789',
  ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
} as const;

export const poolEmail = (index: number) => `connected.${index}@example.com`;

export interface TestUser {
  email: string;
  id: string;
  token: string;
}

/** The synced database's pre-connected user number `index`, with a new session on `t`'s app. */
export async function syncedUser(t: TestApp, index: number): Promise<TestUser> {
  const email = poolEmail(index);
  const [row] = await t.testDatabase.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`the synced database has no ${email}`);
  return { email, id: row.id, token: await tokenFor(t.config, row) };
}

/** The dates the demo data and its sync were made for; a new day needs a new template. */
function dataDay(): string {
  const zones = new Set([DEMO_TIME_ZONE, ...demoAccounts.map((account) => account.timezone)]);
  return [...new Set([...zones].map((zone) => todayIn(zone).replaceAll('-', '')))].join('_');
}

function demoUserToken(app: FastifyInstance): string {
  const simulator = app.meta.simulator;
  if (!simulator) throw new Error('the synced template needs demo mode');
  return simulator.issueUserToken({ scopes: ['email', 'public_profile', 'ads_read'] });
}

/** Builds the synced state on a fresh migrated database; the caller keeps the database. */
async function buildSyncedState(): Promise<TestDatabase> {
  const testDatabase = await createTestDatabase();
  const sink = await startSmtpSink();
  const t = await buildTestApp({ env: { SMTP_URL: sink.url, ...SYNCED_APP_ENV }, testDatabase });
  try {
    const signedUp: string[] = [];
    for (let i = 0; i < POOL_SIZE; i++) signedUp.push(await signUpUser(t.app, sink, poolEmail(i)));
    // The runner is held while they connect: each connect asks for a sync, and a backfill running
    // meanwhile would hold the database (one PGlite connection) against the next connects. Once
    // all are in, one backfill per account serves them all.
    await t.app.meta.sync.stop();
    // The account list is made once: each demoConnectPayload generates the demo data anew.
    const { accounts } = demoConnectPayload(t.app);
    const connected: string[] = [];
    for (const token of signedUp) {
      connected.push(
        await saveFacebookPermissions(t.app, token, { facebookToken: demoUserToken(t.app), accounts }),
      );
    }
    t.app.meta.sync.start();
    await t.app.meta.sync.runDue();
    for (const token of connected) await expectSyncedAccounts(t.app, token);
  } finally {
    await t.close();
    await sink.close();
  }
  await testDatabase.database.db.execute(sql`delete from server_boots`);
  return testDatabase;
}

/** This file's own clone of the synced template, made first if this run has none for today. */
export async function createSyncedTestDatabase(): Promise<TestDatabase> {
  const postgres = inject('postgresTemplate');
  return postgres ? clonePostgres(postgres) : openPgliteDump(await syncedPgliteDump());
}

/**
 * PGlite runs only: the synced template's dump file, next to the run's migrated one, written by
 * whichever process gets the lock first. Also for a database that is not an in-memory clone (one
 * in a folder, for a child process to open).
 */
export async function syncedPgliteDump(): Promise<string> {
  const dir = path.dirname(inject('pgliteTemplatePath') as string);
  const file = path.join(dir, `synced-${dataDay()}.tar`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (await exists(file)) return file;
    const claimed = await open(lock, 'wx').catch(() => undefined);
    if (claimed) {
      try {
        await claimed.writeFile(String(process.pid));
        await claimed.close();
        const built = await buildSyncedState();
        const dump = await built.database.dump?.();
        await built.drop();
        if (!dump) throw new Error('PGlite did not produce a dump');
        // Written aside and renamed, so a waiting process never reads half a file.
        const partial = `${file}.${process.pid}`;
        const handle = await open(partial, 'w');
        await handle.writeFile(Buffer.from(await dump.arrayBuffer()));
        await handle.close();
        await rename(partial, file);
        return file;
      } finally {
        await rm(lock, { force: true });
      }
    }
    // The builder died: its lock names a process that is gone, so another may take over.
    const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
    if (holder && !isRunning(holder)) await rm(lock, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no synced template appeared at ${file}`);
}

// PostgreSQL: a template database named after the run's, made under an advisory lock. Its name
// carries the run's pid, so the next run drops it with the run's other leftovers.

async function clonePostgres(template: { adminUrl: string; name: string }): Promise<TestDatabase> {
  const synced = `${template.name}_s${dataDay()}`.slice(0, 63);
  const admin = await adminClient(template.adminUrl);
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [synced]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [synced]);
      if (found.rowCount === 0) {
        const built = await buildSyncedState();
        await built.database.close();
        const builtName = new URL(built.url as string).pathname.slice(1);
        await admin.query(`alter database "${builtName}" rename to "${synced}"`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [synced]);
    }
  } finally {
    await admin.end();
  }
  return clonePostgresDatabase(template.adminUrl, synced);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

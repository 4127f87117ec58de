import { randomBytes } from 'node:crypto';
import { test as base, expect } from 'vitest';
import { createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import type { GraphSimulatorOptions } from '../../src/server/meta/simulator/types';
import { connectDemoAccounts, expectSyncedAccounts } from './ad-accounts';
import { buildTestApp, type TestApp } from './app';
import { createTestDatabase } from './database';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import type { TestUser } from './synced-template';
import {
  createSyncedTestDatabase,
  POOL_SIZE,
  SYNCED_APP_ENV,
  SYNCED_SETUP_MS,
  syncedUser,
} from './synced-template';
import { signUpUser, userIdOf } from './users';

/**
 * Shared setup for server tests: one mail sink and one app per file, users per test.
 *
 * A file chooses, with `test.override({ ... })` at its top:
 * - `appEnv`: extra environment for its app;
 * - `appDatabase`: 'migrated' (default, empty) or 'synced', a clone of a database in which the
 *   demo accounts are already connected and synced (see synced-template.ts): `connectUser` is then
 *   instant. Not for tests about the sync itself, which must see it run;
 * - `simulatorOptions`: a Graph API simulator of its own (its dataset, app id and secret) that
 *   the app talks to instead of the demo's built-in one.
 */

export { SYNCED_SETUP_MS };

export const test = base
  .extend('appEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('appDatabase', { scope: 'file' }, 'migrated' as 'migrated' | 'synced')
  .extend('simulatorOptions', { scope: 'file' }, null as GraphSimulatorOptions | null)
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  .extend('sink', { scope: 'file' }, async ({}, { onCleanup }): Promise<SmtpSink> => {
    const sink = await startSmtpSink();
    onCleanup(() => sink.close());
    return sink;
  })
  .extend(
    'ownSimulator',
    { scope: 'file' },
    async (
      { simulatorOptions },
      { onCleanup },
    ): Promise<{ simulator: GraphSimulator; url: string } | null> => {
      if (!simulatorOptions) return null;
      const simulator = createGraphSimulator(simulatorOptions);
      const listening = await simulator.listen(0, '127.0.0.1');
      onCleanup(() => listening.close());
      return { simulator, url: listening.url };
    },
  )
  .extend(
    'app',
    { scope: 'file' },
    async (
      { sink, appEnv, appDatabase, simulatorOptions, ownSimulator },
      { onCleanup },
    ): Promise<TestApp> => {
      const graphEnv: Record<string, string> =
        ownSimulator && simulatorOptions
          ? {
              META_GRAPH_URL: ownSimulator.url,
              META_APP_ID: simulatorOptions.appId,
              META_APP_SECRET: simulatorOptions.appSecret,
            }
          : {};
      const synced = appDatabase === 'synced';
      const t = await buildTestApp({
        env: { SMTP_URL: sink.url, ...(synced ? SYNCED_APP_ENV : undefined), ...graphEnv, ...appEnv },
        // The app drops a database it did not make only if told; a clone made here is its to keep.
        testDatabase: synced ? await createSyncedTestDatabase() : await createTestDatabase(),
      });
      onCleanup(async () => {
        await t.close();
        await t.testDatabase.drop();
      });
      return t;
    },
  )
  /** The Graph API simulator the app talks to: the file's own, or the demo's built-in one. */
  .extend('graph', { scope: 'file' }, async ({ app, ownSimulator }): Promise<GraphSimulator> => {
    const simulator = ownSimulator?.simulator ?? app.app.meta.simulator;
    if (!simulator) throw new Error('the app talks to a real Graph API: there is no simulator to reach');
    return simulator;
  })
  /** Signs up a new verified user (a unique address unless given one), as the signup page does. */
  .extend('signUp', { scope: 'file' }, async ({ app, sink }) => {
    let count = 0;
    return async (email?: string): Promise<TestUser> => {
      // One word with letters first: the sink reads the first standalone 6-digit number of the
      // mail as its code, and an address with one would be taken for it.
      const address = email ?? `user${++count}x${randomBytes(4).toString('hex')}@example.com`;
      const token = await signUpUser(app.app, sink, address);
      return { email: address, id: userIdOf(token), token };
    };
  })
  /**
   * A new user who connected the demo ad accounts, with their data synced. On a synced database,
   * one of its pre-connected users (a fresh session of theirs); past those, or on a migrated
   * database, one who signs up and connects now, waiting for the sync.
   */
  .extend('connectUser', { scope: 'file' }, async ({ app, appDatabase, signUp }) => {
    let pooled = appDatabase === 'synced' ? 0 : POOL_SIZE;
    return async (): Promise<TestUser> => {
      let user: TestUser;
      if (pooled < POOL_SIZE) {
        user = await syncedUser(app, pooled++);
      } else {
        const signedUp = await signUp();
        user = { ...signedUp, token: await connectDemoAccounts(app.app, signedUp.token) };
      }
      await expectSyncedAccounts(app.app, user.token);
      return user;
    };
  })
  .extend('signedUpUser', async ({ signUp }) => signUp())
  .extend('connectedUser', async ({ connectUser }) => connectUser());

export type { TestUser };
export const it = test;
export { expect };

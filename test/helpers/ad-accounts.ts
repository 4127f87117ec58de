import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { bearer } from './users';

export interface SyncedAccount {
  account_id: string;
  currency: string;
  sync: { status: string; last_error: string | null; rows: number };
}

/**
 * Polls `GET /api/accounts` until none of the caller's accounts is pending or running. Five polls a
 * second keep well under the per-address request limit (600 a minute), which counts test requests too.
 */
export async function settledAccounts(app: FastifyInstance, token: string): Promise<SyncedAccount[]> {
  for (let i = 0; i < 150; i++) {
    const response = await app.inject({ method: 'GET', url: '/api/accounts', headers: bearer(token) });
    const { accounts } = response.json() as { accounts: SyncedAccount[] };
    if (accounts.every((a) => a.sync.status === 'ok' || a.sync.status === 'error')) return accounts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('sync did not settle');
}

/** Waits for the caller's accounts to settle and requires at least one, every one synced `ok`. */
export async function expectSyncedAccounts(app: FastifyInstance, token: string): Promise<SyncedAccount[]> {
  const accounts = await settledAccounts(app, token);
  expect(accounts.length).toBeGreaterThan(0);
  expect(accounts.map((a) => a.sync.status)).toEqual(accounts.map(() => 'ok'));
  return accounts;
}

/**
 * Demo mode: connects the demo ad accounts for a signed-up user through the public route, with a
 * token from the built-in simulator, as the permissions screen does. Returns the user's new token.
 */
export async function connectDemoAccounts(app: FastifyInstance, token: string): Promise<string> {
  return saveFacebookPermissions(app, token, demoConnectPayload(app));
}

/**
 * Saves a Facebook token and the ad accounts chosen with it through the public route, as the
 * permissions screen does (which queues their backfills); returns the user's new token.
 */
export async function saveFacebookPermissions(
  app: FastifyInstance,
  token: string,
  payload: { facebookToken: string; accounts: { account_id: string; name: string }[] },
): Promise<string> {
  const saved = await app.inject({
    method: 'POST',
    url: '/auth/save-facebook-permissions',
    headers: bearer(token),
    payload,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().token as string;
}

/** The body the permissions screen sends for the demo ad accounts, with a fresh simulator token. */
export function demoConnectPayload(app: FastifyInstance) {
  const simulator = app.meta.simulator;
  if (!simulator) throw new Error('connecting demo accounts needs demo mode (no META_APP_ID)');
  const accounts = generateDemoData({ today: todayIn(DEMO_TIME_ZONE) }).adAccounts;
  return {
    facebookToken: simulator.issueUserToken({ scopes: ['email', 'public_profile', 'ads_read'] }),
    accounts: accounts.map((a) => ({ account_id: a.account_id, name: a.name })),
  };
}

import type { FastifyInstance } from 'fastify';
import { bearer } from './users';

export interface SyncedAccount {
  account_id: string;
  currency: string;
  sync: { status: string; last_error: string | null; rows: number };
}

/** Polls `GET /api/accounts` until none of the caller's accounts is pending or running. */
export async function settledAccounts(app: FastifyInstance, token: string): Promise<SyncedAccount[]> {
  for (let i = 0; i < 600; i++) {
    const response = await app.inject({ method: 'GET', url: '/api/accounts', headers: bearer(token) });
    const { accounts } = response.json() as { accounts: SyncedAccount[] };
    if (accounts.every((a) => a.sync.status === 'ok' || a.sync.status === 'error')) return accounts;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('sync did not settle');
}

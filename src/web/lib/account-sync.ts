import type { ConnectedAccount } from '../../shared/api/meta';

/** How an ad account's sync state reads wherever the app lists accounts. */
export const syncLabels: Record<ConnectedAccount['sync']['status'], string> = {
  pending: 'Waiting to sync',
  running: 'Syncing…',
  ok: 'Synced',
  error: 'Sync failed',
};

/** Queued or under way: the list keeps refreshing until it is neither. */
export const isSyncing = (account: ConnectedAccount): boolean =>
  account.sync.status === 'pending' || account.sync.status === 'running';

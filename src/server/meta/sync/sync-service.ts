import { inArray, sql } from 'drizzle-orm';
import { metaSyncState } from '../../db/schema';
import { holdSharedFetchWorker } from './shared-fetch-worker';
import { type SyncDeps, syncAccount } from './sync-account';
import { dueAccounts, requestSync, type SyncKind } from './sync-state';

const TICK_MS = 60_000;

export interface SyncService {
  /** Queues a sync and starts the runner; resolves once the request is recorded, not when it ends. */
  request(accountIds: string[], kind: SyncKind): Promise<void>;
  /** Runs everything due now and resolves when that work is done (tests and the CLI wait on it). */
  runDue(): Promise<void>;
  /** Refreshes the accounts whose data is older than the interval, waiting at most `timeoutMs`. */
  ensureFresh(accountIds: string[], timeoutMs?: number): Promise<void>;
  /** True when one of these last syncs is missing or older than the refresh interval. */
  isStale(lastSuccessAt: (Date | null)[]): boolean;
  /** Called with an account after each sync of it that finished successfully (alerts hang here). */
  onSynced(listener: (accountIds: string[]) => void): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * One runner per process works through due accounts one at a time (the Graph API rate limits are
 * per app and account, so parallel pulls would only throttle each other). A timer looks for due
 * work every minute, which also picks up syncs a restart interrupted.
 */
export function createSyncService(options: SyncDeps & { intervalHours: number }): SyncService {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const listeners: ((accountIds: string[]) => void)[] = [];
  const deps = { ...options, stopping: () => stopped };
  // Let go of in stop(), once this service's last sync has ended: the app is closing.
  const releaseWorker = options.fetchWorker ? async () => {} : holdSharedFetchWorker();

  async function drain(): Promise<void> {
    do {
      again = false;
      for (const { accountId, kind } of await dueAccounts(deps.db, deps.intervalHours)) {
        if (stopped) return;
        const outcome = await syncAccount(deps, accountId, kind);
        if (outcome.status === 'ok') for (const listener of listeners) listener([accountId]);
      }
    } while (again && !stopped);
  }

  function runDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error) => deps.log.warn({ err: error }, 'meta sync runner failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    async request(accountIds, kind) {
      for (const accountId of accountIds) await requestSync(deps.db, accountId, kind);
      if (!stopped) void runDue();
    },
    runDue,
    onSynced(listener) {
      listeners.push(listener);
    },
    isStale(lastSuccessAt) {
      const oldest = Date.now() - deps.intervalHours * 3_600_000;
      return lastSuccessAt.some((at) => !at || at.getTime() < oldest);
    },
    async ensureFresh(accountIds, timeoutMs = 15_000) {
      if (accountIds.length === 0) return;
      const stale = await deps.db
        .select({ accountId: metaSyncState.accountId })
        .from(metaSyncState)
        .where(
          sql`${inArray(metaSyncState.accountId, accountIds)} and (${metaSyncState.lastSuccessAt} is null or
            ${metaSyncState.lastSuccessAt} < now() - make_interval(secs => ${deps.intervalHours * 3600}))`,
        );
      if (stale.length === 0) return;
      for (const { accountId } of stale) await requestSync(deps.db, accountId, 'refresh');
      // Old data is still an answer: after the timeout the caller goes on with what it has.
      await Promise.race([runDue(), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
    start() {
      stopped = false;
      timer = setInterval(() => void runDue(), TICK_MS);
      timer.unref();
      void runDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      await releaseWorker();
    },
  };
}

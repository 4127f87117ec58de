import { createFetchWorker, type FetchWorker, type FetchWorkerStats } from './fetch-worker-host';

/** The process's fetch worker: every sync of every account, of every app in the process, runs on it. */
const shared = createFetchWorker();
let holders = 0;

export function sharedFetchWorker(): FetchWorker {
  return shared;
}

/**
 * Each sync service holds the shared worker while it is up, and lets go when its app closes; the
 * last to let go terminates the thread. Several apps share one process in tests (a restart, two
 * nodes), and one of them closing must not cut off another's sync.
 */
export function holdSharedFetchWorker(): () => Promise<void> {
  holders++;
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    holders--;
    if (holders === 0) await shared.close();
  };
}

/** How many worker threads this process has started, and the current one's id. */
export function fetchWorkerStats(): FetchWorkerStats {
  return shared.stats();
}

import { Worker } from 'node:worker_threads';
import type { BreakdownKey, GraphAdAccount } from '../../../warehouse/graph-types';
import { writePreparedPages } from '../../../warehouse/load';
import { writePreparedBreakdownPages } from '../../../warehouse/load-breakdowns';
import type { PreparedInsights } from '../../../warehouse/prepare';
import type { PreparedBreakdowns } from '../../../warehouse/prepare-breakdowns';
import type { Db } from '../../db/client';
import { GraphApiError, type GraphClientOptions, GraphTokenError, type InsightsQuery } from '../graph';

/** What the fetch worker needs: plain data only (it crosses the thread boundary by cloning). */
export interface FetchJob {
  graph: Pick<GraphClientOptions, 'baseUrl' | 'appId' | 'appSecret' | 'baseDelayMs' | 'maxDelayMs'>;
  accountId: string;
  token: string;
  query: Omit<InsightsQuery, 'since' | 'until'>;
  chunks: { since: string; until: string }[];
  /** Read for each chunk beside its ad rows, at ad set level, each key on its own. */
  breakdowns: {
    keys: BreakdownKey[];
    fields: string[];
    /** For days before `reachSince`, which Meta refuses reach for with breakdowns. */
    fieldsWithoutReach: string[];
    reachSince: string;
  };
  longPull: boolean;
  asyncPollMs: number;
}

export type WorkerMessage =
  | { type: 'batch'; prepared: PreparedInsights }
  | { type: 'breakdowns'; prepared: PreparedBreakdowns }
  | { type: 'chunk'; index: number }
  | { type: 'done'; completed: boolean }
  | {
      type: 'error';
      error: {
        name: string;
        message: string;
        status?: number;
        code?: number;
        subcode?: number;
        retryable?: boolean;
      };
    };

function rebuild(error: Extract<WorkerMessage, { type: 'error' }>['error']): Error {
  if (error.status === undefined) return Object.assign(new Error(error.message), { name: error.name });
  const Kind = error.name === 'GraphTokenError' ? GraphTokenError : GraphApiError;
  const rebuilt = new Kind(error.message, {
    status: error.status,
    code: error.code,
    subcode: error.subcode,
    retryable: error.retryable ?? false,
  });
  rebuilt.name = error.name;
  return rebuilt;
}

const bootUrl = new URL('./worker-boot.mjs', import.meta.url);
const entry = new URL('./fetch-worker.ts', import.meta.url).href;

export interface FetchOutcome {
  /** Ad rows written. */
  rows: number;
  /** Breakdown rows written, every key together. */
  breakdownRows: number;
  completed: boolean;
}

/**
 * Runs a sync's fetches in a worker thread and writes what it prepares, in order, on this thread.
 * `onChunk` runs after every row of a chunk is written, its ad rows and its breakdown rows alike
 * (the cursor is saved there); returning true asks the worker to stop after that chunk.
 */
export function fetchAndWrite(
  db: Db,
  account: GraphAdAccount,
  job: FetchJob,
  onChunk: (index: number) => Promise<boolean>,
): Promise<FetchOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootUrl, { workerData: { ...job, entry } });
    let rows = 0;
    let breakdownRows = 0;
    // The pages of the chunk being read, held until the worker says the chunk is complete.
    const pages: PreparedInsights[] = [];
    const breakdownPages = new Map<BreakdownKey, PreparedBreakdowns[]>();
    let settled = false;
    let chain = Promise.resolve();
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate().finally(outcome);
    };
    worker.on('message', (message: WorkerMessage) => {
      chain = chain
        .then(async () => {
          if (settled) return;
          if (message.type === 'batch') {
            pages.push(message.prepared);
            worker.postMessage({ type: 'ack' });
          } else if (message.type === 'breakdowns') {
            const { key } = message.prepared;
            breakdownPages.set(key, [...(breakdownPages.get(key) ?? []), message.prepared]);
            worker.postMessage({ type: 'ack' });
          } else if (message.type === 'chunk') {
            // A chunk's pages are written together: one COPY per table and one roll-up rebuild,
            // where page by page every page rebuilt the same weeks and months again.
            rows += await writePreparedPages(db, account, pages.splice(0));
            for (const [key, keyPages] of breakdownPages)
              breakdownRows += await writePreparedBreakdownPages(db, account.account_id, key, keyPages);
            breakdownPages.clear();
            if (await onChunk(message.index)) worker.postMessage({ type: 'stop' });
          } else if (message.type === 'done') {
            finish(() => resolve({ rows, breakdownRows, completed: message.completed }));
          } else {
            finish(() => reject(rebuild(message.error)));
          }
        })
        .catch((error: unknown) => finish(() => reject(error)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`sync worker stopped early (exit ${code})`))));
  });
}

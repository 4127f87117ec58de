import type { BreakdownKey, GraphAdAccount } from '../../../warehouse/graph-types';
import { writePreparedPages } from '../../../warehouse/load';
import { writePreparedBreakdownPages } from '../../../warehouse/load-breakdowns';
import type { PreparedInsights } from '../../../warehouse/prepare';
import type { PreparedBreakdowns } from '../../../warehouse/prepare-breakdowns';
import type { Db } from '../../db/client';
import { GraphApiError, GraphTokenError } from '../graph';
import type { FetchJob, JobMessage, SerializedError } from './fetch-messages';
import type { FetchWorker, JobChannel } from './fetch-worker-host';
import { sharedFetchWorker } from './shared-fetch-worker';

export type { FetchJob } from './fetch-messages';

function rebuild(error: SerializedError): Error {
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

export interface FetchOutcome {
  /** Ad rows written. */
  rows: number;
  /** Breakdown rows written, every key together. */
  breakdownRows: number;
  completed: boolean;
  /** The worker thread that fetched them. */
  workerThreadId: number;
}

/**
 * Runs a sync's fetches as a job on the fetch worker thread and writes what it prepares, in
 * order, on this thread. `onChunk` runs after every row of a chunk is written, its ad rows and its
 * breakdown rows alike (the cursor is saved there); returning true asks the job to stop after
 * that chunk. A failed write cancels the job; a worker that dies takes its jobs with it.
 */
export function fetchAndWrite(
  db: Db,
  account: GraphAdAccount,
  job: FetchJob,
  onChunk: (index: number) => Promise<boolean>,
  worker: FetchWorker = sharedFetchWorker(),
): Promise<FetchOutcome> {
  return new Promise((resolve, reject) => {
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
      outcome();
    };

    async function handle(channel: JobChannel, message: JobMessage): Promise<void> {
      if (settled) return;
      if (message.type === 'batch') {
        pages.push(message.prepared);
        channel.ack();
      } else if (message.type === 'breakdowns') {
        const { key } = message.prepared;
        breakdownPages.set(key, [...(breakdownPages.get(key) ?? []), message.prepared]);
        channel.ack();
      } else if (message.type === 'chunk') {
        // A chunk's pages are written together: one COPY per table and one roll-up rebuild,
        // where page by page every page rebuilt the same weeks and months again.
        rows += await writePreparedPages(db, account, pages.splice(0));
        for (const [key, keyPages] of breakdownPages)
          breakdownRows += await writePreparedBreakdownPages(db, account.account_id, key, keyPages);
        breakdownPages.clear();
        if (await onChunk(message.index)) channel.stop();
      } else if (message.type === 'done') {
        const outcome = {
          rows,
          breakdownRows,
          completed: message.completed,
          workerThreadId: channel.threadId,
        };
        finish(() => resolve(outcome));
      } else {
        finish(() => reject(rebuild(message.error)));
      }
    }

    const channel = worker.start(job, {
      onMessage(message) {
        chain = chain
          .then(() => handle(channel, message))
          .catch((error: unknown) => {
            channel.cancel();
            finish(() => reject(error));
          });
      },
      // After the write in progress, so the sync is failed only once nothing of it is still writing.
      onLost(error) {
        chain = chain.then(() => finish(() => reject(error)));
      },
    });
  });
}

import { parentPort, workerData } from 'node:worker_threads';
import type { GraphInsightRow } from '../../../warehouse/graph-types';
import { prepareInsights } from '../../../warehouse/prepare';
import { createGraphClient, GraphApiError } from '../graph';
import type { FetchJob, WorkerMessage } from './fetch-protocol';

/**
 * Runs in a worker thread: fetches the sync's chunks page by page, parses and prepares the rows,
 * and hands prepared batches to the main thread, which only writes them. The JSON parsing and
 * row preparation then use the second core instead of competing with the database.
 */
const job = workerData as FetchJob;
const port = parentPort;
if (!port) throw new Error('fetch-worker must run in a worker thread');

const MAX_UNACKED = 2;
let unacked = 0;
let wake: (() => void) | undefined;
let stopRequested = false;
const knownNames = new Map<string, string>();
port.on('message', (message: { type: 'ack' | 'stop' }) => {
  if (message.type === 'ack') unacked--;
  if (message.type === 'stop') stopRequested = true;
  wake?.();
});

const send = (message: WorkerMessage) => port.postMessage(message);

async function handOver(rows: GraphInsightRow[]): Promise<void> {
  while (unacked >= MAX_UNACKED) await new Promise<void>((resolve) => (wake = resolve));
  unacked++;
  send({ type: 'batch', prepared: prepareInsights(rows, knownNames) });
}

async function run(): Promise<void> {
  const graph = createGraphClient(job.graph);
  for (const [index, chunk] of job.chunks.entries()) {
    const query = { ...job.query, since: chunk.since, until: chunk.until };
    const onPage = (page: GraphInsightRow[]) => handOver(page);
    if (job.longPull) {
      await graph.insightsAsync(job.accountId, query, job.token, onPage, { pollMs: job.asyncPollMs });
    } else {
      await graph.insights(job.accountId, query, job.token, onPage);
    }
    send({ type: 'chunk', index });
    if (stopRequested) return send({ type: 'done', completed: false });
  }
  send({ type: 'done', completed: true });
}

run().catch((error: unknown) => {
  // Only what the main thread needs to rebuild the error; Graph errors never carry a token.
  const graphError = error instanceof GraphApiError ? error : undefined;
  send({
    type: 'error',
    error: {
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : 'Sync failed',
      status: graphError?.status,
      code: graphError?.code,
      subcode: graphError?.subcode,
      retryable: graphError?.retryable,
    },
  });
});

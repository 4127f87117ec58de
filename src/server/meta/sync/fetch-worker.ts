import { parentPort, workerData } from 'node:worker_threads';
import type { BreakdownKey, GraphBreakdownRow, GraphInsightRow } from '../../../warehouse/graph-types';
import { prepareInsights } from '../../../warehouse/prepare';
import { prepareBreakdowns } from '../../../warehouse/prepare-breakdowns';
import { createGraphClient, GraphApiError, type InsightsQuery } from '../graph';
import type { FetchJob, WorkerMessage } from './fetch-protocol';
import { breakdownRanges } from './windows';

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
// A chunk's reads run side by side, so several of them can be waiting for the writer at once.
const waiting: (() => void)[] = [];
let stopRequested = false;
const knownNames = new Map<string, string>();
port.on('message', (message: { type: 'ack' | 'stop' }) => {
  if (message.type === 'ack') {
    unacked--;
    waiting.shift()?.();
  }
  if (message.type === 'stop') stopRequested = true;
});

const send = (message: WorkerMessage) => port.postMessage(message);

/** Waits while the main thread still has MAX_UNACKED batches to write, then prepares and posts one more. */
async function handOver(prepare: () => WorkerMessage): Promise<void> {
  while (unacked >= MAX_UNACKED) await new Promise<void>((resolve) => waiting.push(resolve));
  unacked++;
  send(prepare());
}

const graph = createGraphClient(job.graph);

/** One read, paged: a report run for a backfill, a plain read (split when too big) for a refresh. */
async function read<T extends object>(query: InsightsQuery, onPage: (rows: T[]) => Promise<void>) {
  if (job.longPull) {
    await graph.insightsAsync<T>(job.accountId, query, job.token, onPage, { pollMs: job.asyncPollMs });
  } else {
    await graph.insights<T>(job.accountId, query, job.token, onPage);
  }
}

async function readBreakdowns(chunk: { since: string; until: string }, key: BreakdownKey): Promise<void> {
  const { fields, fieldsWithoutReach, reachSince } = job.breakdowns;
  for (const range of breakdownRanges(chunk, reachSince)) {
    const query: InsightsQuery = {
      level: 'adset',
      fields: range.reach ? fields : fieldsWithoutReach,
      breakdowns: key.split(','),
      timeIncrement: 1,
      limit: job.query.limit,
      since: range.since,
      until: range.until,
    };
    await read<GraphBreakdownRow>(query, (page) =>
      handOver(() => ({ type: 'breakdowns', prepared: prepareBreakdowns(page, key) })),
    );
  }
}

async function run(): Promise<void> {
  for (const [index, chunk] of job.chunks.entries()) {
    // The ad rows and each breakdown key side by side: a report run mostly waits on Meta, so the
    // chunk takes about as long as its slowest run rather than the sum of five. It is one step:
    // the cursor moves only once all of them are written.
    await Promise.all([
      read<GraphInsightRow>({ ...job.query, since: chunk.since, until: chunk.until }, (page) =>
        handOver(() => ({ type: 'batch', prepared: prepareInsights(page, knownNames) })),
      ),
      ...job.breakdowns.keys.map((key) => readBreakdowns(chunk, key)),
    ]);
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

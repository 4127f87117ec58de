import type { BreakdownKey, GraphBreakdownRow, GraphInsightRow } from '../../../warehouse/graph-types';
import { prepareInsights } from '../../../warehouse/prepare';
import { prepareBreakdowns } from '../../../warehouse/prepare-breakdowns';
import { createGraphClient, GraphApiError, type InsightsQuery } from '../graph';
import { cancellableIo, JobCancelledError } from './cancellable-io';
import type { FetchJob, JobMessage, SerializedError } from './fetch-messages';
import { breakdownRanges } from './windows';

/** Prepared batches a job may have waiting for the writer before it reads on. */
const MAX_UNACKED = 2;

export interface RunningFetchJob {
  /** The main thread wrote one of this job's batches. */
  ack(): void;
  /** End after the current chunk, reporting the job as not completed. */
  stop(): void;
  /** End now and send nothing more. */
  cancel(): void;
  /** Settles when the job has sent its last message, or was cancelled. */
  ended: Promise<void>;
}

/**
 * One sync's fetches, in the worker thread: reads the chunks page by page, parses and prepares the
 * rows, and sends prepared batches to the main thread, which only writes them. Everything here is
 * this job's own (its Graph client, back-pressure, names seen, stop flag), so jobs of other
 * accounts can run beside it on the same thread.
 */
export function startFetchJob(job: FetchJob, send: (message: JobMessage) => void): RunningFetchJob {
  const io = cancellableIo();
  const graph = createGraphClient({ ...job.graph, fetch: io.fetch, sleep: io.sleep });
  const knownNames = new Map<string, string>();
  let unacked = 0;
  // A chunk's reads run side by side, so several of them can be waiting for the writer at once.
  const waiting: (() => void)[] = [];
  let stopRequested = false;

  const cancel = () => {
    io.cancel();
    for (const wake of waiting.splice(0)) wake();
  };

  /** Waits while the main thread still has MAX_UNACKED batches to write, then prepares and sends one more. */
  async function handOver(prepare: () => JobMessage): Promise<void> {
    while (unacked >= MAX_UNACKED && !io.cancelled)
      await new Promise<void>((resolve) => waiting.push(resolve));
    if (io.cancelled) throw new JobCancelledError();
    unacked++;
    send(prepare());
  }

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
      if (io.cancelled) return;
      send({ type: 'chunk', index });
      if (stopRequested) return send({ type: 'done', completed: false });
    }
    send({ type: 'done', completed: true });
  }

  const ended = run().catch((error: unknown) => {
    if (io.cancelled) return;
    // The reads still running beside the one that failed are of no use now.
    cancel();
    send({ type: 'error', error: serializeError(error) });
  });

  return {
    ack() {
      unacked--;
      waiting.shift()?.();
    },
    stop() {
      stopRequested = true;
    },
    cancel,
    ended,
  };
}

/** Only what the main thread needs to rebuild the error; Graph errors never carry a token. */
function serializeError(error: unknown): SerializedError {
  const graphError = error instanceof GraphApiError ? error : undefined;
  return {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : 'Sync failed',
    status: graphError?.status,
    code: graphError?.code,
    subcode: graphError?.subcode,
    retryable: graphError?.retryable,
  };
}

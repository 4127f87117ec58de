import type { BreakdownKey } from '../../../warehouse/graph-types';
import type { PreparedInsights } from '../../../warehouse/prepare';
import type { PreparedBreakdowns } from '../../../warehouse/prepare-breakdowns';
import type { GraphClientOptions, InsightsQuery } from '../graph';

/** What the fetch worker needs for one sync: plain data only (it crosses the thread boundary by cloning). */
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

export interface SerializedError {
  name: string;
  message: string;
  status?: number;
  code?: number;
  subcode?: number;
  retryable?: boolean;
}

/**
 * What one job sends the main thread. The worker runs several jobs at once when several syncs do
 * (one per app in a process), so every message names its job.
 */
export type JobMessage =
  | { type: 'batch'; prepared: PreparedInsights }
  | { type: 'breakdowns'; prepared: PreparedBreakdowns }
  | { type: 'chunk'; index: number }
  | { type: 'done'; completed: boolean }
  | { type: 'error'; error: SerializedError };

export type WorkerMessage = JobMessage & { jobId: number };

/**
 * What the main thread sends the worker: a job to start; an ack for each batch written (at most
 * two wait per job); 'stop' to end a job after its current chunk; 'cancel' to drop a job at once
 * (its writer failed, so nothing it still sends would be written).
 */
export type HostMessage =
  | { type: 'job'; jobId: number; job: FetchJob }
  | { type: 'ack' | 'stop' | 'cancel'; jobId: number };

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphDataset } from '../../../warehouse/graph-types';

/** What a request asks for; faults match on it and `requests` records it. */
export type RequestKind =
  | 'sdk'
  | 'preflight'
  | 'dialog'
  | 'oauth'
  | 'debug_token'
  | 'me'
  | 'permissions'
  | 'adaccounts'
  | 'adaccount'
  | 'campaigns'
  | 'adsets'
  | 'ads'
  | 'insights'
  | 'insights_async'
  | 'report_run'
  | 'report_run_insights'
  | 'unknown';

/**
 * Which requests a fault hits. 'any' is every API call (not `/sdk.js` or CORS preflights);
 * 'insights' is every insights read: the sync GET, the async POST and a report run's results.
 * Any other kind matches only itself.
 */
export type FaultMatch = 'any' | Exclude<RequestKind, 'sdk' | 'preflight'>;

export type Fault =
  | {
      kind: 'rate_limit';
      code?: 4 | 17 | 32 | 613 | 80000 | 80004;
      times?: number;
      /** Reported in every usage header; default 100. */
      usagePercent?: number;
      /**
       * Sent as `reset_time_duration` (seconds, as Meta does) and as
       * `estimated_time_to_regain_access` = ceil(regainSeconds / 60) (MINUTES, as Meta does). Default 0.
       */
      regainSeconds?: number;
      match?: FaultMatch;
    }
  | { kind: 'server_error'; status?: 500 | 502 | 503; times?: number; match?: FaultMatch }
  | { kind: 'token_expired'; times?: number; match?: FaultMatch }
  /** Only sync `GET /act_<id>/insights` whose range spans more than `minDays` days (default 0). */
  | { kind: 'too_much_data'; times?: number; minDays?: number; match?: FaultMatch }
  | { kind: 'slow'; delayMs: number; times?: number; match?: FaultMatch };

export interface GraphSimulatorOptions {
  /**
   * The data it serves, or how to make it on the first request that needs it: generating the
   * demo accounts takes most of a second that a server start should not wait for.
   */
  dataset: GraphDataset | (() => GraphDataset);
  /** The one app the simulator knows. */
  appId: string;
  appSecret: string;
  /** Page size when `limit` is absent; Meta's default is 25. */
  pageSize?: number;
  /** Cap on `limit`; default 5000. */
  maxPageSize?: number;
  /** Status polls that still say 'Job Running' before a report run says 'Job Completed'; default 2. */
  asyncPolls?: number;
  /** 'YYYY-MM-DD' that date presets count back from; default the day after the dataset's last row. */
  today?: string;
  /** Makes tokens self-contained and signed, so they survive a restart of the simulator. */
  tokenSigningKey?: string;
  /** Milliseconds since the epoch, for token expiry; default Date.now. */
  now?: () => number;
}

export interface IssueTokenInput {
  userId?: string;
  name?: string;
  email?: string;
  scopes?: string[];
  /** Ad accounts the token may see ('123' or 'act_123'); default every account in the dataset. */
  accountIds?: string[];
  /** The app the token belongs to; default the simulator's app. */
  appId?: string;
  /** Default 7200 (a short-lived token); zero or negative issues an already expired token. */
  expiresInSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  /** The path without the mount prefix, e.g. '/v23.0/act_1/insights'. */
  path: string;
  kind: RequestKind;
  /** Query string and body parameters together. */
  query: Record<string, string>;
}

export interface GraphSimulator {
  /**
   * Node request handler. `prefix` (e.g. '/meta-sim') is stripped from the path when present.
   * POST bodies are read from the stream; a host framework that already consumed it must put the
   * parsed body on `req.body` (an object or a string).
   */
  handle(req: IncomingMessage, res: ServerResponse, prefix?: string): void;
  listen(port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
  /** Issues a user access token the simulator accepts (short-lived unless told otherwise). */
  issueUserToken(input?: IssueTokenInput): string;
  /** Later calls with the token get code 190 subcode 460. */
  revokeToken(token: string): void;
  /** Faults apply to the next matching requests (first in, first out), `times` each, then go. */
  injectFault(fault: Fault): void;
  clearFaults(): void;
  /** Every request handled, in order, for tests. */
  requests: RecordedRequest[];
}

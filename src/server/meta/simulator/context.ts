import type { IncomingHttpHeaders } from 'node:http';
import type { ReportRuns } from './async-runs';
import type { FaultQueue } from './faults';
import type { InsightsSource } from './insights-source';
import type { LinkBuilder, PageLimits } from './paging';
import type { TokenStore, UserToken } from './tokens';

/** Everything a handler may read or change, shared by all requests to one simulator. */
export interface SimulatorState {
  appId: string;
  appSecret: string;
  limits: PageLimits;
  tokens: TokenStore;
  runs: ReportRuns;
  faults: FaultQueue;
  source: InsightsSource;
  /** Today as days since 1970-01-01, for date presets. */
  today: number;
  now: () => number;
}

export interface RequestContext {
  method: string;
  /** Query string and body parameters together. */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The authenticated user for Graph calls; absent for app-token and login endpoints. */
  user?: UserToken;
  link: LinkBuilder;
}

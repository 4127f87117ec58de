import { isoDay } from '../../../analyst/demo/calendar';
import type { InsightsGroup } from './insights-aggregate';
import type { InsightsQuery } from './insights-query';

export interface ReportRun {
  id: string;
  accountId: string;
  query: InsightsQuery;
  /** Computed when the run is created, so results do not change while a client pages through them. */
  groups: InsightsGroup[];
  createdAt: number;
  polls: number;
  completedAt?: number;
}

/**
 * Async insights jobs (`POST /act_<id>/insights`). A run answers 'Job Running' to its first
 * `pollsToComplete` status polls and 'Job Completed' from then on; results are readable once a
 * poll has said so.
 */
export class ReportRuns {
  private readonly runs = new Map<string, ReportRun>();
  // Report run ids are long numbers in Meta's answers; counting keeps them unique and stable.
  private nextId = 6_000_000_000_001;

  constructor(
    private readonly pollsToComplete: number,
    private readonly now: () => number,
  ) {}

  create(accountId: string, query: InsightsQuery, groups: InsightsGroup[]): ReportRun {
    const run: ReportRun = {
      id: String(this.nextId++),
      accountId,
      query,
      groups,
      createdAt: Math.floor(this.now() / 1000),
      polls: 0,
    };
    if (this.pollsToComplete <= 0) run.completedAt = run.createdAt;
    this.runs.set(run.id, run);
    return run;
  }

  get(id: string): ReportRun | undefined {
    return this.runs.get(id);
  }

  /** `GET /<report_run_id>`: one status poll. */
  poll(run: ReportRun): Record<string, unknown> {
    if (run.completedAt === undefined) {
      run.polls++;
      if (run.polls > this.pollsToComplete) run.completedAt = Math.floor(this.now() / 1000);
    }
    const done = run.completedAt !== undefined;
    const status: Record<string, unknown> = {
      id: run.id,
      account_id: run.accountId,
      time_ref: run.createdAt,
      async_status: done ? 'Job Completed' : 'Job Running',
      async_percent_completion: done ? 100 : Math.floor((100 * (run.polls - 1)) / this.pollsToComplete),
      date_start: isoDay(run.query.since),
      date_stop: isoDay(run.query.until),
    };
    if (done) status.time_completed = run.completedAt;
    return status;
  }
}

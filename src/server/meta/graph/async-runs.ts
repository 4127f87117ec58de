/** Asynchronous insights report runs: for ranges too big for a synchronous read. */
import type { GraphCore } from './core';
import { GraphApiError } from './errors';
import {
  actPath,
  checkQuery,
  type InsightsPageHandler,
  type InsightsQuery,
  insightsParams,
} from './insights';

export interface AsyncRunOptions {
  /** Between status polls; default 2 s. */
  pollMs?: number;
  /** Polls before giving up; default 1800 (an hour at 2 s). */
  maxPolls?: number;
}

interface RunStatus {
  async_status?: string;
  async_percent_completion?: number | string;
}

/**
 * POST /act_<id>/insights starts the run; GET /<run_id> is polled until 'Job Completed' at 100 % (Meta can
 * report 'Job Completed' before the percentage reaches 100, and the rows are not all readable until it does);
 * then GET /<run_id>/insights is paged to the end, streaming to `onPage`. Returns the row count.
 */
export async function fetchInsightsAsync<T>(
  core: GraphCore,
  accountId: string,
  q: InsightsQuery,
  token: string,
  onPage?: InsightsPageHandler<T>,
  options: AsyncRunOptions = {},
): Promise<number> {
  checkQuery(q);
  const pollMs = options.pollMs ?? 2_000;
  const maxPolls = options.maxPolls ?? 1_800;
  const started = await core.userPost<{ report_run_id?: unknown }>(
    `${actPath(accountId)}/insights`,
    insightsParams(q),
    token,
  );
  const runId = String(started?.report_run_id ?? '');
  if (!/^[0-9A-Za-z_]+$/.test(runId)) {
    throw new GraphApiError('Graph API did not return a report_run_id', { status: 200, retryable: false });
  }

  for (let poll = 1; ; poll++) {
    const run = await core.userGet<RunStatus>(
      runId,
      { fields: 'async_status,async_percent_completion' },
      token,
    );
    const status = run?.async_status ?? '';
    if (status === 'Job Completed' && Number(run.async_percent_completion) === 100) break;
    if (status === 'Job Failed' || status === 'Job Skipped') {
      throw new GraphApiError(`Graph async report run ${runId} ended with "${status}"`, {
        status: 200,
        type: 'AsyncReportRun',
        retryable: false,
      });
    }
    if (poll >= maxPolls) {
      throw new GraphApiError(`Graph async report run ${runId} not finished after ${maxPolls} polls`, {
        status: 200,
        type: 'AsyncReportRun',
        retryable: false,
      });
    }
    await core.sleep(pollMs);
  }

  return core.pages<T>(`${runId}/insights`, { limit: q.limit ?? 500 }, token, onPage ?? (() => {}));
}

/** Synchronous insights reads, with the date range split in halves when Meta says it is too much data. */
import type { GraphCore, GraphParams } from './core';
import { GraphTooMuchDataError } from './errors';

export type InsightsLevel = 'ad' | 'adset' | 'campaign' | 'account';

export interface InsightsQuery {
  level: InsightsLevel;
  fields: string[];
  /** YYYY-MM-DD, inclusive, in the ad account's time zone (as Meta reads time_range). */
  since: string;
  until: string;
  /** 1 = one row per day; 'all_days' (Meta's default) = one row for the whole range. */
  timeIncrement?: 1 | 'all_days';
  /** Rows per page; default 500 (fewer pages, fewer calls against the rate limits). */
  limit?: number;
  /** Meta's `breakdowns`, e.g. ['age', 'gender']: each row is then one segment of its object and day. */
  breakdowns?: readonly string[];
}

export type InsightsPageHandler<T> = (rows: T[]) => Promise<void> | void;

export const DEFAULT_INSIGHTS_LIMIT = 500;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `act_<id>`, whether or not the caller already wrote the prefix; encoded so it stays one path segment. */
export function actPath(accountId: string): string {
  return encodeURIComponent(accountId.startsWith('act_') ? accountId : `act_${accountId}`);
}

export function insightsParams(q: InsightsQuery): GraphParams {
  return {
    level: q.level,
    fields: q.fields.join(','),
    time_range: JSON.stringify({ since: q.since, until: q.until }),
    time_increment: q.timeIncrement,
    limit: q.limit ?? DEFAULT_INSIGHTS_LIMIT,
    breakdowns: q.breakdowns?.length ? q.breakdowns.join(',') : undefined,
  };
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Refuses, before any call, a query Meta would refuse: a bad range or a lone platform_position. */
export function checkQuery(q: InsightsQuery): void {
  if (
    !DATE.test(q.since) ||
    !DATE.test(q.until) ||
    Number.isNaN(dayOf(q.since)) ||
    Number.isNaN(dayOf(q.until))
  ) {
    throw new RangeError('insights: since and until must be YYYY-MM-DD dates');
  }
  if (q.since > q.until) throw new RangeError('insights: since is after until');
  // Meta refuses the placement position on its own: it only exists within a platform.
  if (q.breakdowns?.includes('platform_position') && !q.breakdowns.includes('publisher_platform')) {
    throw new RangeError('insights: platform_position needs publisher_platform in the same breakdowns');
  }
}

/** [since, mid] and [mid + 1 day, until]; the range spans at least two days. */
export function halves(since: string, until: string): [[string, string], [string, string]] {
  const from = dayOf(since);
  const days = Math.round((dayOf(until) - from) / DAY_MS);
  const mid = from + Math.floor(days / 2) * DAY_MS;
  return [
    [since, dateOf(mid)],
    [dateOf(mid + DAY_MS), until],
  ];
}

/**
 * Pages `GET /act_<id>/insights` to the end, streaming rows to `onPage`; returns the row count.
 *
 * On "too much data" the range is split in halves, each fetched the same way (recursively). Only when:
 * - rows are daily (`timeIncrement: 1`): daily rows of two halves are exactly the rows of the whole, whereas
 *   aggregates over a range (reach, frequency, ratios) cannot be added up from halves;
 * - no row of that range was delivered yet: Meta refuses on the first page, and splitting after rows went out
 *   would deliver them twice.
 * Otherwise, and for a single day that is still too much, the GraphTooMuchDataError is thrown (an async
 * report run is the way out then).
 */
export async function fetchInsights<T>(
  core: GraphCore,
  accountId: string,
  q: InsightsQuery,
  token: string,
  onPage?: InsightsPageHandler<T>,
): Promise<number> {
  checkQuery(q);
  const path = `${actPath(accountId)}/insights`;

  async function range(since: string, until: string): Promise<number> {
    let delivered = false;
    try {
      return await core.pages<T>(path, insightsParams({ ...q, since, until }), token, async (rows) => {
        delivered = true;
        await onPage?.(rows);
      });
    } catch (error) {
      if (
        !(error instanceof GraphTooMuchDataError) ||
        delivered ||
        since === until ||
        q.timeIncrement !== 1
      ) {
        throw error;
      }
      const [left, right] = halves(since, until);
      core.log?.warn(
        { since, until, halves: [left, right], level: q.level },
        'Graph insights: too much data; splitting',
      );
      return (await range(...left)) + (await range(...right));
    }
  }

  return range(q.since, q.until);
}

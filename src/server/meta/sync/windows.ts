import { addDays } from '../../../analyst/dates';
import { addMonths } from '../../../analyst/dates/calendar';

export interface ReachWindow {
  name: 'last_7d' | 'last_14d' | 'last_30d' | 'this_month' | 'last_month';
  since: string;
  until: string;
}

/**
 * The standard windows whose unique reach is fetched from Meta for the exact range, following the
 * usual date conventions (last N days are the N whole days before today).
 */
export function reachWindows(today: string): ReachWindow[] {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastOfPreviousMonth = addDays(firstOfMonth, -1);
  return [
    { name: 'last_7d', since: addDays(today, -7), until: addDays(today, -1) },
    { name: 'last_14d', since: addDays(today, -14), until: addDays(today, -1) },
    { name: 'last_30d', since: addDays(today, -30), until: addDays(today, -1) },
    { name: 'this_month', since: firstOfMonth, until: today },
    { name: 'last_month', since: `${lastOfPreviousMonth.slice(0, 8)}01`, until: lastOfPreviousMonth },
  ];
}

/** Splits [since, until] into consecutive chunks of at most `days` days. */
export function dayChunks(since: string, until: string, days: number): { since: string; until: string }[] {
  const chunks: { since: string; until: string }[] = [];
  for (let start = since; start <= until; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    chunks.push({ since: start, until: end < until ? end : until });
  }
  return chunks;
}

/**
 * The first day Meta still answers reach for in a breakdown query: a range starting more than 13
 * months before the account's today is refused. Where 13 months back has no such day (31 March →
 * 31 February) the later reading wins, so a request never lands on the refused side.
 */
export function breakdownReachSince(today: string): string {
  const back = addMonths(today, -13);
  return back.slice(8) === today.slice(8) ? back : addDays(back, 1);
}

export interface BreakdownRange {
  since: string;
  until: string;
  /** False for days before `breakdownReachSince`: ask without reach, store it as 0. */
  reach: boolean;
}

/**
 * A chunk's breakdown reads: the whole chunk, or two parts when it straddles the first day with
 * reach, so only days Meta really refuses lose their reach.
 */
export function breakdownRanges(
  chunk: { since: string; until: string },
  reachSince: string,
): BreakdownRange[] {
  if (chunk.since >= reachSince) return [{ ...chunk, reach: true }];
  if (chunk.until < reachSince) return [{ ...chunk, reach: false }];
  return [
    { since: chunk.since, until: addDays(reachSince, -1), reach: false },
    { since: reachSince, until: chunk.until, reach: true },
  ];
}

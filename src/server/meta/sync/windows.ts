import { addDays } from '../../../analyst/dates';

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

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970-01-01 for a 'YYYY-MM-DD' calendar day; rejects impossible dates like 2025-02-29. */
export function epochDay(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!ISO_DAY.test(day) || Number.isNaN(ms) || isoDay(ms / DAY_MS) !== day) {
    throw new RangeError(`Expected a calendar day as YYYY-MM-DD, got ${JSON.stringify(day)}`);
  }
  return ms / DAY_MS;
}

export function isoDay(epoch: number): string {
  return new Date(epoch * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, like Date#getUTCDay (1970-01-01 was a Thursday). */
export function dayOfWeek(epoch: number): number {
  return (((epoch + 4) % 7) + 7) % 7;
}

/** The day `days` after (or before, when negative) a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  return isoDay(epochDay(day) + days);
}

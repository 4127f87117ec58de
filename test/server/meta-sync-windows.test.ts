import { describe, expect, it } from 'vitest';
import { breakdownRanges, breakdownReachSince, dayChunks } from '../../src/server/meta/sync/windows';

describe('reach with breakdowns is asked only for the last 13 months', () => {
  it('starts 13 months before today, on the same day of the month', () => {
    expect(breakdownReachSince('2026-11-20')).toBe('2025-10-20');
    expect(breakdownReachSince('2026-01-05')).toBe('2024-12-05');
  });

  it('takes the later day when 13 months back has no such day, so a request is never refused', () => {
    // 31 March 2026 − 13 months: 31 February 2025 does not exist; 28 February would be too early.
    expect(breakdownReachSince('2026-03-31')).toBe('2025-03-01');
    expect(breakdownReachSince('2025-03-29')).toBe('2024-02-29');
  });

  it('splits a chunk that straddles the first day with reach, and leaves the others whole', () => {
    const since = '2025-10-20';
    expect(breakdownRanges({ since: '2025-09-01', until: '2025-09-30' }, since)).toEqual([
      { since: '2025-09-01', until: '2025-09-30', reach: false },
    ]);
    expect(breakdownRanges({ since: '2025-10-20', until: '2025-11-18' }, since)).toEqual([
      { since: '2025-10-20', until: '2025-11-18', reach: true },
    ]);
    expect(breakdownRanges({ since: '2025-10-01', until: '2025-10-30' }, since)).toEqual([
      { since: '2025-10-01', until: '2025-10-19', reach: false },
      { since: '2025-10-20', until: '2025-10-30', reach: true },
    ]);
  });

  it('covers a backfill exactly: every day once, with reach from the first allowed day on', () => {
    const today = '2026-11-20';
    const reachSince = breakdownReachSince(today);
    const ranges = dayChunks('2025-09-16', today, 30).flatMap((c) => breakdownRanges(c, reachSince));
    for (const [i, range] of ranges.entries()) {
      expect(range.reach).toBe(range.since >= reachSince);
      if (!range.reach) expect(range.until < reachSince).toBe(true);
      const next = ranges[i + 1];
      if (next)
        expect(new Date(`${range.until}T00:00:00Z`).getTime() + 86_400_000).toBe(Date.parse(next.since));
    }
    expect(ranges[0]?.since).toBe('2025-09-16');
    expect(ranges.at(-1)?.until).toBe(today);
  });
});

import { describe, expect, it } from 'vitest';
import { importProgress, type SyncStateRow } from '../../src/server/meta/sync/import-progress';
import { importProgressDetail, rowsText, shortDay } from '../../src/shared/import-progress';

// A 90-day backfill on Nov 20: since Aug 22, until Nov 20, 91 days, fetched oldest first.
const backfill = (fields: Partial<SyncStateRow>): SyncStateRow => ({
  status: 'running',
  since: '2026-08-22',
  until: '2026-11-20',
  cursor: '2026-08-22',
  lastSuccessAt: null,
  ...fields,
});

describe('how far a first import has got', () => {
  it('nothing is in before the first chunk is written', () => {
    expect(importProgress(backfill({}))).toEqual({
      state: 'importing',
      percent: 0,
      dataThrough: null,
    });
    // Queued, not started: no window yet.
    expect(importProgress(backfill({ status: 'pending', since: null, until: null, cursor: null }))).toEqual({
      state: 'importing',
      percent: 0,
      dataThrough: null,
    });
    expect(importProgress(undefined)).toMatchObject({ state: 'importing', percent: 0, dataThrough: null });
  });

  it('counts the days before the cursor: days imported out of days to import', () => {
    // 30 of 91 days written: Aug 22 – Sep 20.
    expect(importProgress(backfill({ cursor: '2026-09-21' }))).toMatchObject({
      state: 'importing',
      percent: 32,
      dataThrough: '2026-09-20',
    });
    // 60 of 91.
    expect(importProgress(backfill({ cursor: '2026-10-21' }))).toMatchObject({
      percent: 65,
      dataThrough: '2026-10-20',
    });
  });

  it('stays under 100% until the sync is recorded as finished', () => {
    expect(importProgress(backfill({ cursor: '2026-11-21' }))).toMatchObject({
      state: 'importing',
      percent: 99,
      dataThrough: '2026-11-20',
    });
  });

  it('a failed first import keeps what it got', () => {
    expect(importProgress(backfill({ status: 'error', cursor: '2026-09-21' }))).toEqual({
      state: 'error',
      percent: 32,
      dataThrough: '2026-09-20',
    });
  });

  it('after the first sync, a refresh (running, pending or failed) is not an import', () => {
    const lastSuccessAt = new Date('2026-11-20T08:00:00Z');
    const refresh = { since: '2026-10-23', until: '2026-11-20', cursor: '2026-10-23', lastSuccessAt };
    for (const status of ['running', 'pending', 'ok'] as const) {
      expect(importProgress(backfill({ ...refresh, status }))).toEqual({
        state: 'synced',
        percent: null,
        dataThrough: null,
      });
    }
    expect(importProgress(backfill({ ...refresh, status: 'error' }))).toMatchObject({
      state: 'error',
      percent: null,
    });
  });
});

describe('the words for it', () => {
  it('says the last day in and the share, with the year only when it is another one', () => {
    expect(importProgressDetail({ percent: 45, dataThrough: '2026-10-02' }, '2026-11-20')).toBe(
      'data through Oct 2 (45%)',
    );
    expect(importProgressDetail({ percent: 3, dataThrough: '2025-12-30' }, '2026-01-15')).toBe(
      'data through Dec 30, 2025 (3%)',
    );
    expect(importProgressDetail({ percent: 0, dataThrough: null }, '2026-11-20')).toBe('no data yet (0%)');
    expect(shortDay('2026-01-09', '2026-03-01')).toBe('Jan 9');
  });

  it('counts rows the same way in every locale', () => {
    expect(rowsText(12345)).toBe('12,345 rows');
    expect(rowsText(1)).toBe('1 row');
  });
});

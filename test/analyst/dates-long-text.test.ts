import { describe, expect, it } from 'vitest';
import { resolveComparison, resolveDateRange } from '../../src/analyst/dates';

const TODAY = '2026-11-20';

describe('the date grammar on odd and long text', () => {
  it('does not read a two-digit number before "be..." as a year of another era', () => {
    // chrono reads "30 oct 1 be(tween)" as the year 30 of the Buddhist era, a day before year 0.
    for (const text of ['spend on 30 oct 1 between', 'spend on 10/15 30 best']) {
      expect(() => resolveDateRange(text, TODAY), text).not.toThrow();
      expect(resolveDateRange(text, TODAY)?.start ?? TODAY, text).toMatch(/^20\d\d-/);
    }
  });

  it('does not read a one-digit year as the 1900s', () => {
    expect(resolveDateRange('spend since oct 1 7 ads', TODAY)).toMatchObject({ start: '2026-10-01' });
  });

  it('reads a lead-in across the blank a removed name leaves', () => {
    const blank = ' '.repeat(120);
    const text = `spend this month compared to${blank}last month`;
    const current = resolveDateRange(text, TODAY);
    expect(current).toMatchObject({ start: '2026-11-01', end: '2026-11-20' });
    const other = resolveComparison(text, TODAY, current ?? { start: TODAY, end: TODAY });
    expect(other).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(other?.matched.startsWith('compared to')).toBe(true);
  });

  it('reads a comparison word far before the periods it splits', () => {
    const filler = 'and the ads in it '.repeat(10);
    const text = `compare ${filler}October to September`;
    const current = resolveDateRange(text, TODAY);
    expect(current).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(resolveComparison(text, TODAY, current ?? { start: TODAY, end: TODAY })).toMatchObject({
      start: '2026-09-01',
    });
  });

  it('reads the first period of a question that repeats it to 2,000 characters', () => {
    const text = 'last 30 days vs '.repeat(125);
    const current = resolveDateRange(text, TODAY);
    expect(current).toMatchObject({ start: '2026-10-21', end: '2026-11-19', index: 0 });
    const other = resolveComparison(text, TODAY, current ?? { start: TODAY, end: TODAY });
    expect(other).toMatchObject({ start: '2026-10-21', index: 13 });
  });
});

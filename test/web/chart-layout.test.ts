import { describe, expect, it } from 'vitest';
import {
  barLayout,
  CHAR_WIDTH,
  DEFAULT_WIDTH,
  horizontalPlotWidth,
  niceStep,
  tickCountFor,
  truncateLabel,
  usableWidth,
  valueAxis,
  valueAxisWidth,
} from '../../src/web/features/chat/lib/chart-layout';
import { formatAxisValue, formatDay, unitForKey } from '../../src/web/features/chat/lib/format';

const names = (count: number, length: number) =>
  Array.from(
    { length: count },
    (_, i) => `${String(i).padStart(2, '0')}${'x'.repeat(Math.max(0, length - 2))}`,
  );

describe('which way bars lie', () => {
  it.each([
    // [rows, label length, card width, horizontal]
    [3, 8, 760, false],
    [7, 3, 760, false],
    [10, 5, 760, false],
    [11, 3, 760, true],
    [12, 50, 760, true],
    [40, 10, 1200, true],
    [7, 12, 760, false],
    [7, 14, 760, true],
    [3, 25, 760, false],
    [3, 25, 350, true],
    [2, 6, 350, false],
    [5, 6, 350, false],
    [5, 7, 350, true],
    [4, 4, 350, false],
    [1, 60, 760, false],
    [1, 60, 350, true],
  ] as const)('%i rows of %i characters in a %ipx card: horizontal %s', (rows, length, width, horizontal) => {
    expect(barLayout(names(rows, length), width).horizontal).toBe(horizontal);
  });

  it('keeps every standing label whole, so labels under bars never run into each other', () => {
    for (const width of [320, 350, 390, 640, 760, 1200]) {
      for (let rows = 1; rows <= 10; rows++) {
        for (const length of [2, 5, 9, 14, 20, 30]) {
          const labels = names(rows, length);
          const layout = barLayout(labels, width);
          if (layout.horizontal) continue;
          // Each label's estimated width fits its bar's slot with room to spare.
          const slot = (width - 24 - 56) / rows;
          expect(length * CHAR_WIDTH).toBeLessThan(slot);
          expect(layout.labelChars).toBeGreaterThanOrEqual(length);
        }
      }
    }
  });

  it('gives lying labels a column of at most about 40% of the card, cut to fit it', () => {
    const phone = barLayout(names(12, 55), 350);
    expect(phone.horizontal).toBe(true);
    expect(phone.categoryWidth).toBeLessThanOrEqual(Math.floor(350 * 0.42));
    expect(phone.labelChars * CHAR_WIDTH).toBeLessThanOrEqual(phone.categoryWidth);
    expect(phone.labelChars).toBeGreaterThanOrEqual(12);

    const laptop = barLayout(names(12, 55), 760);
    expect(laptop.categoryWidth).toBeLessThanOrEqual(Math.floor(760 * 0.35));
    expect(laptop.labelChars).toBeGreaterThan(phone.labelChars);
    expect(laptop.labelChars).toBeLessThan(55);
  });

  it('sizes the label column to short labels instead of taking the whole share', () => {
    const layout = barLayout(names(12, 6), 760);
    expect(layout.horizontal).toBe(true);
    expect(layout.categoryWidth).toBe(6 * CHAR_WIDTH + 16);
    expect(layout.labelChars).toBe(6);
    expect(barLayout(names(12, 1), 760).categoryWidth).toBe(48);
  });

  it('lays out an unmeasured card as a laptop-wide one', () => {
    expect(usableWidth(0)).toBe(DEFAULT_WIDTH);
    expect(usableWidth(Number.NaN)).toBe(DEFAULT_WIDTH);
    expect(usableWidth(-5)).toBe(DEFAULT_WIDTH);
    expect(usableWidth(350)).toBe(350);
    expect(barLayout(names(4, 10), 0)).toEqual(barLayout(names(4, 10), DEFAULT_WIDTH));
  });

  it('measures the plot that a horizontal value axis runs along', () => {
    const layout = barLayout(names(12, 55), 350);
    expect(horizontalPlotWidth(layout, 350)).toBe(350 - 24 - layout.categoryWidth);
  });
});

describe('cutting a label', () => {
  it.each([
    ['Spring Sale', 20, 'Spring Sale'],
    ['Spring Sale', 11, 'Spring Sale'],
    ['Spring Sale', 10, 'Spring Sa…'],
    ['Spring Sale', 8, 'Spring…'],
    ['Spring Sale', 2, 'S…'],
    ['Spring Sale', 1, '…'],
    ['Spring Sale', 0, '…'],
    ['Q4 Prospecting – Broad Audience – Advantage+ Shopping – US', 18, 'Q4 Prospecting –…'],
    ['  padded   name  ', 20, 'padded name'],
    ['line\nbreak\tname', 20, 'line break name'],
    ['👍👍👍👍👍', 3, '👍👍…'],
    ['', 5, ''],
  ] as const)('%j in %i characters reads %j', (text, max, expected) => {
    const cut = truncateLabel(text, max);
    expect(cut).toBe(expected);
    expect(Array.from(cut).length).toBeLessThanOrEqual(Math.max(max, 1));
  });

  it('cuts a 3,000-character name to the room it has', () => {
    const cut = truncateLabel('A'.repeat(3000), 19);
    expect(cut).toHaveLength(19);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('round value ticks', () => {
  it.each([
    [0.3, 0.5],
    [1, 1],
    [1.2, 2],
    [2.1, 2.5],
    [3, 5],
    [7, 10],
    [12, 20],
    [22, 25],
    [450, 500],
    [1122.75, 2000],
    [2500, 2500],
    [0, 1],
    [-3, 1],
  ] as const)('a step of about %d becomes %d', (rough, step) => {
    expect(niceStep(rough)).toBe(step);
  });

  it.each([
    // [min, max, max ticks, domain, ticks]
    [0, 4082.37, 6, [0, 5000], [0, 1000, 2000, 3000, 4000, 5000]],
    [0, 4082.37, 3, [0, 5000], [0, 2500, 5000]],
    [0, 2.15, 5, [0, 3], [0, 1, 2, 3]],
    [0, 100, 6, [0, 125], [0, 25, 50, 75, 100, 125]],
    [0, 776.29, 6, [0, 1000], [0, 200, 400, 600, 800, 1000]],
    [0, 1234567, 4, [0, 1500000], [0, 500000, 1000000, 1500000]],
    [-50, 200, 5, [-100, 300], [-100, 0, 100, 200, 300]],
    [-10, -2, 5, [-15, 0], [-15, -10, -5, 0]],
    [0, 0, 5, [0, 1], [0, 0.25, 0.5, 0.75, 1]],
    [0, 0, 3, [0, 1], [0, 0.5, 1]],
  ] as const)('from %d to %d in at most %i ticks', (min, max, count, domain, ticks) => {
    const axis = valueAxis(min, max, count);
    expect(axis.domain).toEqual(domain);
    expect(axis.ticks).toEqual(ticks);
  });

  it('always reaches max × 1.1, starts at 0 for positive figures, and spaces ticks evenly', () => {
    for (const max of [0.04, 0.9, 3.3, 17, 99, 101, 776.29, 4082.37, 12345, 987654, 4.2e7]) {
      for (const count of [3, 4, 5, 6]) {
        const axis = valueAxis(0, max, count);
        expect(axis.domain[0]).toBe(0);
        expect(axis.domain[1]).toBeGreaterThanOrEqual(max * 1.1 - 1e-9);
        expect(axis.ticks[0]).toBe(axis.domain[0]);
        expect(axis.ticks.at(-1)).toBe(axis.domain[1]);
        expect(axis.ticks.length).toBeGreaterThanOrEqual(3);
        expect(axis.ticks.length).toBeLessThanOrEqual(count);
        const steps = axis.ticks.slice(1).map((tick, i) => tick - (axis.ticks[i] as number));
        for (const step of steps) expect(step).toBeCloseTo(steps[0] as number, 9);
      }
    }
  });

  it.each([
    [0, 5],
    [-10, 5],
    [100, 3],
    [200, 4],
    [256, 5],
    [340, 6],
    [1000, 6],
  ] as const)('an axis %ipx long gets %i ticks', (length, count) => {
    expect(tickCountFor(length)).toBe(count);
  });

  it('makes a standing value axis as wide as its longest tick', () => {
    expect(valueAxisWidth(['$0', '$5K'])).toBe(40);
    expect(valueAxisWidth(['$0', '$1.25M'])).toBe(6 * CHAR_WIDTH + 12);
    expect(valueAxisWidth([])).toBe(40);
  });
});

describe('axis tick text', () => {
  it.each([
    [0, '$0'],
    [950, '$950'],
    [1000, '$1K'],
    [4100, '$4.1K'],
    [12000, '$12K'],
    [125000, '$125K'],
    [1200000, '$1.2M'],
    [1250000, '$1.25M'],
    [0.25, '$0.25'],
    [-4100, '−$4.1K'],
  ] as const)('money %d reads %s, never with cents on a round tick', (value, text) => {
    expect(formatAxisValue(value, 'money')).toBe(text);
  });

  it('reads money in the chart currency', () => {
    expect(formatAxisValue(4100, 'money', 'EUR')).toBe('€4.1K');
    expect(formatAxisValue(4100, 'money', 'GBP')).toBe('£4.1K');
    expect(formatAxisValue(1200000, 'money', 'JPY')).toBe('¥1.2M');
    expect(formatAxisValue(4100, 'money', 'usd')).toBe('$4.1K');
    expect(formatAxisValue(4100, 'money', 'nonsense')).toBe('$4.1K');
  });

  it.each([
    ['count', 12000, '12K'],
    ['count', 999, '999'],
    ['count', 2500000, '2.5M'],
    ['percent', 2.5, '2.5%'],
    ['percent', 3, '3%'],
    ['multiplier', 2, '2x'],
    ['multiplier', 1.5, '1.5x'],
    ['decimal', 1.25, '1.25'],
    ['change', 10, '+10%'],
    ['change', -5, '−5%'],
    ['change', 0, '0%'],
  ] as const)('%s %d reads %s', (unit, value, text) => {
    expect(formatAxisValue(value, unit)).toBe(text);
  });

  it('shows nothing for a value that is not a number', () => {
    expect(formatAxisValue(Number.NaN, 'money')).toBe('');
    expect(formatAxisValue(Number.POSITIVE_INFINITY, 'count')).toBe('');
  });

  it.each([
    ['spend', 'money'],
    ['cpa', 'money'],
    ['revenue', 'money'],
    ['impressions', 'count'],
    ['post_reactions', 'count'],
    ['ctr', 'decimal'],
    ['frequency', 'decimal'],
    ['roi', 'percent'],
    ['roas', 'multiplier'],
    ['spend_change', 'change'],
    ['campaign', 'text'],
  ] as const)('an undescribed %s column reads as %s', (key, unit) => {
    expect(unitForKey(key)).toBe(unit);
  });
});

describe('days on a chart', () => {
  it.each([
    ['2026-11-03', 'Nov 3', 'Nov 3, 2026'],
    ['2026-01-31', 'Jan 31', 'Jan 31, 2026'],
    ['2026-12-01T00:00:00Z', 'Dec 1', 'Dec 1, 2026'],
    ['2026-11-03 00:00', 'Nov 3', 'Nov 3, 2026'],
    ['2026-13-01', '2026-13-01', '2026-13-01'],
    ['Week of Nov 2', 'Week of Nov 2', 'Week of Nov 2'],
    ['Spring Sale', 'Spring Sale', 'Spring Sale'],
  ] as const)('%s reads %s on the axis and %s in full', (value, short, full) => {
    expect(formatDay(value)).toBe(short);
    expect(formatDay(value, true)).toBe(full);
  });
});

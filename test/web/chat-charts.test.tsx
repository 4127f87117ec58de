// @vitest-environment jsdom

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { ContentRenderer } from '../../src/web/features/chat/components/content/content-renderer';

// Charts that fit their card: which way bars lie, cut labels, short money ticks, days in words,
// a legend for several series. Layout itself (boxes that must not overlap) is checked in Chromium.

/** The width the next measured card reports, as a browser would lay it out. */
let cardWidth = 800;

beforeAll(() => {
  // jsdom lays nothing out and lacks ResizeObserver (the browser edge): the observer reports the
  // card width a browser would give the chart.
  globalThis.ResizeObserver = class {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      this.report([{ target, contentRect: { width: cardWidth, height: 400 } } as ResizeObserverEntry], this);
    }
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  cardWidth = 800;
});

const LONG = [
  'Q4 Prospecting – Broad Audience – Advantage+ Shopping – US',
  'Q4 Retargeting – Cart Abandoners 7d – Dynamic Catalog',
  'Evergreen Brand Awareness – Video Views – 18-34 Women',
];

const campaigns = (names: readonly string[]): DataRow[] =>
  names.map((campaign, i) => ({ campaign, spend: Math.round(4082.37 * 0.8 ** i * 100) / 100 }));

const spendColumns = [
  { key: 'campaign', label: 'Campaign', unit: 'text' as const },
  { key: 'spend', label: 'Spend', unit: 'money' as const },
];

async function chart(item: ContentItem): Promise<HTMLElement> {
  render(<ContentRenderer item={item} />);
  await waitFor(() => expect(screen.queryByTestId('chart-placeholder')).toBeNull(), { timeout: 10_000 });
  const figure = screen.getByTestId('content-chart');
  await waitFor(() => expect(figure.querySelector('.recharts-surface')).not.toBeNull());
  return figure;
}

const texts = (figure: HTMLElement, selector: string) =>
  [...figure.querySelectorAll(selector)].map((node) => node.textContent ?? '');

const orientation = (figure: HTMLElement) =>
  figure.querySelector('[data-orientation]')?.getAttribute('data-orientation');

describe('a bar chart', () => {
  it('stands short labels up under their bars', async () => {
    const figure = await chart({
      type: 'bar_chart',
      data: campaigns(['Spring', 'Summer', 'Autumn', 'Winter']),
      columns: spendColumns,
    });
    expect(orientation(figure)).toBe('vertical');
    await waitFor(() =>
      expect(texts(figure, '.recharts-xAxis-tick-labels text')).toEqual([
        'Spring',
        'Summer',
        'Autumn',
        'Winter',
      ]),
    );
  });

  it('lays bars on their side past 10 rows, whatever their labels', async () => {
    const figure = await chart({
      type: 'bar_chart',
      data: campaigns(Array.from({ length: 11 }, (_, i) => `C${i}`)),
      columns: spendColumns,
    });
    expect(orientation(figure)).toBe('horizontal');
    await waitFor(() => expect(texts(figure, '.recharts-yAxis-tick-labels text')).toHaveLength(11));
  });

  it('lays long names on their side and cuts them with an ellipsis', async () => {
    const figure = await chart({ type: 'bar_chart', data: campaigns(LONG), columns: spendColumns });
    expect(orientation(figure)).toBe('horizontal');
    await waitFor(() => expect(texts(figure, '.recharts-yAxis-tick-labels text')).toHaveLength(3));
    const labels = texts(figure, '.recharts-yAxis-tick-labels text');
    labels.forEach((label, i) => {
      expect(label.endsWith('…')).toBe(true);
      expect(LONG[i]?.startsWith(label.slice(0, -1))).toBe(true);
    });
  });

  it('lays bars on their side in a phone-wide card when their labels would not fit under them', async () => {
    const names = ['Prospecting', 'Retargeting', 'Retention', 'Lookalikes'];
    const wide = await chart({ type: 'bar_chart', data: campaigns(names), columns: spendColumns });
    expect(orientation(wide)).toBe('vertical');
    cleanup();
    cardWidth = 350;
    const phone = await chart({ type: 'bar_chart', data: campaigns(names), columns: spendColumns });
    expect(orientation(phone)).toBe('horizontal');
    // Short enough to keep whole in the label column.
    await waitFor(() => expect(texts(phone, '.recharts-yAxis-tick-labels text')).toEqual(names));
  });

  it('marks money on round ticks without cents, up to at least max × 1.1', async () => {
    const figure = await chart({
      type: 'bar_chart',
      data: campaigns(['Spring', 'Summer', 'Autumn']),
      columns: spendColumns,
    });
    await waitFor(() =>
      expect(texts(figure, '.recharts-yAxis-tick-labels text')).toEqual([
        '$0',
        '$1K',
        '$2K',
        '$3K',
        '$4K',
        '$5K',
      ]),
    );
  });

  it('reads money ticks of an undescribed column by its key, in the chart currency', async () => {
    const figure = await chart({
      type: 'bar_chart',
      currency: 'EUR',
      data: [
        { campaign: 'A', spend: 1_200_000 },
        { campaign: 'B', spend: 300_000 },
      ],
    });
    await waitFor(() => expect(texts(figure, '.recharts-yAxis-tick-labels text')).toContain('€1.5M'));
    for (const tick of texts(figure, '.recharts-yAxis-tick-labels text')) expect(tick).not.toMatch(/\.\d\d$/);
  });

  it('names several series in a legend, and one series needs none', async () => {
    const figure = await chart({
      type: 'bar_chart',
      data: [
        { campaign: 'A', spend: 10, revenue: 30 },
        { campaign: 'B', spend: 20, revenue: 25 },
      ],
      columns: [...spendColumns, { key: 'revenue', label: 'Revenue', unit: 'money' }],
    });
    expect(texts(figure, '[data-testid="chart-legend-name"]')).toEqual(['Spend', 'Revenue']);
    cleanup();
    const single = await chart({ type: 'bar_chart', data: campaigns(['A', 'B']), columns: spendColumns });
    expect(single.querySelector('[data-testid="chart-legend"]')).toBeNull();
  });
});

describe('a line chart of days', () => {
  it('reads its days as "Nov 3", not ISO strings', async () => {
    const figure = await chart({
      type: 'line_chart',
      data: [
        { day: '2026-11-03', spend: 100 },
        { day: '2026-11-04', spend: 120 },
        { day: '2026-11-05', spend: 90 },
      ],
      columns: [
        { key: 'day', label: 'Day', unit: 'date' },
        { key: 'spend', label: 'Spend', unit: 'money' },
      ],
    });
    await waitFor(() =>
      expect(texts(figure, '.recharts-xAxis-tick-labels text')).toEqual(['Nov 3', 'Nov 4', 'Nov 5']),
    );
    expect(texts(figure, '.recharts-yAxis-tick-labels text')).toContain('$0');
  });

  it('reads a day found under another key, in an older message', async () => {
    const figure = await chart({
      type: 'chart',
      data: [
        { date: '2026-10-30', clicks: 1200 },
        { date: '2026-10-31', clicks: 2400 },
      ],
    });
    await waitFor(() =>
      expect(texts(figure, '.recharts-xAxis-tick-labels text')).toEqual(['Oct 30', 'Oct 31']),
    );
    expect(texts(figure, '.recharts-yAxis-tick-labels text').at(-1)).toMatch(/^\d(\.\d)?K$/);
  });
});

describe('a share of the total', () => {
  it('is a ring with the total in its middle and every slice named with its share', async () => {
    const figure = await chart({
      type: 'pie_chart',
      data: [
        { device_platform: 'mobile_app', spend: 300 },
        { device_platform: 'desktop', spend: 100 },
      ],
      columns: [
        { key: 'device_platform', label: 'Device', unit: 'text' },
        { key: 'spend', label: 'Spend', unit: 'money' },
      ],
    });
    expect(figure.textContent).toContain('Total$400.00');
    expect(texts(figure, '[data-testid="chart-legend-name"]')).toEqual(['Mobile app', 'Desktop']);
    expect(texts(figure, '[data-testid="chart-legend-detail"]')).toEqual(['75.00%', '25.00%']);
    expect(figure.querySelectorAll('.recharts-pie-sector')).toHaveLength(2);
  });
});

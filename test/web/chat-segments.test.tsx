// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Column, ContentItem, DataRow } from '../../src/shared/api/answer';
import { ContentRenderer } from '../../src/web/features/chat/components/content/content-renderer';
import { contentToText } from '../../src/web/features/chat/components/content/content-text';

// Answers grouped by a breakdown (age, placement, device…), a creative format or a period: each
// label reads in words, the same in a table, a chart's legend and axis, and copied text.

beforeAll(() => {
  // recharts measures its container with ResizeObserver, which jsdom lacks, and jsdom lays nothing
  // out: the observer reports the width a browser would give the chart, so its axes get ticks.
  globalThis.ResizeObserver = class {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      this.report([{ target, contentRect: { width: 800, height: 400 } } as ResizeObserverEntry], this);
    }
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

const spend: Column = { key: 'spend', label: 'Spend', unit: 'money' };

interface LabelCase {
  name: string;
  /** The label columns as the engine describes them. */
  labels: Column[];
  rows: DataRow[];
  title: string;
  reads: string[];
}

const cases: LabelCase[] = [
  {
    name: 'placement (platform and position)',
    labels: [
      { key: 'publisher_platform', label: 'Platform', unit: 'text' },
      { key: 'platform_position', label: 'Placement', unit: 'text' },
    ],
    rows: [
      { publisher_platform: 'instagram', platform_position: 'instagram_reels', spend: 30 },
      { publisher_platform: 'facebook', platform_position: 'feed', spend: 20 },
      { publisher_platform: 'instagram', platform_position: 'feed', spend: 10 },
    ],
    title: 'Placement',
    reads: ['Instagram Reels', 'Facebook Feed', 'Instagram Feed'],
  },
  {
    name: 'platform',
    labels: [{ key: 'publisher_platform', label: 'Platform', unit: 'text' }],
    rows: [
      { publisher_platform: 'audience_network', spend: 30 },
      { publisher_platform: 'messenger', spend: 20 },
    ],
    title: 'Platform',
    reads: ['Audience Network', 'Messenger'],
  },
  {
    name: 'gender',
    labels: [{ key: 'gender', label: 'Gender', unit: 'text' }],
    rows: [
      { gender: 'female', spend: 30 },
      { gender: 'male', spend: 20 },
    ],
    title: 'Gender',
    reads: ['Women', 'Men'],
  },
  {
    name: 'age',
    labels: [{ key: 'age', label: 'Age group', unit: 'text' }],
    rows: [
      { age: '25-34', spend: 30 },
      { age: '65+', spend: 20 },
    ],
    title: 'Age group',
    reads: ['25-34', '65+'],
  },
  {
    name: 'country',
    labels: [{ key: 'country', label: 'Country', unit: 'text' }],
    rows: [
      { country: 'US', spend: 30 },
      { country: 'GB', spend: 20 },
    ],
    title: 'Country',
    reads: ['United States', 'United Kingdom'],
  },
  {
    name: 'device',
    labels: [{ key: 'device_platform', label: 'Device', unit: 'text' }],
    rows: [
      { device_platform: 'mobile_app', spend: 30 },
      { device_platform: 'desktop', spend: 20 },
    ],
    title: 'Device',
    reads: ['Mobile app', 'Desktop'],
  },
  {
    name: 'creative format',
    labels: [{ key: 'format', label: 'Creative format', unit: 'text' }],
    rows: [
      { format: 'VIDEO', spend: 30 },
      { format: 'PHOTO', spend: 20 },
      { format: 'SHARE', spend: 10 },
    ],
    title: 'Creative format',
    reads: ['Video', 'Image', 'Link or carousel'],
  },
  {
    name: 'week',
    labels: [{ key: 'week', label: 'Week', unit: 'date' }],
    rows: [
      { week: '2026-11-02', spend: 30 },
      { week: '2026-11-09', spend: 20 },
    ],
    title: 'Week',
    reads: ['Week of Nov 2', 'Week of Nov 9'],
  },
  {
    name: 'month',
    labels: [{ key: 'month', label: 'Month', unit: 'date' }],
    rows: [
      { month: '2026-10-01', spend: 30 },
      { month: '2026-11-01', spend: 20 },
    ],
    title: 'Month',
    reads: ['Oct 2026', 'Nov 2026'],
  },
  {
    name: 'weekday',
    labels: [{ key: 'weekday', label: 'Weekday', unit: 'text' }],
    rows: [
      { weekday: 'Monday', spend: 30 },
      { weekday: 'Sunday', spend: 20 },
    ],
    title: 'Weekday',
    reads: ['Monday', 'Sunday'],
  },
];

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const firstCells = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('a table grouped by a segment or a period', () => {
  it.each(cases)('names each $name in words, in its first column', ({ labels, rows, title, reads }) => {
    render(
      <ContentRenderer item={{ type: 'table', data: rows, columns: [...labels, spend] }} reveal={false} />,
    );
    expect(headers()).toEqual([title, 'Spend']);
    expect(firstCells()).toEqual(reads);
  });

  it('reads the same without column descriptions (older messages)', () => {
    const [placement] = cases;
    render(<ContentRenderer item={{ type: 'table', data: placement?.rows }} reveal={false} />);
    expect(headers()).toEqual(['Placement', 'Spend']);
    expect(firstCells()).toEqual(placement?.reads);
  });

  it('copies the labels as it shows them', () => {
    const [placement] = cases;
    const text = contentToText({
      type: 'table',
      data: placement?.rows.slice(0, 1),
      columns: placement?.labels,
    });
    expect(text).toBe('Placement\tSpend\nInstagram Reels\t$30.00');
  });

  it('keeps a code it has no words for readable, and a country code it cannot name as is', () => {
    render(
      <ContentRenderer
        reveal={false}
        item={{
          type: 'table',
          data: [
            { publisher_platform: 'instagram', platform_position: 'instagram_shop', spend: 1 },
            { publisher_platform: 'threads', platform_position: 'threads_feed', spend: 1 },
          ],
        }}
      />,
    );
    expect(firstCells()).toEqual(['Instagram Shop', 'Threads Feed']);
    cleanup();
    render(
      <ContentRenderer reveal={false} item={{ type: 'table', data: [{ country: 'unknown', spend: 1 }] }} />,
    );
    expect(firstCells()).toEqual(['unknown']);
  });
});

async function chartFigure(item: ContentItem): Promise<HTMLElement> {
  render(<ContentRenderer item={item} />);
  await waitFor(() => expect(screen.queryByTestId('chart-placeholder')).toBeNull(), { timeout: 10_000 });
  const figure = screen.getByTestId('content-chart');
  await waitFor(() => expect(figure.querySelector('.recharts-surface')).not.toBeNull());
  return figure;
}

const texts = (figure: HTMLElement, selector: string) =>
  [...figure.querySelectorAll(selector)].map((node) => node.textContent ?? '');

/** A ring's legend: each slice's name and its share, in the answer's order. */
const legendShares = (figure: HTMLElement) =>
  [...figure.querySelectorAll('[data-testid="chart-legend"] li')].map((item) =>
    ['chart-legend-name', 'chart-legend-detail']
      .map((id) => item.querySelector(`[data-testid="${id}"]`)?.textContent ?? '')
      .join(' '),
  );

describe('a chart grouped by a segment or a period', () => {
  it.each(cases)('names each $name in words in a pie legend', async ({ labels, rows, reads }) => {
    const figure = await chartFigure({ type: 'pie_chart', data: rows, columns: [...labels, spend] });
    await waitFor(() => expect(texts(figure, '[data-testid="chart-legend-name"]')).toEqual(reads));
  });

  it.each(cases)('names each $name in words on a bar axis', async ({ labels, rows, reads }) => {
    const figure = await chartFigure({ type: 'bar_chart', data: rows, columns: [...labels, spend] });
    await waitFor(() => expect(texts(figure, '.recharts-xAxis-tick-labels text')).toEqual(reads));
  });

  it('reads a line of weeks by week', async () => {
    const [week] = cases.filter((c) => c.name === 'week');
    const figure = await chartFigure({ type: 'line_chart', data: week?.rows, columns: week?.labels });
    await waitFor(() => expect(texts(figure, '.recharts-xAxis-tick-labels text')).toEqual(week?.reads));
  });

  it('names a row by age and gender together', async () => {
    const figure = await chartFigure({
      type: 'bar_chart',
      data: [
        { age: '25-34', gender: 'female', spend: 3 },
        { age: '25-34', gender: 'male', spend: 2 },
      ],
    });
    await waitFor(() =>
      expect(texts(figure, '.recharts-xAxis-tick-labels text')).toEqual(['25-34 · Women', '25-34 · Men']),
    );
  });
});

describe('a pie chart of shares', () => {
  const placementColumns: Column[] = [
    { key: 'publisher_platform', label: 'Platform', unit: 'text' },
    { key: 'platform_position', label: 'Placement', unit: 'text' },
    spend,
    { key: 'share', label: 'Share of spend', unit: 'percent' },
  ];

  it("names each slice and the answer's own share in the ring's legend", async () => {
    const figure = await chartFigure({
      type: 'pie_chart',
      header: 'Share of spend by placement',
      columns: placementColumns,
      data: [
        { publisher_platform: 'instagram', platform_position: 'instagram_reels', spend: 123.4, share: 41.2 },
        { publisher_platform: 'facebook', platform_position: 'feed', spend: 100, share: 33.4 },
        { publisher_platform: 'instagram', platform_position: 'feed', spend: 76, share: 25.4 },
      ],
    });
    expect(figure.getAttribute('data-kind')).toBe('pie');
    await waitFor(() =>
      expect(legendShares(figure)).toEqual([
        'Instagram Reels 41.20%',
        'Facebook Feed 33.40%',
        'Instagram Feed 25.40%',
      ]),
    );
    // One slice per placement: the share is not a second series.
    expect(figure.querySelectorAll('.recharts-pie-sector')).toHaveLength(3);
  });

  it('computes the shares from the metric when the answer gives none, leaving out empty slices', async () => {
    const figure = await chartFigure({
      type: 'pie_chart',
      columns: [{ key: 'device_platform', label: 'Device', unit: 'text' }, spend],
      data: [
        { device_platform: 'mobile_app', spend: 30 },
        { device_platform: 'desktop', spend: 10 },
        { device_platform: 'mobile_web', spend: 0 },
      ],
    });
    await waitFor(() => expect(legendShares(figure)).toEqual(['Mobile app 75.00%', 'Desktop 25.00%']));
  });

  it("shows a slice's formatted value and share in its tooltip", async () => {
    const figure = await chartFigure({
      type: 'pie_chart',
      currency: 'EUR',
      columns: placementColumns,
      data: [
        { publisher_platform: 'instagram', platform_position: 'instagram_reels', spend: 1234.5, share: 60 },
        { publisher_platform: 'facebook', platform_position: 'feed', spend: 823, share: 40 },
      ],
    });
    await waitFor(() => expect(figure.querySelectorAll('.recharts-pie-sector path')).toHaveLength(2));
    const tooltip = () => figure.querySelector('.recharts-tooltip-wrapper')?.textContent ?? '';
    const [first, second] = [...figure.querySelectorAll('.recharts-pie-sector path')];
    fireEvent.mouseEnter(second as Element);
    fireEvent.mouseMove(second as Element);
    await waitFor(() => expect(tooltip()).toContain('€823.00 (40.00%)'));
    expect(tooltip()).toContain('Facebook Feed');
    fireEvent.mouseLeave(second as Element);
    fireEvent.mouseEnter(first as Element);
    fireEvent.mouseMove(first as Element);
    await waitFor(() => expect(tooltip()).toContain('€1,234.50 (60.00%)'));
    expect(tooltip()).toContain('Instagram Reels');
  });
});

describe('ad thumbnails', () => {
  const thumbnailColumns: Column[] = [
    { key: 'ad', label: 'Ad', unit: 'text' },
    { key: 'thumbnail_url', label: 'Thumbnail', unit: 'image' },
    spend,
  ];
  const cdn = 'https://scontent-iad3-1.xx.fbcdn.net/v/t45.1600-4/1201_n.jpg?stp=dst-jpg_p64x64';

  function renderThumbnails(rows: DataRow[], columns: Column[] = thumbnailColumns) {
    render(<ContentRenderer reveal={false} item={{ type: 'table', data: rows, columns }} />);
  }

  it('draws a lazy 48px image named after its ad', () => {
    renderThumbnails([{ ad: 'Video - Founder Story', thumbnail_url: cdn, spend: 5 }]);
    const image = screen.getByRole('img', { name: 'Thumbnail of Video - Founder Story' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe(cdn);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.getAttribute('width')).toBe('48');
    expect(image.getAttribute('height')).toBe('48');
    // The address is not also written out as text.
    expect(screen.queryByText(cdn)).toBeNull();
  });

  it('draws a column of the image unit whatever its key', () => {
    renderThumbnails(
      [{ ad: 'Carousel', creative: cdn, spend: 5 }],
      [
        { key: 'ad', label: 'Ad', unit: 'text' },
        { key: 'creative', label: 'Creative', unit: 'image' },
        spend,
      ],
    );
    expect(screen.getByRole('img', { name: 'Thumbnail of Carousel' }).getAttribute('src')).toBe(cdn);
  });

  it('puts a neutral box of the same size in place of an image that cannot load', () => {
    renderThumbnails([{ ad: 'Offline ad', thumbnail_url: cdn, spend: 5 }]);
    fireEvent.error(screen.getByRole('img', { name: 'Thumbnail of Offline ad' }));
    expect(document.querySelector('img')).toBeNull();
    const placeholder = screen.getByTestId('thumbnail-placeholder');
    expect(placeholder.className).toContain('h-12');
    expect(placeholder.className).toContain('w-12');
    expect(placeholder.getAttribute('aria-label')).toBe('Thumbnail of Offline ad (not available)');
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['http:', 'http://scontent.xx.fbcdn.net/v/a.jpg'],
    ['data:', 'data:image/png;base64,iVBORw0KGgo='],
    ['a relative path', '/api/health'],
  ])('shows nothing for a %s address', (_name, address) => {
    renderThumbnails([{ ad: 'Risky', thumbnail_url: address, spend: 5 }]);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByTestId('thumbnail-placeholder')).toBeNull();
    expect(screen.queryByText(address)).toBeNull();
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Risky', '', '$5.00']);
  });
});

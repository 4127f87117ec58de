// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { ContentRenderer } from '../../src/web/features/chat/components/content/content-renderer';
import { contentToText } from '../../src/web/features/chat/components/content/content-text';
import { CopyButton } from '../../src/web/features/chat/components/content/copy-button';
import {
  BAR_SIZE,
  COLORS,
  chartHeight,
  chartKind,
  colorAt,
  isHorizontal,
  labelKey,
  looksLikeDate,
  metricKeys,
  revealInterval,
  unwrap,
  unwrapAll,
  yAxisTop,
} from '../../src/web/features/chat/lib/chart-rules';
import { formatValue, metricLabel } from '../../src/web/features/chat/lib/format';
import { Markdown } from '../../src/web/features/chat/lib/markdown';

beforeAll(() => {
  // recharts measures its container with ResizeObserver, which jsdom lacks (the browser edge).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('formatValue (SPEC.md section 9 number formats)', () => {
  it('shows money with a dollar sign and 2 decimals', () => {
    expect(formatValue('spend', 1234.5)).toBe('$1,234.50');
    expect(formatValue('cpa', 12)).toBe('$12.00');
    expect(formatValue('cpc', 0.456)).toBe('$0.46');
    expect(formatValue('cpm', 7.1)).toBe('$7.10');
    expect(formatValue('revenue', -5)).toBe('-$5.00');
    expect(formatValue('cost_per_lead', 3.333)).toBe('$3.33');
  });

  it("shows money in the row's currency when one is given", () => {
    expect(formatValue('spend', 1234.5, 'USD')).toBe('$1,234.50');
    expect(formatValue('spend', 1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatValue('spend', 1234.5, 'nonsense')).toBe('$1,234.50');
  });

  it('shows roas with x and roi with %, both with 2 decimals', () => {
    expect(formatValue('roas', 3.254)).toBe('3.25x');
    expect(formatValue('roas', 2)).toBe('2.00x');
    expect(formatValue('roi', 12.345)).toBe('12.35%');
    expect(formatValue('roi', -40)).toBe('-40.00%');
  });

  it('shows ctr and frequency with 2 decimals', () => {
    expect(formatValue('ctr', 1.2345)).toBe('1.23');
    expect(formatValue('frequency', 2)).toBe('2.00');
  });

  it('shows counts with thousands separators and no decimals', () => {
    expect(formatValue('impressions', 1234567)).toBe('1,234,567');
    expect(formatValue('clicks', 1200)).toBe('1,200');
    expect(formatValue('reach', 98765)).toBe('98,765');
    expect(formatValue('conversions', 12)).toBe('12');
    expect(formatValue('purchases', 3400)).toBe('3,400');
    expect(formatValue('leads', 1001)).toBe('1,001');
    expect(formatValue('post_reactions', 4321)).toBe('4,321');
    expect(formatValue('post_engagements', 10000)).toBe('10,000');
    expect(formatValue('post_comments', 5)).toBe('5');
  });

  it('shows change values with 1 decimal and %', () => {
    expect(formatValue('change', 12.34)).toBe('12.3%');
    expect(formatValue('cpa_change', -12.34)).toBe('-12.3%');
    expect(formatValue('ctr_change', 25)).toBe('25.0%');
    expect(formatValue('frequency_change', 40.06)).toBe('40.1%');
    expect(formatValue('change_pct', 5)).toBe('5.0%');
    expect(formatValue('pct_change', 1234.56)).toBe('1,234.6%');
    expect(formatValue('change', -0.04)).toBe('0.0%');
  });

  it('passes text through and shows a dash for missing values', () => {
    expect(formatValue('spend', null)).toBe('–');
    expect(formatValue('spend', undefined)).toBe('–');
    expect(formatValue('spend', Number.NaN)).toBe('–');
    expect(formatValue('campaign', 'Spring Sale')).toBe('Spring Sale');
    expect(formatValue('currency', 'USD')).toBe('USD');
    expect(formatValue('spend', 'n/a')).toBe('n/a');
    expect(formatValue('name', 2024)).toBe('2024');
    expect(formatValue('campaign_id', 120000001)).toBe('120000001');
  });

  it('labels metrics', () => {
    expect(metricLabel('cpa')).toBe('CPA');
    expect(metricLabel('roas')).toBe('ROAS');
    expect(metricLabel('post_reactions')).toBe('Post reactions');
    expect(metricLabel('ctr_change')).toBe('CTR change');
    expect(metricLabel('spend')).toBe('Spend');
    expect(metricLabel('adset')).toBe('Ad set');
    expect(metricLabel('cost_per_lead')).toBe('Cost per lead');
  });
});

describe('chart rules (SPEC.md section 9)', () => {
  const rows = (n: number): DataRow[] =>
    Array.from({ length: n }, (_, i) => ({ campaign: `C${i}`, spend: i }));

  it('sizes and orients bar charts', () => {
    expect(chartHeight(5)).toBe(400);
    expect(chartHeight(20)).toBe(550);
    expect(chartHeight(rows(20))).toBe(550);
    expect(chartHeight(0)).toBe(400);
    expect(isHorizontal(10)).toBe(false);
    expect(isHorizontal(rows(11))).toBe(true);
    expect(BAR_SIZE).toBe(20);
  });

  it('cycles through five colours', () => {
    expect(COLORS).toHaveLength(5);
    expect(new Set(COLORS).size).toBe(5);
    expect(colorAt(0)).toBe(COLORS[0]);
    expect(colorAt(5)).toBe(COLORS[0]);
    expect(colorAt(7)).toBe(COLORS[2]);
  });

  it('tops the y axis at max × 1.1 rounded up', () => {
    expect(yAxisTop(95)).toBe(105);
    expect(yAxisTop(100)).toBe(110);
    expect(yAxisTop(1.2)).toBe(2);
    expect(yAxisTop(0)).toBe(0);
  });

  it('types a table in at 5000 ÷ characters ms, clamped to 1–10', () => {
    expect(revealInterval(100)).toBe(10);
    expect(revealInterval(500)).toBe(10);
    expect(revealInterval(1000)).toBe(5);
    expect(revealInterval(2500)).toBe(2);
    expect(revealInterval(100000)).toBe(1);
    expect(revealInterval(0)).toBe(10);
  });

  it("picks a line chart for 'chart' when the first row holds a day, else a bar chart", () => {
    expect(chartKind({ type: 'chart', data: [{ day: '2026-11-20', spend: 1 }] })).toBe('line');
    expect(chartKind({ type: 'chart', data: [{ date: '20/11', spend: 1 }] })).toBe('line');
    expect(chartKind({ type: 'chart', data: [{ date: '11/20', spend: 1 }] })).toBe('line');
    expect(chartKind({ type: 'chart', data: [{ campaign: 'Spring', spend: 1 }] })).toBe('bar');
    expect(chartKind({ type: 'chart', data: [] })).toBe('bar');
    expect(chartKind({ type: 'line_chart', data: [{ campaign: 'Spring', spend: 1 }] })).toBe('line');
    expect(chartKind({ type: 'bar_chart', data: [{ day: '2026-11-20', spend: 1 }] })).toBe('bar');
    expect(chartKind({ type: 'pie_chart', data: [] })).toBe('pie');
    expect(looksLikeDate('13/13')).toBe(false);
    expect(looksLikeDate('Q3 2026')).toBe(false);
  });

  it('finds the label and the metric columns', () => {
    expect(labelKey({ campaign: 'A', spend: 1 })).toBe('campaign');
    expect(labelKey({ spend: 1, name: 'Last 7 days' })).toBe('name');
    expect(labelKey({ day: '2026-11-20', spend: 1 })).toBe('day');
    expect(labelKey({ objective: 'SALES', spend: 1 })).toBe('objective');
    expect(
      metricKeys([
        { campaign: 'A', campaign_id: 1, spend: 10, spend_tooltip: 'x', ctr: 1.2, currency: 'USD' },
        { campaign: 'B', campaign_id: 2, spend: 5, roas: 2, ctr: null, currency: 'USD' },
      ]),
    ).toEqual(['spend', 'ctr', 'roas']);
  });

  it('unwraps the wrapped form { account_name, metric, data }', () => {
    const data = [{ campaign: 'A', spend: 10 }];
    expect(unwrap({ account_name: 'Acme', metric: 'spend', data })).toEqual({
      rows: data,
      title: 'Acme – Spend',
      metric: 'spend',
    });
    expect(unwrap([{ account_name: 'Acme', metric: 'cpa', data }])).toEqual({
      rows: data,
      title: 'Acme – CPA',
      metric: 'cpa',
    });
    expect(unwrap(data)).toEqual({ rows: data });
    expect(unwrap(undefined)).toEqual({ rows: [] });
    expect(
      unwrapAll([
        { account_name: 'Acme', metric: 'spend', data },
        { account_name: 'Beta', metric: 'spend', data },
      ]).map((chart) => chart.title),
    ).toEqual(['Acme – Spend', 'Beta – Spend']);
    expect(
      chartKind({
        type: 'chart',
        data: { account_name: 'Acme', metric: 'spend', data: [{ day: '2026-11-20', spend: 1 }] } as never,
      }),
    ).toBe('line');
  });
});

describe('markdown', () => {
  it('renders paragraphs, bold, italic, code, lists and headings', () => {
    const { container } = render(
      <Markdown
        text={
          '# Summary\n## Detail\n### Small\nSpend was **$1,234.50** and *rising* with `cpa`.\nNext line\n\n- one\n* two\n\n1. first\n2. second'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Summary' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Detail' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 5, name: 'Small' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('$1,234.50');
    expect(container.querySelector('em')?.textContent).toBe('rising');
    expect(container.querySelector('code')?.textContent).toBe('cpa');
    expect(container.querySelector('p br')).not.toBeNull();
    const lists = screen.getAllByRole('list');
    expect(lists.map((list) => list.tagName)).toEqual(['UL', 'OL']);
    expect(
      within(lists[0] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['one', 'two']);
    expect(
      within(lists[1] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['first', 'second']);
  });

  it('never interprets HTML', () => {
    const source = '<script>alert(1)</script> <b>bold?</b> <img src=x onerror=alert(1)>';
    const { container } = render(<Markdown text={source} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(source);
  });

  it('leaves lone asterisks alone', () => {
    const { container } = render(<Markdown text="2 * 3 * 4 = 24" />);
    expect(container.querySelector('em')).toBeNull();
    expect(container.textContent).toBe('2 * 3 * 4 = 24');
  });
});

const tableItem: ContentItem = {
  type: 'table',
  header: 'Campaigns by spend',
  data: [
    {
      campaign: 'Spring Sale',
      campaign_id: '120001',
      spend: 1234.5,
      spend_tooltip: 'Spend in USD',
      roas: 3.254,
      ctr_change: 12.34,
      currency: 'USD',
    },
    {
      campaign: 'Retargeting',
      campaign_id: '120002',
      spend: 50,
      spend_tooltip: 'Spend in USD',
      roas: null,
      ctr_change: -3,
      currency: 'USD',
    },
  ],
};

describe('tables', () => {
  it('hides _tooltip and id keys and formats cells', () => {
    render(<ContentRenderer item={tableItem} reveal={false} />);
    expect(screen.getByRole('heading', { name: 'Campaigns by spend' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    // One currency throughout: each money cell shows its symbol, so no Currency column is drawn.
    expect(headers).toEqual(['Campaign', 'Spend', 'ROAS', 'CTR change']);
    expect(screen.queryByText('Spend in USD')).toBeNull();
    expect(screen.queryByText('120001')).toBeNull();
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Spring Sale', '$1,234.50', '3.25x', '12.3%']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Retargeting', '$50.00', '–', '-3.0%']);
    // The hidden tooltip becomes the cell's title.
    expect(screen.getByText('$1,234.50').getAttribute('title')).toBe('Spend in USD');
    expect(screen.getByTestId('content-table').className).toContain('max-h-100');
  });

  it('types the text in, then shows it all', async () => {
    render(<ContentRenderer item={tableItem} />);
    expect(screen.queryByText('Retargeting')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    // About 100 characters at 10 ms each: done in about a second.
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false'), {
      timeout: 3000,
    });
    expect(screen.getByText('Retargeting')).toBeTruthy();
    expect(screen.getByText('-3.0%')).toBeTruthy();
    expect(screen.getByText('$50.00')).toBeTruthy();
  });

  it('shows everything at once when the user prefers reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query })),
    );
    render(<ContentRenderer item={tableItem} />);
    expect(screen.getByText('Retargeting')).toBeTruthy();
    expect(screen.getByText('-3.0%')).toBeTruthy();
  });

  it('draws a creative thumbnail at 48px, only from an https address', () => {
    render(
      <ContentRenderer
        reveal={false}
        item={{
          type: 'table',
          data: [
            { ad: 'Video A', thumbnail_url: 'https://cdn.example.com/a.jpg', ctr: 1.5 },
            { ad: 'Video B', thumbnail_url: 'javascript:alert(1)', ctr: 0.5 },
          ],
        }}
      />,
    );
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe('https://cdn.example.com/a.jpg');
    expect(images[0]?.getAttribute('width')).toBe('48');
    expect(images[0]?.getAttribute('height')).toBe('48');
    expect(screen.queryByText('javascript:alert(1)')).toBeNull();
  });

  it('shows each wrapped table with its title', () => {
    render(
      <ContentRenderer
        reveal={false}
        item={{
          type: 'table',
          data: { account_name: 'Acme', metric: 'spend', data: [{ campaign: 'A', spend: 5 }] } as never,
        }}
      />,
    );
    expect(screen.getByText('Acme – Spend')).toBeTruthy();
    expect(screen.getByText('$5.00')).toBeTruthy();
  });
});

describe('complex items', () => {
  it("render their children's headers", () => {
    render(
      <ContentRenderer
        reveal={false}
        item={{
          type: 'complex',
          data: [
            { type: 'text', header: 'Summary', content: 'Spend **rose**.' },
            { type: 'table', header: 'Spend by campaign', data: [{ campaign: 'A', spend: 10 }] },
            { type: 'complex', header: 'More', data: [{ type: 'text', header: 'Nested', content: 'Deep' }] },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Spend by campaign' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'More' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nested' })).toBeTruthy();
    expect(screen.getByText('rose').tagName).toBe('STRONG');
    expect(screen.getByText('$10.00')).toBeTruthy();
    // An untitled list adds no level, so the outline never skips one: h3 at the top, h4 under "More".
    const levels = screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);
    expect(levels).toEqual(['H3 Summary', 'H3 Spend by campaign', 'H3 More', 'H4 Nested']);
  });
});

describe('charts', () => {
  const byCampaign = (n: number): DataRow[] =>
    Array.from({ length: n }, (_, i) => ({ campaign: `Campaign ${i + 1}`, spend: 100 * (i + 1) }));

  it('shows a placeholder sized by the height rule while recharts loads, then the chart', async () => {
    // The first chart in this file: the lazy chunk is not loaded yet.
    render(<ContentRenderer item={{ type: 'bar_chart', data: byCampaign(20) }} />);
    const placeholder = screen.getByTestId('chart-placeholder');
    expect(placeholder.style.height).toBe('550px');
    await waitFor(() => expect(screen.queryByTestId('chart-placeholder')).toBeNull(), { timeout: 10_000 });
    expect(screen.getByTestId('content-chart').getAttribute('data-kind')).toBe('bar');
    expect(screen.queryByTestId('content-table')).toBeNull();
    expect(screen.getByTestId('content-chart').querySelector('.recharts-wrapper svg')).not.toBeNull();
  });

  it.each([
    ['bar_chart', byCampaign(4), 'bar'],
    ['bar_chart', byCampaign(12), 'bar'],
    [
      'chart',
      [
        { day: '2026-11-20', spend: 10 },
        { day: '2026-11-21', spend: 12 },
      ],
      'line',
    ],
    ['line_chart', [{ day: '2026-11-20', ctr: 1.1, spend: 3 }], 'line'],
    ['pie_chart', byCampaign(3), 'pie'],
  ] as const)('%s loads lazily and renders without crashing', async (type, data, kind) => {
    render(<ContentRenderer item={{ type, header: 'Spend', data: [...data] }} />);
    const figure = screen.getByTestId('content-chart');
    expect(figure.getAttribute('data-kind')).toBe(kind);
    // The placeholder shows while the recharts chunk loads, then the chart replaces it.
    await waitFor(() => expect(screen.queryByTestId('chart-placeholder')).toBeNull(), { timeout: 10_000 });
    expect(figure.querySelector('.recharts-wrapper svg')).not.toBeNull();
    expect(screen.queryByTestId('content-table')).toBeNull();
  });

  it('says so when there is nothing to chart', () => {
    render(<ContentRenderer item={{ type: 'bar_chart', data: [] }} />);
    expect(screen.getByText('No figures to chart.')).toBeTruthy();
  });
});

describe('copying', () => {
  it('copies the text and confirms', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton text="Spend was $1,234.50" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(await screen.findByText('Content copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Spend was $1,234.50');
  });

  it('says when copying fails', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton text="x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(await screen.findByText('Failed to copy content')).toBeTruthy();
  });

  it('says when there is no clipboard at all', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    render(<CopyButton text="x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(await screen.findByText('Failed to copy content')).toBeTruthy();
  });

  it('turns a message into text: headers, markdown, and tables as tab-separated figures', () => {
    const text = contentToText([
      { type: 'text', header: 'Summary', content: 'Spend **rose**.' },
      {
        type: 'complex',
        data: [tableItem, { type: 'chart', header: 'Daily spend', data: [{ day: '2026-11-20', spend: 10 }] }],
      },
    ]);
    expect(text).toBe(
      [
        'Summary',
        'Spend **rose**.',
        '',
        'Campaigns by spend',
        'Campaign\tSpend\tROAS\tCTR change\tCurrency',
        'Spring Sale\t$1,234.50\t3.25x\t12.3%\tUSD',
        'Retargeting\t$50.00\t–\t-3.0%\tUSD',
        '',
        'Daily spend',
        'Day\tSpend',
        'Fri, Nov 20\t$10.00',
      ].join('\n'),
    );
  });
});

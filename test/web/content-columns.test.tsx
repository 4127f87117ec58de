// @vitest-environment jsdom

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Column, ContentItem, DataRow } from '../../src/shared/api/answer';
import { ContentRenderer } from '../../src/web/features/chat/components/content/content-renderer';
import { contentToText } from '../../src/web/features/chat/components/content/content-text';

beforeAll(() => {
  // recharts measures its container with ResizeObserver, which jsdom lacks (the browser edge).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

const columns: Column[] = [
  { key: 'campaign', label: 'Campaign', unit: 'text' },
  { key: 'spend', label: 'Spend', unit: 'money' },
  { key: 'ctr', label: 'CTR', unit: 'percent' },
  { key: 'roas', label: 'ROAS', unit: 'multiplier' },
  { key: 'clicks', label: 'Clicks', unit: 'count' },
  { key: 'ctr_change', label: 'CTR change', unit: 'change' },
  { key: 'currency', label: 'Currency', unit: 'text' },
];

const rows: DataRow[] = [
  {
    campaign: 'Spring Sale',
    spend: 1234.5,
    ctr: 2.1534,
    roas: 3.2,
    clicks: 12345,
    ctr_change: 12.34,
    currency: 'USD',
  },
  { campaign: 'Winter', spend: 1234.5, ctr: null, roas: 0.5, clicks: 7, ctr_change: -3, currency: 'EUR' },
];

function cellsOf(row: HTMLElement): (string | null)[] {
  return within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent);
}

describe('a table that describes its columns', () => {
  it('shows each figure as the answer text does, in the row currency', () => {
    render(<ContentRenderer item={{ type: 'table', data: rows, columns }} reveal={false} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(
      columns.map((column) => column.label),
    );
    const [first, second] = screen.getAllByRole('row').slice(1) as HTMLElement[];
    expect(cellsOf(first as HTMLElement)).toEqual([
      'Spring Sale',
      '$1,234.50',
      '2.15%',
      '3.20x',
      '12,345',
      '+12.3%',
      'USD',
    ]);
    expect(cellsOf(second as HTMLElement)).toEqual([
      'Winter',
      '€1,234.50',
      '–',
      '0.50x',
      '7',
      '−3.0%',
      'EUR',
    ]);
  });

  it('leaves out a currency column that holds one currency, and keeps it in what is copied', () => {
    const one = rows.map((row) => ({ ...row, currency: 'USD' }));
    render(<ContentRenderer item={{ type: 'table', data: one, columns }} reveal={false} />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(
      columns.filter((column) => column.key !== 'currency').map((column) => column.label),
    );
    expect(cellsOf(screen.getAllByRole('row')[1] as HTMLElement)).toEqual([
      'Spring Sale',
      '$1,234.50',
      '2.15%',
      '3.20x',
      '12,345',
      '+12.3%',
    ]);
    expect(contentToText([{ type: 'table', data: one, columns }])).toContain('USD');
  });

  it('takes titles and order from the columns, not from the row keys', () => {
    const item: ContentItem = {
      type: 'table',
      data: [{ spend: 10, name: 'Total' }],
      columns: [
        { key: 'name', label: 'Account', unit: 'text' },
        { key: 'spend', label: 'Amount spent', unit: 'money' },
      ],
    };
    render(<ContentRenderer item={item} reveal={false} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Account',
      'Amount spent',
    ]);
    expect(cellsOf(screen.getAllByRole('row')[1] as HTMLElement)).toEqual(['Total', '$10.00']);
  });

  it('copies the same strings it shows', () => {
    const text = contentToText({ type: 'table', header: 'Figures', data: rows.slice(0, 1), columns });
    expect(text).toBe(
      'Figures\nCampaign\tSpend\tCTR\tROAS\tClicks\tCTR change\tCurrency\nSpring Sale\t$1,234.50\t2.15%\t3.20x\t12,345\t+12.3%\tUSD',
    );
  });

  it('falls back to guessing from the key when a saved message has no columns', () => {
    render(<ContentRenderer item={{ type: 'table', data: rows.slice(0, 1) }} reveal={false} />);
    expect(cellsOf(screen.getAllByRole('row')[1] as HTMLElement)).toEqual([
      'Spring Sale',
      '$1,234.50',
      '2.15',
      '3.20x',
      '12,345',
      '12.3%',
    ]);
  });
});

describe('a chart that describes its columns', () => {
  async function axisTexts(item: ContentItem): Promise<string[]> {
    render(<ContentRenderer item={item} />);
    await waitFor(() => expect(screen.queryByTestId('chart-placeholder')).toBeNull(), { timeout: 10_000 });
    const figure = screen.getByTestId('content-chart');
    await waitFor(() => expect(figure.querySelector('.recharts-yAxis-tick-labels text')).not.toBeNull());
    return [...figure.querySelectorAll('.recharts-yAxis-tick-labels text')].map((t) => t.textContent ?? '');
  }

  it('labels the value axis in the column unit', async () => {
    const ticks = await axisTexts({
      type: 'bar_chart',
      data: [
        { campaign: 'A', ctr: 2.15 },
        { campaign: 'B', ctr: 1 },
      ],
      columns: [
        { key: 'campaign', label: 'Campaign', unit: 'text' },
        { key: 'ctr', label: 'CTR', unit: 'percent' },
      ],
    });
    // max 2.15 × 1.1 rounded up is 3: round ticks up to there, without decimals that say nothing.
    expect(ticks).toEqual(['0%', '1%', '2%', '3%']);
  });

  it('reads money in the chart currency, since chart rows do not carry one', async () => {
    const ticks = await axisTexts({
      type: 'bar_chart',
      currency: 'EUR',
      data: [
        { campaign: 'A', spend: 100 },
        { campaign: 'B', spend: 50 },
      ],
      columns: [
        { key: 'campaign', label: 'Campaign', unit: 'text' },
        { key: 'spend', label: 'Spend', unit: 'money' },
      ],
    });
    // At least 110 (max × 1.1), on round steps, without cents.
    expect(ticks).toEqual(['€0', '€25', '€50', '€75', '€100', '€125']);
  });
});

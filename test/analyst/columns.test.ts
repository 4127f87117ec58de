import { describe, expect, it } from 'vitest';
import { chart, table } from '../../src/analyst/compose/context';
import { Evidence } from '../../src/analyst/compose/evidence';
import { metricKeys, metrics } from '../../src/analyst/metrics';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { cellText, columnsOf } from '../../src/web/features/chat/components/content/table-columns';

/** Every cell of a table as the web app shows it, keyed by column. */
function shownCells(item: ContentItem): Record<string, string>[] {
  const rows = item.data as DataRow[];
  const columns = columnsOf(rows, item.columns);
  return rows.map((row) => Object.fromEntries(columns.map((column) => [column.key, cellText(row, column)])));
}

describe('text and table read a figure the same way', () => {
  it('shows a CTR of 2.1534 as "2.15%" in the answer text and in the table cell', () => {
    const inText = new Evidence().metric(2.1534, metrics.ctr.format);
    const [inTable] = shownCells(table([{ campaign: 'Spring Sale', ctr: 2.1534 }]));
    expect(inText).toBe('2.15%');
    expect(inTable?.ctr).toBe('2.15%');
  });

  it.each(['USD', 'EUR', 'JPY', 'SEK'])('shows every metric as the text does, in %s', (currency) => {
    for (const value of [1234.5678, -0.456, 0]) {
      const row: DataRow = { name: 'Total', currency };
      for (const key of metricKeys) row[key] = value;
      const [cells] = shownCells(table([row]));
      for (const key of metricKeys) {
        const inText = new Evidence().metric(value, metrics[key].format, currency);
        expect(cells?.[key], `${key} = ${value} ${currency}`).toBe(inText);
      }
    }
  });
});

describe('table()', () => {
  it('describes every metric with the registry label and unit', () => {
    const row: DataRow = {};
    for (const [i, key] of metricKeys.entries()) row[key] = i;
    const item = table([row], 'Figures');
    expect(item.columns).toEqual(
      metricKeys.map((key) => ({ key, label: metrics[key].label, unit: metrics[key].format })),
    );
  });

  it('describes label, time, change and unknown columns in the order their keys first appear', () => {
    const item = table([
      { campaign: 'A', adset: 'B', ad: 'C', spend: 1, currency: 'USD' },
      { account: 'D', day: '2026-11-20', week: '2026-11-16', month: '2026-11', weekday: 'Monday' },
      { cpa_change: 12.5, watch_seconds: 3 },
    ]);
    expect(item.columns).toEqual([
      { key: 'campaign', label: 'Campaign', unit: 'text' },
      { key: 'adset', label: 'Ad set', unit: 'text' },
      { key: 'ad', label: 'Ad', unit: 'text' },
      { key: 'spend', label: 'Spend', unit: 'money' },
      { key: 'currency', label: 'Currency', unit: 'text' },
      { key: 'account', label: 'Account', unit: 'text' },
      { key: 'day', label: 'Day', unit: 'date' },
      { key: 'week', label: 'Week', unit: 'date' },
      { key: 'month', label: 'Month', unit: 'date' },
      { key: 'weekday', label: 'Weekday', unit: 'text' },
      { key: 'cpa_change', label: 'CPA change', unit: 'change' },
      { key: 'watch_seconds', label: 'Watch seconds', unit: 'text' },
    ]);
    const [, , changed] = shownCells(item);
    // A change reads as the answer text writes one: signed, one decimal.
    expect(changed?.cpa_change).toBe('+12.5%');
  });
});

describe('chart()', () => {
  const rows = [
    { campaign: 'A', campaign_id: '1', roas: 3.2, spend: 10, currency: 'EUR' },
    { campaign: 'B', campaign_id: '2', roas: 1.5, spend: 20, currency: 'EUR' },
  ];

  it('keeps the label and the metric, describes both, and carries the rows currency', () => {
    expect(chart('bar_chart', rows, 'campaign', 'roas', 'ROAS by campaign')).toEqual({
      type: 'bar_chart',
      header: 'ROAS by campaign',
      data: [
        { campaign: 'A', roas: 3.2 },
        { campaign: 'B', roas: 1.5 },
      ],
      columns: [
        { key: 'campaign', label: 'Campaign', unit: 'text' },
        { key: 'roas', label: 'ROAS', unit: 'multiplier' },
      ],
      currency: 'EUR',
    });
  });

  it('names no currency when the rows are in different ones', () => {
    const mixed = [rows[0], { ...rows[1], currency: 'USD' }] as typeof rows;
    expect(chart('line_chart', mixed, 'campaign', 'spend').currency).toBeUndefined();
  });
});

import type { ContentItem, DataRow } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { type MetricKey, metrics } from '../metrics';
import { objectiveWords } from '../objectives';
import type { EntityDimension } from '../query';
import { columnFor, sharedCurrency } from './columns';
import { type ComposeContext, levelLabel } from './context';
import { capitalised } from './shape';

/**
 * Each row's share of its currency's total, in percent: money in two currencies has no one total,
 * so each currency's rows make up their own whole (counts have one currency-free whole).
 */
export function levelSharesOf(rows: ResultRow[], metric: MetricKey): Map<ResultRow, number> {
  const money = metrics[metric].format === 'money';
  const keyOf = (row: ResultRow) => (money ? String(row.currency ?? '') : '');
  const wholes = new Map<string, number>();
  for (const row of rows) {
    const value = row[metric];
    if (typeof value === 'number') wholes.set(keyOf(row), (wholes.get(keyOf(row)) ?? 0) + value);
  }
  return new Map(
    rows.map((row) => {
      const value = row[metric];
      const whole = wholes.get(keyOf(row)) ?? 0;
      return [row, typeof value === 'number' && whole > 0 ? (value / whole) * 100 : 0];
    }),
  );
}

/** The table with a Share column after the figures (segments' and levels' shares alike). */
export function withShares(
  item: ContentItem,
  rows: ResultRow[],
  shares: Map<ResultRow, number>,
): ContentItem {
  const data = (item.data as DataRow[]).map((row, i) => ({
    ...row,
    share: shares.get(rows[i] as ResultRow) ?? null,
  }));
  return {
    ...item,
    data,
    columns: [
      ...(item.columns ?? []).filter((c) => c.key !== 'share'),
      { key: 'share', label: 'Share', unit: 'percent' },
    ],
  };
}

/** A pie of each row's share; only over one currency, since shares across currencies mean nothing. */
export function levelSharePie(
  rows: ResultRow[],
  level: EntityDimension,
  metric: MetricKey,
  shares: Map<ResultRow, number>,
): ContentItem | undefined {
  const currency = sharedCurrency(rows as DataRow[]);
  if (metrics[metric].format === 'money' && !currency) return undefined;
  const valued = rows.filter((row) => typeof row[metric] === 'number' && Number(row[metric]) > 0);
  if (valued.length < 2) return undefined;
  return {
    type: 'pie_chart',
    header: `Share of ${metrics[metric].label.toLowerCase()} by ${levelLabel[level].one}`,
    data: valued.map((row) => ({
      [level]: row[level] ?? null,
      [metric]: row[metric] ?? null,
      share: shares.get(row) ?? null,
    })),
    columns: [columnFor(level), columnFor(metric), { key: 'share', label: 'Share', unit: 'percent' }],
    ...(currency ? { currency } : {}),
  };
}

/** The total the shares are of, and the largest share, per currency for money in several. */
export function levelShareHeadline(
  ctx: ComposeContext,
  rows: ResultRow[],
  level: EntityDimension,
  metric: MetricKey,
  period: string,
): string {
  const money = metrics[metric].format === 'money';
  const currencies = money ? [...new Set(rows.map((row) => row.currency))] : [undefined];
  const label = metrics[metric].label;
  const many = levelLabel[level].many;
  const parts = currencies.map((currency) => {
    const group = money ? rows.filter((row) => row.currency === currency) : rows;
    const valued = group.filter((row) => typeof row[metric] === 'number');
    const values = valued.map((row) => Number(row[metric]));
    const whole = values.reduce((a, b) => a + b, 0);
    const total = ctx.evidence.sum(values, metrics[metric].format, currency);
    const top = [...valued].sort((a, b) => Number(b[metric]) - Number(a[metric]))[0];
    const lead = `${label} across the ${ctx.evidence.count(valued)} ${valued.length === 1 ? levelLabel[level].one : many}${currencies.length > 1 ? ` in ${currency}` : ''} in ${period} totals ${total}, and the shares below add up to ${ctx.evidence.constant(100, '100%', 'shares add up to the whole')} of it`;
    if (!top || whole <= 0) return `${lead}.`;
    return `${lead}. **${rowName(top, level)}** has the largest share: ${ctx.value(top, metric)} (${ctx.evidence.rate(Number(top[metric]), whole)}).`;
  });
  if (currencies.length > 1)
    parts.unshift(
      `The ${many} spend in ${currencies.length} currencies, so each ${levelLabel[level].one}'s share is of its own currency's total: shares are not worked out across currencies.`,
    );
  return parts.join('\n\n');
}

function rowName(row: ResultRow, level: EntityDimension): string {
  const name = String(row[level] ?? '');
  return level === 'objective' ? capitalised(objectiveWords(name)) : name;
}

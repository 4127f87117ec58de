import type { ContentItem, DataRow } from '../../shared/api/answer';
import { dimensions, type SegmentDimension } from '../dimensions';
import type { ResultRow } from '../executor';
import { type MetricKey, metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import { splitWords, valueWords } from '../parse/segment-plan';
import { columnFor, sharedCurrency } from './columns';
import type { ComposeContext } from './context';
import { metricWords } from './segment-words';

type SegmentPlan = Extract<Plan, { kind: 'segment' }>;

/** The row keys a segment's label sits under: a placement is its platform and its position. */
export function segmentKeys(by: readonly SegmentDimension[]): string[] {
  return by.flatMap((d) => (d === 'placement' ? ['publisher_platform', 'platform_position'] : [d]));
}

/** Rows of groups of values ("Mobile", "Reels") are labelled by name; others by their segments. */
export function labelKeys(plan: SegmentPlan, first: ResultRow | undefined): string[] {
  return first && 'name' in first ? ['name'] : segmentKeys(plan.by);
}

function humanize(code: string): string {
  const words = code.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A row's segment as text reads it: "55-64 · Men", "Instagram Stories", "United States (US)". */
export function rowWords(row: ResultRow | undefined, by: readonly SegmentDimension[]): string {
  if (!row) return '';
  if (typeof row.name === 'string') return row.name;
  return by
    .map((dimension) => {
      if (dimension === 'placement') {
        const code = `${row.publisher_platform}|${row.platform_position}`;
        return (
          dimensions.placement.valueLabels?.[code] ??
          humanize(`${row.publisher_platform} ${row.platform_position}`)
        );
      }
      return valueWords(dimension, String(row[dimension] ?? ''));
    })
    .join(' · ');
}

/** Each row's share of the whole, in percent, for a pie: the segments' own sum is the whole. */
export function sharesOf(rows: ResultRow[], metric: MetricKey): Map<ResultRow, number> {
  const whole = rows.reduce((total, row) => total + (typeof row[metric] === 'number' ? row[metric] : 0), 0);
  return new Map(
    rows.map((row) => [row, whole > 0 && typeof row[metric] === 'number' ? (row[metric] / whole) * 100 : 0]),
  );
}

/** A bar chart of the metric by segment, or for a share a pie with each segment's share. */
export function segmentChart(
  plan: SegmentPlan,
  rows: ResultRow[],
  labels: string[],
  metric: MetricKey,
  shares?: Map<ResultRow, number>,
): ContentItem {
  const data: DataRow[] = rows.map((row) => {
    const out: DataRow = {};
    for (const key of labels) out[key] = row[key] ?? null;
    out[metric] = row[metric] ?? null;
    if (shares) out.share = shares.get(row) ?? null;
    return out;
  });
  const currency = sharedCurrency(rows as DataRow[]);
  return {
    type: shares ? 'pie_chart' : 'bar_chart',
    header: shares
      ? `Share of ${metrics[metric].label.toLowerCase()} by ${splitWords(plan.by)}`
      : // The table above is "<metric> by <split>": the chart says what it compares, not the same title.
        `${metrics[metric].label} compared across ${splitWords(plan.by, true)}`,
    data,
    columns: [
      ...labels.map(columnFor),
      columnFor(metric),
      ...(shares ? [{ key: 'share', label: 'Share', unit: 'percent' as const }] : []),
    ],
    ...(currency ? { currency } : {}),
  };
}

/** Values side by side: which side does better on the metric asked, then each side's figures. */
export function sideWords(
  ctx: ComposeContext,
  plan: SegmentPlan,
  rows: ResultRow[],
  shown: MetricKey[],
): string {
  const lead = plan.metric;
  const label = metrics[lead].label;
  const name = (row: ResultRow) => rowWords(row, plan.by);
  const period = ctx.period(plan.range);
  const figures = (row: ResultRow) =>
    shown.map((key) => `${metrics[key].label} ${ctx.value(row, key)}`).join(', ');
  if ((plan.sides?.length ?? 0) < 2) {
    const row = rows[0];
    const side = row ? name(row) : (plan.sides?.[0]?.label ?? '');
    return row && shown.some((key) => typeof row[key] === 'number')
      ? `**${side}** in ${period}: ${figures(row)}.`
      : `**${side}** has no rows in ${period}.`;
  }
  const lines = rows.map((row) =>
    typeof row[lead] === 'number' || shown.some((key) => typeof row[key] === 'number')
      ? `- **${name(row)}**: ${figures(row)}`
      : `- **${name(row)}**: no rows in this period`,
  );
  const ranked = rows.filter((row) => typeof row[lead] === 'number');
  const better = metrics[lead].better === 'lower' ? -1 : 1;
  ranked.sort((a, b) => better * ((b[lead] as number) - (a[lead] as number)));
  const [winner, runnerUp] = ranked;
  const word = metrics[lead].better === 'lower' ? 'Lower' : 'Higher';
  const verdict =
    winner && runnerUp && winner[lead] !== runnerUp[lead]
      ? ` ${word} ${metricWords(lead)}: **${name(winner)}**, at ${ctx.value(winner, lead)} against ${ctx.value(runnerUp, lead)} for **${name(runnerUp)}**.`
      : '';
  return `${label} side by side in ${period}:${verdict}\n${lines.join('\n')}`;
}

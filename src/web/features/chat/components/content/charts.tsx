/**
 * The recharts charts. Loaded lazily by chart-block.tsx, so recharts stays out of the initial
 * bundle. Bar charts past 10 rows lie on their side, bars are 20px, colours cycle through five, the
 * height is max(400, 25 per row + 50) and the value axis tops out at max × 1.1 rounded up. Ticks
 * and tooltips format through the same cell formatter as tables.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Column, DataRow } from '../../../../../shared/api/answer';
import {
  BAR_SIZE,
  type ChartData,
  type ChartKind,
  chartHeight,
  colorAt,
  dateKey,
  isHorizontal,
  MIN_CHART_HEIGHT,
  metricKeys,
  yAxisTop,
} from '../../lib/chart-rules';
import { formatCell } from '../../lib/format';
import { periodText, rowLabel } from '../../lib/row-labels';
import { keyed } from './keyed';
import { cellText, columnsOf } from './table-columns';

// Axis text and grid take the figure's text colour, so they follow the light or dark theme.
const AXIS_TICK = { fontSize: 12, fill: 'currentColor' };
const GRID = { strokeDasharray: '3 3', stroke: 'currentColor', strokeOpacity: 0.2 };
const TOOLTIP_STYLE = {
  backgroundColor: 'var(--chart-tooltip-bg)',
  borderColor: 'var(--chart-tooltip-border)',
  color: 'var(--chart-tooltip-text)',
};
const MAX_CATEGORY_CHARS = 18;
// Each row's label in words and a slice's share of the pie, under keys no answer uses.
const LABEL = '__label';
const SHARE = '__share';
/** A pie's optional column holding each slice's share of the total, in percent. */
const SHARE_KEY = 'share';

function shorten(value: unknown): string {
  const text = String(value ?? '');
  return text.length > MAX_CATEGORY_CHARS ? `${text.slice(0, MAX_CATEGORY_CHARS - 1)}…` : text;
}

/** The one currency all rows share, if they say; money ticks then read in it. */
function sharedCurrency(rows: readonly DataRow[]): string | undefined {
  const codes = new Set(rows.map((row) => row.currency).filter((code) => typeof code === 'string'));
  return codes.size === 1 ? (codes.values().next().value as string) : undefined;
}

/**
 * Each slice with its percent of the whole: the answer's own `share` when it gives one, so the
 * pie reads as its text does, else the slice's part of the slices' total.
 */
function withShares<Row extends DataRow>(slices: Row[], metric: string): (Row & { [SHARE]: number })[] {
  const total = slices.reduce((sum, row) => sum + (row[metric] as number), 0);
  return slices.map((row) => {
    const given = row[SHARE_KEY];
    const share =
      typeof given === 'number' && Number.isFinite(given) ? given : ((row[metric] as number) / total) * 100;
    return { ...row, [SHARE]: share };
  });
}

/** [bottom, top] for the value axis: 0 up to yAxisTop(max), reaching below 0 only for negatives. */
function valueDomain(rows: readonly DataRow[], keys: readonly string[]): [number, number] {
  const values = rows.flatMap((row) => keys.map((key) => row[key])).filter((v) => typeof v === 'number');
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const top = yAxisTop(max) || (min < 0 ? 0 : 1);
  return [min < 0 ? -yAxisTop(-min) : 0, top];
}

/** What names a row on the category axis, legend and tooltip: a line's period, else the row's label. */
function categoryText(row: DataRow, kind: ChartKind): string {
  if (kind !== 'line') return rowLabel(row);
  const date = dateKey(row);
  return periodText(row) ?? (date ? String(row[date]) : rowLabel(row));
}

export function ContentChart({
  kind,
  chart,
  columns: described,
  currency: given,
}: {
  kind: ChartKind;
  chart: ChartData;
  columns?: readonly Column[] | undefined;
  currency?: string | undefined;
}) {
  const rows: DataRow[] = chart.rows.map((row) => ({ ...row, [LABEL]: categoryText(row, kind) }));
  // A pie's share column explains its slices; it is not a second series.
  const all = metricKeys(chart.rows).filter((key) => kind !== 'pie' || key !== SHARE_KEY);
  const keys = chart.metric && all.includes(chart.metric) ? [chart.metric] : all;
  const primary = keys[0];
  if (!primary || rows.length === 0) return <p className="text-sm text-slate-500">No figures to chart.</p>;
  const currency = given ?? sharedCurrency(chart.rows);
  const columns = columnsOf(chart.rows, described);
  const columnOf = (key: unknown) => columns.find((column) => column.key === String(key ?? primary));
  // A figure reads as a table cell of its column would: a row holding just that value.
  const format = (key: unknown, value: unknown) => {
    const column = columnOf(key);
    if (!column) return String(value ?? '');
    return cellText({ [column.key]: value as DataRow[string] }, column, currency);
  };
  const title = (key: unknown) => columnOf(key)?.label ?? String(key ?? '');
  const tooltip = (
    <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value, name) => [format(name, value), title(name)]} />
  );
  const legend = keys.length > 1 ? <Legend formatter={(value) => title(value)} /> : null;
  const tickFormatter = (value: unknown) => format(primary, value);

  if (kind === 'pie') {
    const slices = withShares(
      rows.filter((row) => typeof row[primary] === 'number' && (row[primary] as number) > 0),
      primary,
    );
    const shareText = (slice: DataRow | undefined) => formatCell(slice?.[SHARE], 'percent');
    return (
      <PieChart responsive style={{ width: '100%', height: MIN_CHART_HEIGHT }}>
        <Pie
          data={slices}
          dataKey={primary}
          nameKey={LABEL}
          outerRadius="65%"
          isAnimationActive={false}
          label={({ index }) => `${shorten(slices[index]?.[LABEL])} ${shareText(slices[index])}`}
        >
          {keyed(slices, 'slice').map(({ key, index }) => (
            <Cell key={key} fill={colorAt(index)} />
          ))}
        </Pie>
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          // The hovered slice's own row rides along as the item's payload.
          formatter={(value, name, item) => [
            `${format(primary, value)} (${shareText(item.payload as DataRow | undefined)})`,
            String(name ?? ''),
          ]}
        />
        {/* Slices in the answer's order (largest first), not sorted by name. */}
        <Legend itemSorter={null} />
      </PieChart>
    );
  }

  const domain = valueDomain(rows, keys);
  if (kind === 'line') {
    return (
      <LineChart
        responsive
        data={rows}
        style={{ width: '100%', height: MIN_CHART_HEIGHT }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid {...GRID} />
        <XAxis dataKey={LABEL} tick={AXIS_TICK} minTickGap={16} />
        <YAxis domain={domain} tick={AXIS_TICK} tickFormatter={tickFormatter} width={80} />
        {tooltip}
        {legend}
        {keys.map((key, index) => (
          <Line
            key={key}
            type="monotone"
            dataKey={key}
            name={key}
            stroke={colorAt(index)}
            strokeWidth={2}
            dot={rows.length <= 31}
          />
        ))}
      </LineChart>
    );
  }

  const horizontal = isHorizontal(rows);
  return (
    <BarChart
      responsive
      data={rows}
      layout={horizontal ? 'vertical' : 'horizontal'}
      style={{ width: '100%', height: chartHeight(rows) }}
      margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
    >
      <CartesianGrid {...GRID} />
      {horizontal ? (
        <XAxis type="number" domain={domain} tick={AXIS_TICK} tickFormatter={tickFormatter} />
      ) : (
        <XAxis dataKey={LABEL} tick={AXIS_TICK} tickFormatter={shorten} interval={0} />
      )}
      {horizontal ? (
        <YAxis type="category" dataKey={LABEL} tick={AXIS_TICK} tickFormatter={shorten} width={140} />
      ) : (
        <YAxis type="number" domain={domain} tick={AXIS_TICK} tickFormatter={tickFormatter} width={80} />
      )}
      {tooltip}
      {legend}
      {keys.map((key, index) => (
        <Bar key={key} dataKey={key} name={key} barSize={BAR_SIZE} fill={colorAt(index)}>
          {keys.length === 1
            ? keyed(rows, 'bar').map(({ key: cellKey, index: rowIndex }) => (
                <Cell key={cellKey} fill={colorAt(rowIndex)} />
              ))
            : null}
        </Bar>
      ))}
    </BarChart>
  );
}

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
  labelKey,
  MIN_CHART_HEIGHT,
  metricKeys,
  yAxisTop,
} from '../../lib/chart-rules';
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

function shorten(value: unknown): string {
  const text = String(value ?? '');
  return text.length > MAX_CATEGORY_CHARS ? `${text.slice(0, MAX_CATEGORY_CHARS - 1)}…` : text;
}

/** The one currency all rows share, if they say; money ticks then read in it. */
function sharedCurrency(rows: readonly DataRow[]): string | undefined {
  const codes = new Set(rows.map((row) => row.currency).filter((code) => typeof code === 'string'));
  return codes.size === 1 ? (codes.values().next().value as string) : undefined;
}

/** [bottom, top] for the value axis: 0 up to yAxisTop(max), reaching below 0 only for negatives. */
function valueDomain(rows: readonly DataRow[], keys: readonly string[]): [number, number] {
  const values = rows.flatMap((row) => keys.map((key) => row[key])).filter((v) => typeof v === 'number');
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const top = yAxisTop(max) || (min < 0 ? 0 : 1);
  return [min < 0 ? -yAxisTop(-min) : 0, top];
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
  const rows = chart.rows;
  const first = rows[0];
  const label = (kind === 'line' ? dateKey(first) : undefined) ?? labelKey(first) ?? 'name';
  const all = metricKeys(rows).filter((key) => key !== label);
  const keys = chart.metric && all.includes(chart.metric) ? [chart.metric] : all;
  const primary = keys[0];
  if (!primary || rows.length === 0) return <p className="text-sm text-slate-500">No figures to chart.</p>;
  const currency = given ?? sharedCurrency(rows);
  const columns = columnsOf(rows, described);
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
    const slices = rows.filter((row) => typeof row[primary] === 'number' && (row[primary] as number) > 0);
    return (
      <PieChart responsive style={{ width: '100%', height: MIN_CHART_HEIGHT }}>
        <Pie data={slices} dataKey={primary} nameKey={label} outerRadius="75%" isAnimationActive={false}>
          {keyed(slices, 'slice').map(({ key, index }) => (
            <Cell key={key} fill={colorAt(index)} />
          ))}
        </Pie>
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          formatter={(value, name) => [format(primary, value), String(name ?? '')]}
        />
        <Legend />
      </PieChart>
    );
  }

  const domain = valueDomain(rows, keys);
  if (kind === 'line') {
    return (
      <LineChart
        responsive
        data={rows as DataRow[]}
        style={{ width: '100%', height: MIN_CHART_HEIGHT }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid {...GRID} />
        <XAxis dataKey={label} tick={AXIS_TICK} minTickGap={16} />
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
      data={rows as DataRow[]}
      layout={horizontal ? 'vertical' : 'horizontal'}
      style={{ width: '100%', height: chartHeight(rows) }}
      margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
    >
      <CartesianGrid {...GRID} />
      {horizontal ? (
        <XAxis type="number" domain={domain} tick={AXIS_TICK} tickFormatter={tickFormatter} />
      ) : (
        <XAxis dataKey={label} tick={AXIS_TICK} tickFormatter={shorten} interval={0} />
      )}
      {horizontal ? (
        <YAxis type="category" dataKey={label} tick={AXIS_TICK} tickFormatter={shorten} width={140} />
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

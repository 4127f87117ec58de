/**
 * The recharts charts. Loaded lazily by chart-block.tsx, so recharts stays out of the initial
 * bundle. Bars stand up only when there are at most 10 and their labels fit under them in full;
 * otherwise they lie on their side with labels cut to a column (full names in the tooltip). Bars
 * are 20px, colours cycle through five, a bar chart is max(400, 25 per row + 50) tall, and the
 * value axis runs to at least max × 1.1 rounded up, on round ticks.
 */
import { useRef } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { Column, DataRow } from '../../../../../shared/api/answer';
import {
  barLayout,
  horizontalPlotWidth,
  tickCountFor,
  truncateLabel,
  usableWidth,
  valueAxis,
  valueAxisWidth,
} from '../../lib/chart-layout';
import {
  BAR_SIZE,
  type ChartData,
  type ChartKind,
  chartHeight,
  colorAt,
  MIN_CHART_HEIGHT,
  metricKeys,
} from '../../lib/chart-rules';
import { useElementWidth } from '../../lib/use-element-width';
import { ChartLegend } from './chart-legend';
import { type ChartRow, chartRows, extent, FULL, LABEL } from './chart-rows';
import { type Series, seriesOf, sharedCurrency } from './chart-series';
import { ChartTooltipCard } from './chart-tooltip';
import { DonutChart } from './donut-chart';
import { keyed } from './keyed';

// Axis text and grid take the figure's text colour, so they follow the light or dark theme.
const AXIS_TICK = { fontSize: 12, fill: 'currentColor' };
const GRID = { strokeDasharray: '3 3', stroke: 'currentColor', strokeOpacity: 0.2 };
const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
/** The value axis's length in a bar or line chart: the chart less the category axis and margins. */
const PLOT_INSET = 60;
/** Below this card width a tooltip beside the pointer would run out of the card. */
const NARROW = 480;
/** A share column explains a pie's slices; it is not a series. */
const SHARE_KEY = 'share';

/** The app's tooltip for the hovered row: its full name, then every series' figure in full. */
function rowTooltip(series: Series, colorOf: (row: ChartRow, key: string, index: number) => string) {
  return ({ active, payload }: TooltipContentProps) => {
    const row = payload?.[0]?.payload as ChartRow | undefined;
    if (!active || !row) return null;
    const lines = (payload ?? []).map((item, index) => {
      const key = String(item.dataKey ?? '');
      return {
        key,
        color: colorOf(row, key, index),
        name: series.title(key),
        value: series.full(key, item.value),
      };
    });
    return <ChartTooltipCard title={row[FULL]} lines={lines} />;
  };
}

/**
 * A category label on one line, cut to fit: recharts would wrap a long name onto lines that
 * collide with the next bar's.
 */
function categoryTick(cut: (value: unknown) => string, side: 'left' | 'bottom') {
  return ({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) => (
    <text
      x={x}
      y={y}
      dy={side === 'left' ? '0.355em' : '0.71em'}
      textAnchor={side === 'left' ? 'end' : 'middle'}
      fontSize={AXIS_TICK.fontSize}
      fill="currentColor"
    >
      {cut(payload?.value)}
    </text>
  );
}

function SeriesLegend({ keys, series }: { keys: readonly string[]; series: Series }) {
  if (keys.length < 2) return null;
  const entries = keys.map((key, index) => ({ key, color: colorAt(index), name: series.title(key) }));
  return <ChartLegend entries={entries} label="Series" />;
}

interface ChartProps {
  rows: ChartRow[];
  keys: string[];
  series: Series;
  width: number;
}

function ContentBarChart({ rows, keys, series, width }: ChartProps) {
  const [primary] = keys as [string];
  const layout = barLayout(
    rows.map((row) => row[LABEL]),
    width,
  );
  const height = chartHeight(rows);
  const [min, max] = extent(rows, keys);
  const axis = valueAxis(
    min,
    max,
    layout.horizontal
      ? tickCountFor(horizontalPlotWidth(layout, width))
      : tickCountFor(height - PLOT_INSET, 50),
  );
  const tick = (value: number) => series.tick(primary, value);
  const cut = (value: unknown) => truncateLabel(String(value ?? ''), layout.labelChars);
  // One series: each bar its own colour; several: each series its own.
  const single = keys.length === 1;
  const value = { type: 'number' as const, domain: axis.domain, ticks: axis.ticks, interval: 0 as const };
  return (
    <div data-orientation={layout.horizontal ? 'horizontal' : 'vertical'}>
      <BarChart
        responsive
        data={rows}
        layout={layout.horizontal ? 'vertical' : 'horizontal'}
        style={{ width: '100%', height }}
        margin={MARGIN}
      >
        <CartesianGrid {...GRID} vertical={layout.horizontal} horizontal={!layout.horizontal} />
        {layout.horizontal ? (
          <XAxis {...value} tick={AXIS_TICK} tickFormatter={tick} />
        ) : (
          <XAxis dataKey={LABEL} tick={categoryTick(cut, 'bottom')} interval={0} />
        )}
        {layout.horizontal ? (
          <YAxis
            type="category"
            dataKey={LABEL}
            tick={categoryTick(cut, 'left')}
            width={layout.categoryWidth}
            interval={0}
          />
        ) : (
          <YAxis
            {...value}
            tick={AXIS_TICK}
            tickFormatter={tick}
            width={valueAxisWidth(axis.ticks.map(tick))}
          />
        )}
        <Tooltip
          // A phone-wide plot is narrower than the card: it opens from the chart's left edge instead.
          {...(usableWidth(width) < NARROW ? { position: { x: 0 } } : {})}
          cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
          content={rowTooltip(series, (row, _key, index) => (single ? row.__color : colorAt(index)))}
        />
        {keys.map((key, index) => (
          <Bar
            key={key}
            dataKey={key}
            name={key}
            barSize={BAR_SIZE}
            fill={colorAt(index)}
            isAnimationActive={false}
          >
            {single
              ? keyed(rows, 'bar').map(({ key: cellKey, item }) => <Cell key={cellKey} fill={item.__color} />)
              : null}
          </Bar>
        ))}
      </BarChart>
      <SeriesLegend keys={keys} series={series} />
    </div>
  );
}

function ContentLineChart({ rows, keys, series }: ChartProps) {
  const [primary] = keys as [string];
  const [min, max] = extent(rows, keys);
  const axis = valueAxis(min, max, tickCountFor(MIN_CHART_HEIGHT - PLOT_INSET, 50));
  const tick = (value: number) => series.tick(primary, value);
  return (
    <>
      <LineChart responsive data={rows} style={{ width: '100%', height: MIN_CHART_HEIGHT }} margin={MARGIN}>
        <CartesianGrid {...GRID} vertical={false} />
        <XAxis dataKey={LABEL} tick={AXIS_TICK} minTickGap={16} interval="preserveStartEnd" />
        <YAxis
          domain={axis.domain}
          ticks={axis.ticks}
          interval={0}
          tick={AXIS_TICK}
          tickFormatter={tick}
          width={valueAxisWidth(axis.ticks.map(tick))}
        />
        <Tooltip
          cursor={{ stroke: 'currentColor', strokeOpacity: 0.3 }}
          content={rowTooltip(series, (_row, _key, index) => colorAt(index))}
        />
        {keys.map((key, index) => (
          <Line
            key={key}
            type="monotone"
            dataKey={key}
            name={key}
            stroke={colorAt(index)}
            strokeWidth={2}
            dot={rows.length <= 31}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      <SeriesLegend keys={keys} series={series} />
    </>
  );
}

export function ContentChart({
  kind,
  chart,
  columns,
  currency: given,
}: {
  kind: ChartKind;
  chart: ChartData;
  columns?: readonly Column[] | undefined;
  currency?: string | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const rows = chartRows(chart.rows, kind);
  const all = metricKeys(chart.rows).filter((key) => kind !== 'pie' || key !== SHARE_KEY);
  const keys = chart.metric && all.includes(chart.metric) ? [chart.metric] : all;
  const series = seriesOf(chart.rows, columns, given ?? sharedCurrency(chart.rows as DataRow[]));
  let body: React.ReactNode;
  if (keys.length === 0 || rows.length === 0) {
    body = <p className="text-sm text-slate-500 dark:text-slate-400">No figures to chart.</p>;
  } else if (kind === 'pie') {
    body = <DonutChart rows={rows} metric={keys[0] as string} series={series} />;
  } else if (kind === 'line') {
    body = <ContentLineChart rows={rows} keys={keys} series={series} width={width} />;
  } else {
    body = <ContentBarChart rows={rows} keys={keys} series={series} width={width} />;
  }
  return (
    <div ref={box} className="w-full min-w-0">
      {body}
    </div>
  );
}

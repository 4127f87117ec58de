import { Cell, Pie, PieChart, Tooltip, type TooltipContentProps } from 'recharts';
import { DONUT_HEIGHT } from '../../lib/chart-rules';
import { formatCell } from '../../lib/format';
import { ChartLegend } from './chart-legend';
import { type ChartRow, FULL, LABEL } from './chart-rows';
import type { Series } from './chart-series';
import { ChartTooltipCard } from './chart-tooltip';
import { keyed } from './keyed';

const SHARE = '__share';
/** A pie's optional column holding each slice's share of the total, in percent. */
const SHARE_KEY = 'share';

type Slice = ChartRow & { [SHARE]: number };

/**
 * Each slice with its percent of the whole: the answer's own `share` when it gives one, so the
 * chart reads as its text does, else the slice's part of the slices' total.
 */
function withShares(slices: ChartRow[], metric: string, total: number): Slice[] {
  return slices.map((row) => {
    const given = row[SHARE_KEY];
    const share =
      typeof given === 'number' && Number.isFinite(given) ? given : ((row[metric] as number) / total) * 100;
    return { ...row, [SHARE]: share };
  });
}

/**
 * A share of the total as a ring: the total in its middle, and below it a legend naming every
 * slice in full with its percent (labels around a pie do not fit a phone).
 */
export function DonutChart({ rows, metric, series }: { rows: ChartRow[]; metric: string; series: Series }) {
  const positive = rows.filter((row) => typeof row[metric] === 'number' && (row[metric] as number) > 0);
  const total = positive.reduce((sum, row) => sum + (row[metric] as number), 0);
  const slices = withShares(positive, metric, total);
  if (slices.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No figures to chart.</p>;
  const shareText = (slice: Slice) => formatCell(slice[SHARE], 'percent');
  const tooltip = ({ active, payload }: TooltipContentProps) => {
    const slice = payload?.[0]?.payload as Slice | undefined;
    if (!active || !slice) return null;
    const value = `${series.full(metric, slice[metric])} (${shareText(slice)})`;
    return (
      <ChartTooltipCard
        title={slice[FULL]}
        lines={[{ key: metric, color: slice.__color, name: series.title(metric), value }]}
      />
    );
  };
  return (
    <>
      <div className="relative">
        <PieChart responsive style={{ width: '100%', height: DONUT_HEIGHT }}>
          <Pie
            data={slices}
            dataKey={metric}
            nameKey={LABEL}
            innerRadius="60%"
            outerRadius="95%"
            paddingAngle={slices.length > 1 ? 1 : 0}
            isAnimationActive={false}
          >
            {keyed(slices, 'slice').map(({ key, item }) => (
              <Cell key={key} fill={item.__color} className="stroke-white dark:stroke-slate-900" />
            ))}
          </Pie>
          <Tooltip content={tooltip} />
        </PieChart>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-xs text-slate-600 dark:text-slate-400">Total</span>
          <span className="text-sm font-semibold text-slate-900 tabular-nums dark:text-slate-100">
            {series.full(metric, total)}
          </span>
        </div>
      </div>
      {/* Slices in the answer's order (largest first), each with its share. */}
      <ChartLegend
        list
        label="Slices"
        entries={keyed(slices, 'legend').map(({ key, item }) => ({
          key,
          color: item.__color,
          name: item[FULL],
          detail: shareText(item),
        }))}
      />
    </>
  );
}

import { Component, lazy, type ReactNode, Suspense } from 'react';
import type { ContentItem } from '../../../../../shared/api/answer';
import { chartHeight, chartKind, DONUT_HEIGHT, MIN_CHART_HEIGHT, unwrapAll } from '../../lib/chart-rules';
import { DataTable } from './data-table';
import { keyed } from './keyed';

// recharts is big: it loads with the first chart, not with the app.
const ContentChart = lazy(() => import('./charts').then((module) => ({ default: module.ContentChart })));

export function ChartPlaceholder({ height }: { height: number }) {
  return (
    <div
      data-testid="chart-placeholder"
      className="animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
      style={{ height }}
    >
      <span className="sr-only">Loading chart…</span>
    </div>
  );
}

/** If the chart code cannot load (offline, a new deploy), the figures still show as a table. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function ChartBlock({ item, reveal = true }: { item: ContentItem; reveal?: boolean }) {
  const kind = chartKind(item);
  const charts = unwrapAll(item.data).filter((chart) => chart.rows.length > 0);
  if (charts.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No figures to chart.</p>;
  return (
    <div className="space-y-4">
      {keyed(charts, 'chart').map(({ key, item: chart }) => {
        const height =
          kind === 'bar' ? chartHeight(chart.rows) : kind === 'pie' ? DONUT_HEIGHT : MIN_CHART_HEIGHT;
        return (
          <figure
            key={key}
            data-testid="content-chart"
            data-kind={kind}
            className="w-full min-w-0 text-slate-600 dark:text-slate-400"
          >
            {chart.title ? (
              <figcaption className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
                {chart.title}
              </figcaption>
            ) : null}
            <ChartBoundary
              fallback={
                <DataTable
                  rows={chart.rows}
                  columns={item.columns}
                  currency={item.currency}
                  reveal={reveal}
                />
              }
            >
              <Suspense fallback={<ChartPlaceholder height={height} />}>
                <ContentChart kind={kind} chart={chart} columns={item.columns} currency={item.currency} />
              </Suspense>
            </ChartBoundary>
          </figure>
        );
      })}
    </div>
  );
}

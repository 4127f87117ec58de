/** One legend entry: a series (or a pie's slice) with its colour and, for slices, its share. */
export interface LegendEntry {
  key: string;
  color: string;
  name: string;
  detail?: string;
}

/**
 * A legend in plain HTML, so long names wrap inside the card on a phone instead of running out of
 * the chart's drawing.
 */
export function ChartLegend({
  entries,
  label,
  list = false,
}: {
  entries: readonly LegendEntry[];
  label: string;
  /** One entry a line with its detail on the right (a pie's slices), instead of side by side. */
  list?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      data-testid="chart-legend"
      className={`mt-2 text-sm text-slate-700 dark:text-slate-300 ${
        list ? 'mx-auto grid max-w-xs gap-1' : 'flex flex-wrap justify-center gap-x-4 gap-y-1'
      }`}
    >
      {entries.map((entry) => (
        <li key={entry.key} className="flex min-w-0 max-w-full items-center gap-2">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: entry.color }}
          />
          <span data-testid="chart-legend-name" className="min-w-0 break-words">
            {entry.name}
          </span>
          {entry.detail ? (
            <span
              data-testid="chart-legend-detail"
              className="ml-auto pl-2 font-medium text-slate-900 tabular-nums dark:text-slate-100"
            >
              {entry.detail}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

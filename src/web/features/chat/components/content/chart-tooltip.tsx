/** One figure in a chart tooltip: its series' colour and name, and the value in full. */
export interface TooltipLine {
  key: string;
  color: string;
  name: string;
  value: string;
}

/**
 * The app's own tooltip card: the hovered row's full name in bold (an axis may show it cut), then
 * each series as "● Spend  $776.29". Narrow enough to fit beside the pointer in a phone-wide chart.
 */
export function ChartTooltipCard({ title, lines }: { title: string; lines: readonly TooltipLine[] }) {
  return (
    <div
      data-testid="chart-tooltip"
      className="max-w-60 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="mb-1 font-semibold break-words">{title}</p>
      <ul className="space-y-1">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-2 shrink-0 rounded-full"
              style={{ backgroundColor: line.color }}
            />
            <span className="text-slate-600 dark:text-slate-300">{line.name}</span>
            <span className="ml-auto pl-4 font-medium tabular-nums">{line.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Small number helpers for the benchmark's report. */

/** The q-quantile (0..1) by linear interpolation between closest ranks, as numpy's default. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const a = sorted[lower] as number;
  const b = sorted[upper] as number;
  return a + (b - a) * (position - lower);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export const max = (values: readonly number[]): number => (values.length ? Math.max(...values) : Number.NaN);

export const min = (values: readonly number[]): number => (values.length ? Math.min(...values) : Number.NaN);

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 182,500 */
export const count = (value: number): string => grouped.format(value);

/** 12.3 ms below 100 ms, 123 ms above. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
}

export function seconds(valueMs: number): string {
  return `${(valueMs / 1000).toFixed(2)} s`;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Pads each column to its widest cell; numbers (and "ms" figures) are right-aligned. */
export function table(rows: readonly (readonly string[])[], rightAligned: readonly number[] = []): string {
  const widths: number[] = [];
  for (const row of rows)
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  return rows
    .map((row) =>
      row
        .map((cell, i) =>
          rightAligned.includes(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

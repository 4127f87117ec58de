import { median, quantile } from './stats';

/** median, p95 and min–max of one figure, formatted for a table row. */
export function spread(figures: number[], format: (value: number) => string): string[] {
  return [
    format(median(figures)),
    format(quantile(figures, 0.95)),
    `${format(Math.min(...figures))} – ${format(Math.max(...figures))}`,
  ];
}

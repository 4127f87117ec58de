import { HORIZONTAL_AFTER, yAxisTop } from './chart-rules';

/**
 * How a chart fits its card: which way bars lie, how much room their labels get and which values
 * the value axis marks. Pure, so the rules are tested without a browser; the chart components only
 * measure their container and follow what these return.
 */

/** Axis text is 12px; one character of it is at most about this wide (a little generous, so labels fit). */
export const CHAR_WIDTH = 7;
/** The width assumed before the card has been measured (an answer card on a laptop). */
export const DEFAULT_WIDTH = 640;
/** Room between neighbouring labels, so two never touch. */
const LABEL_GAP = 8;
/** The chart's own left and right margins. */
const SIDE_MARGINS = 24;
/** Value-axis width in a vertical bar chart, as estimated before its ticks are formatted. */
const VALUE_AXIS_ESTIMATE = 56;
/** Room each value tick needs along a horizontal value axis ('$1.25M' and a gap). */
const TICK_SPACING = 64;

export interface BarLayout {
  /** Bars lie on their side, labels down the left. */
  horizontal: boolean;
  /** Horizontal bars: the width of the label column, in px. */
  categoryWidth: number;
  /** Characters a category label keeps before it is cut with an ellipsis. */
  labelChars: number;
}

/** 'Spring Sale – Prospecting' cut to 10 → 'Spring Sa…': never longer than `max` characters. */
export function truncateLabel(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  if (max <= 1) return '…';
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

const longest = (labels: readonly string[]) =>
  labels.reduce((most, label) => Math.max(most, Array.from(label).length), 0);

/** The card's width as measured, or a laptop's when it is not known yet. */
export function usableWidth(width: number): number {
  return Number.isFinite(width) && width > 0 ? width : DEFAULT_WIDTH;
}

/**
 * Bars stand up only when there are at most 10 and every label fits under its own bar in full;
 * otherwise (many bars, long names, a phone) they lie on their side with a label column of up to
 * about 40% of the card, and labels longer than that column are cut with an ellipsis.
 */
export function barLayout(labels: readonly string[], width: number): BarLayout {
  const card = usableWidth(width);
  const chars = longest(labels);
  if (labels.length > 0 && labels.length <= HORIZONTAL_AFTER) {
    const slot = (card - SIDE_MARGINS - VALUE_AXIS_ESTIMATE) / labels.length;
    if (chars * CHAR_WIDTH + LABEL_GAP <= slot) {
      return { horizontal: false, categoryWidth: 0, labelChars: Math.max(chars, 1) };
    }
  }
  const share = card < 500 ? 0.42 : 0.35;
  const room = Math.floor(card * share);
  const categoryWidth = Math.max(48, Math.min(chars * CHAR_WIDTH + 2 * LABEL_GAP, room));
  const labelChars = Math.max(3, Math.floor((categoryWidth - 2 * LABEL_GAP) / CHAR_WIDTH));
  return { horizontal: true, categoryWidth, labelChars };
}

/** How many value ticks fit along an axis of this length without crowding. */
export function tickCountFor(length: number, spacing = TICK_SPACING): number {
  if (!Number.isFinite(length) || length <= 0) return 5;
  return Math.max(3, Math.min(6, Math.floor(length / spacing) + 1));
}

/** The plot's width once the label column and margins are taken: where a horizontal value axis runs. */
export function horizontalPlotWidth(layout: BarLayout, width: number): number {
  return usableWidth(width) - SIDE_MARGINS - layout.categoryWidth;
}

const clean = (value: number) => Number(value.toPrecision(12));

/** The round step (1, 2, 2.5 or 5 times a power of ten) at or above `rough`. */
export function niceStep(rough: number): number {
  if (!Number.isFinite(rough) || rough <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / power;
  const factor = [1, 2, 2.5, 5, 10].find((f) => residual <= f + 1e-9) ?? 10;
  return clean(factor * power);
}

export interface ValueAxis {
  domain: [number, number];
  ticks: number[];
}

/**
 * The value axis: from 0 (or below, for negatives) to at least the max × 1.1 rounded up, ending on
 * a round number, with evenly spaced round ticks (at most `maxTicks`) so the top tick never sits
 * close to the one below. Of the spacings that fit, the one whose top wastes least room wins (with
 * more ticks on a tie).
 */
export function valueAxis(min: number, max: number, maxTicks = 5): ValueAxis {
  const top = yAxisTop(max) || (min < 0 ? 0 : 1);
  const bottom = min < 0 ? -yAxisTop(-min) : 0;
  let best: ValueAxis | undefined;
  for (let intervals = Math.max(2, maxTicks - 1); intervals >= 2; intervals--) {
    const step = niceStep((top - bottom) / intervals);
    const low = clean(Math.floor(bottom / step) * step);
    const high = clean(Math.ceil(top / step) * step);
    const ticks: number[] = [];
    for (let value = low; value <= high + step / 2; value = clean(value + step)) ticks.push(value);
    if (ticks.length > maxTicks && intervals > 2) continue;
    const span = high - low;
    const bestSpan = best ? best.domain[1] - best.domain[0] : Number.POSITIVE_INFINITY;
    if (span < bestSpan) best = { domain: [low, high], ticks };
  }
  return best ?? { domain: [bottom, top], ticks: [bottom, top] };
}

/** The widest formatted tick, for a vertical value axis's width: text plus a little room. */
export function valueAxisWidth(ticks: readonly string[]): number {
  return Math.max(40, longest(ticks) * CHAR_WIDTH + 12);
}

import type { ResultRow } from '../../analyst/executor';
import { ANOMALY_THRESHOLD, MIN_CONVERSIONS, MIN_SPEND_SHARE } from '../../analyst/insights';

/** The latest complete day is compared with the average day of this many days before it. */
export const BASELINE_DAYS = 7;
/**
 * Below this average daily spend (in the account's currency) a campaign is too small to alert on:
 * a $3 campaign moving to $4 is +33% and means nothing.
 */
export const MIN_DAILY_SPEND = 20;

export type AlertMetric = 'spend' | 'cpa' | 'roas';

export interface AlertMove {
  campaignId: string;
  campaign: string;
  metric: AlertMetric;
  currency: string | null;
  /** The latest day's value. */
  day: number;
  /** The baseline: spend per day on average; CPA and ROAS over the baseline's totals. */
  baseline: number;
  /** The baseline's total spend, which the average spend is worked out from. */
  baselineSpend: number;
  dayRow: ResultRow | undefined;
  baselineRow: ResultRow;
}

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/**
 * Pure: the campaigns whose spend, CPA or ROAS on the latest complete day moved by the engine's
 * anomaly threshold (20%) or more against the average day of the 7 days before, with enough
 * volume to mean something:
 * - the campaign spent at least MIN_DAILY_SPEND a day on average over the baseline, and at least
 *   MIN_SPEND_SHARE of its currency's baseline spend (the engine's "real share of spend");
 * - CPA only with at least MIN_CONVERSIONS conversions on the day and in the baseline;
 * - ROAS only with at least MIN_CONVERSIONS purchases on the day and in the baseline.
 * Rows hold spend, conversions, cpa, purchases, revenue and roas by campaign (with currency).
 */
export function alertMoves(dayRows: ResultRow[], baselineRows: ResultRow[]): AlertMove[] {
  const threshold = ANOMALY_THRESHOLD * 100;
  const currencyTotal = (currency: unknown) =>
    baselineRows.filter((row) => row.currency === currency).reduce((sum, row) => sum + num(row, 'spend'), 0);
  const moves: AlertMove[] = [];
  for (const baselineRow of baselineRows) {
    const id = String(baselineRow.campaign_id);
    const dayRow = dayRows.find((row) => String(row.campaign_id) === id);
    const baselineSpend = num(baselineRow, 'spend');
    const averageSpend = baselineSpend / BASELINE_DAYS;
    if (
      averageSpend < MIN_DAILY_SPEND ||
      baselineSpend < currencyTotal(baselineRow.currency) * MIN_SPEND_SHARE
    )
      continue;
    const base = {
      campaignId: id,
      campaign: String(baselineRow.campaign ?? dayRow?.campaign ?? id),
      currency: (baselineRow.currency as string | undefined) ?? null,
      baselineSpend,
      dayRow,
      baselineRow,
    };
    const moved = (from: number, to: number) => from > 0 && (Math.abs(to - from) / from) * 100 >= threshold;
    if (moved(averageSpend, num(dayRow, 'spend')))
      moves.push({ ...base, metric: 'spend', day: num(dayRow, 'spend'), baseline: averageSpend });
    if (
      num(dayRow, 'conversions') >= MIN_CONVERSIONS &&
      num(baselineRow, 'conversions') >= MIN_CONVERSIONS &&
      moved(num(baselineRow, 'cpa'), num(dayRow, 'cpa'))
    )
      moves.push({ ...base, metric: 'cpa', day: num(dayRow, 'cpa'), baseline: num(baselineRow, 'cpa') });
    if (
      num(dayRow, 'purchases') >= MIN_CONVERSIONS &&
      num(baselineRow, 'purchases') >= MIN_CONVERSIONS &&
      moved(num(baselineRow, 'roas'), num(dayRow, 'roas'))
    )
      moves.push({ ...base, metric: 'roas', day: num(dayRow, 'roas'), baseline: num(baselineRow, 'roas') });
  }
  return moves.sort((a, b) => b.baselineSpend - a.baselineSpend || a.metric.localeCompare(b.metric));
}

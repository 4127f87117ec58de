import type { ComposeContext } from './compose/context';
import { percentChange } from './compose/evidence';
import { previousPeriod } from './dates';
import type { ResultRow } from './executor';
import type { Filters, Period } from './parse/plan';

/** Changes smaller than this are noise, not news (SPEC.md section 9: reports use a 20% threshold). */
export const ANOMALY_THRESHOLD = 0.2;
/** A campaign must carry this share of spend and this many conversions before we judge it. */
export const MIN_SPEND_SHARE = 0.05;
export const MIN_CONVERSIONS = 3;

export interface Recommendation {
  /** Sort key: the money the advice is about. */
  impact: number;
  text: string;
}

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/**
 * Data-backed advice at campaign level: scale campaigns well below the average CPA, fix or cut
 * those well above it, flag CPA jumps against the previous period and campaigns that stopped.
 * Each sentence quotes the figures it rests on.
 */
export async function campaignRecommendations(
  ctx: ComposeContext,
  range: Period,
  filters: Filters,
  compareWith?: { start: string; end: string },
): Promise<Recommendation[]> {
  const previous = compareWith ?? previousPeriod(range);
  const query = {
    metrics: ['spend', 'conversions', 'cpa', 'revenue', 'roas'] as const,
    dimensions: ['campaign'] as const,
    filters,
  };
  const [now, before, totals] = await Promise.all([
    ctx.run({ ...query, metrics: [...query.metrics], dimensions: [...query.dimensions], time: { range } }),
    ctx.run({
      ...query,
      metrics: [...query.metrics],
      dimensions: [...query.dimensions],
      time: { range: previous },
    }),
    // The average comes from the executor too, so it traces to a query like every other figure.
    ctx.run({ metrics: ['spend', 'conversions', 'cpa'], filters, time: { range } }),
  ]);
  const out: Recommendation[] = [];
  // Judge within one currency at a time: averages across currencies mean nothing.
  const currencies = [...new Set(now.rows.map((row) => String(row.currency ?? '')))];
  for (const currency of currencies) {
    const rows = now.rows.filter((row) => String(row.currency ?? '') === currency);
    const total = totals.rows.find((row) => String(row.currency ?? '') === currency);
    const totalSpend = num(total, 'spend');
    if (totalSpend <= 0) continue;
    const averageCpa = num(total, 'conversions') > 0 ? num(total, 'cpa') : undefined;
    const big = rows.filter((row) => num(row, 'spend') >= totalSpend * MIN_SPEND_SHARE);
    const average = averageCpa === undefined ? 'n/a' : ctx.value(total, 'cpa');

    for (const row of big) {
      const cpa = num(row, 'cpa');
      const conversions = num(row, 'conversions');
      const name = `**${row.campaign}**`;
      if (
        averageCpa !== undefined &&
        conversions >= MIN_CONVERSIONS &&
        cpa <= averageCpa * (1 - ANOMALY_THRESHOLD)
      ) {
        out.push({
          impact: num(row, 'spend'),
          text: `Scale ${name}: its CPA of ${ctx.value(row, 'cpa')} is ${ctx.evidence.change(averageCpa, cpa)} against the average of ${average}, on ${ctx.value(row, 'conversions')} conversions. Raise its budget step by step while CPA holds.`,
        });
      } else if (averageCpa !== undefined && conversions === 0) {
        out.push({
          impact: num(row, 'spend'),
          text: `Fix or pause ${name}: it spent ${ctx.value(row, 'spend')} with no conversions. Check its tracking and offer, or move the budget to a campaign that converts.`,
        });
      } else if (averageCpa !== undefined && conversions > 0 && cpa >= averageCpa * (1 + ANOMALY_THRESHOLD)) {
        out.push({
          impact: num(row, 'spend'),
          text: `Fix or cut ${name}: its CPA of ${ctx.value(row, 'cpa')} is ${ctx.evidence.change(averageCpa, cpa)} against the average of ${average}, on ${ctx.value(row, 'spend')} of spend. Tighten its targeting or shift budget to cheaper campaigns.`,
        });
      }
      const earlier = before.rows.find((candidate) => candidate.campaign_id === row.campaign_id);
      const earlierCpa = num(earlier, 'cpa');
      if (
        earlier &&
        num(earlier, 'conversions') >= MIN_CONVERSIONS &&
        conversions >= MIN_CONVERSIONS &&
        earlierCpa > 0 &&
        percentChange(earlierCpa, cpa) >= ANOMALY_THRESHOLD * 100
      ) {
        out.push({
          impact: num(row, 'spend') * 0.9,
          text: `Watch ${name}: CPA rose ${ctx.evidence.change(earlierCpa, cpa)} against the previous period (${ctx.value(earlier, 'cpa')} → ${ctx.value(row, 'cpa')}). Ask “why did CPA go up?” to see whether CPM, CTR or conversion rate moved.`,
        });
      }
    }
    for (const earlier of before.rows.filter((row) => String(row.currency ?? '') === currency)) {
      const stillRunning = rows.some(
        (row) => row.campaign_id === earlier.campaign_id && num(row, 'spend') > 0,
      );
      if (!stillRunning && num(earlier, 'spend') >= totalSpend * MIN_SPEND_SHARE) {
        out.push({
          impact: num(earlier, 'spend') * 0.5,
          text: `**${earlier.campaign}** stopped spending: it spent ${ctx.value(earlier, 'spend')} in the previous period and nothing in this one. Make sure that was intended.`,
        });
      }
    }
  }
  return out.sort((a, b) => b.impact - a.impact);
}

import type { AssistantMessage, ContentItem, DataRow } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { ANOMALY_THRESHOLD, type CampaignMove, campaignMoves, campaignRecommendations } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import { type ComposeContext, chart, complex, formatSpan, table, text } from './context';
import { percentChange } from './evidence';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';
import {
  DAY_DEVIATION,
  DAY_MIN_DEVIATION,
  DAY_SIGMAS,
  MIN_DAYS,
  type UnusualDay,
  unusualDays,
} from './unusual-days';

type AnomaliesPlan = Extract<Plan, { kind: 'anomalies' }>;

const SHOWN_DAYS = 5;
const SHOWN_MOVES = 8;

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/** A percent change for a table cell, or null where a side is missing or the base is zero. */
const changeOrNull = (from: ResultRow | undefined, to: ResultRow | undefined, key: string): number | null =>
  from && to && num(from, key) > 0 && typeof to[key] === 'number'
    ? percentChange(num(from, key), num(to, key))
    : null;

/** "Any anomalies last month?": days that stand out from the period's own pattern, and campaigns that moved. */
export async function composeAnomalies(ctx: ComposeContext, plan: AnomaliesPlan): Promise<AssistantMessage> {
  const metric: MetricKey = plan.metric ?? 'spend';
  const label = metrics[metric].label;
  const [daily, moves] = await Promise.all([
    ctx.run({ metrics: [metric], filters: plan.filters, time: { range: plan.range, grain: 'day' } }),
    campaignMoves(ctx, plan.range, plan.filters, plan.compare),
  ]);
  const percent = (share: number) =>
    ctx.evidence.constant(share * 100, `${share * 100}%`, 'anomaly threshold');
  const rule = () =>
    `${percent(DAY_DEVIATION)} or more from the median day, or ${percent(DAY_MIN_DEVIATION)} or more from it and beyond ${ctx.evidence.constant(DAY_SIGMAS, String(DAY_SIGMAS), 'anomaly threshold')} standard deviations of the daily mean`;
  const threshold = () =>
    ctx.evidence.constant(ANOMALY_THRESHOLD * 100, `${ANOMALY_THRESHOLD * 100}%`, 'anomaly threshold');
  const day = (row: ResultRow) => ctx.evidence.date(formatSpan(String(row.day), String(row.day)));

  const items: ContentItem[] = [];
  const currencies = [...new Set(daily.rows.map((row) => row.currency ?? null))];
  const flaggedDays: UnusualDay[] = [];
  for (const currency of currencies) {
    const rows = daily.rows.filter((row) => (row.currency ?? null) === currency);
    const prefix = currencies.length > 1 ? `In ${currency}: ` : '';
    const days = unusualDays(rows, metric);
    flaggedDays.push(...days);
    const valued = rows.filter((row) => typeof row[metric] === 'number');
    if (valued.length < MIN_DAYS) {
      items.push(
        text(
          `${prefix}${ctx.period(plan.range)} has ${ctx.evidence.count(valued)} ${valued.length === 1 ? 'day' : 'days'} with ${label}: too few for a usual pattern to stand out from.`,
        ),
      );
      continue;
    }
    const median = days[0]?.median;
    if (!median) {
      items.push(
        text(`${prefix}No day in ${ctx.period(plan.range)} has unusual ${label}: none is ${rule()}.`),
      );
    } else {
      const lines = days
        .slice(0, SHOWN_DAYS)
        .map(
          (d) =>
            `- ${day(d.row)}: ${ctx.value(d.row, metric)}, ${ctx.evidence.change(d.median[metric] as number, d.value)} against the median day`,
        );
      items.push(
        text(
          `${prefix}${ctx.evidence.count(days.map((d) => d.row))} ${days.length === 1 ? 'day stands' : 'days stand'} out in ${ctx.period(plan.range)}, ${rule()} (the median day is ${day(median)}, ${ctx.value(median, metric)}):\n${lines.join('\n')}`,
        ),
      );
    }
    items.push(chart('line_chart', rows, 'day', metric, `Daily ${label}`));
  }

  const campaigns = [...new Set(moves.map((m) => (m.now ?? m.before) as ResultRow))];
  if (moves.length === 0) {
    items.push(
      text(
        `No campaign stopped or started spending, and none moved its spend or CPA by ${threshold()} or more against ${ctx.period(plan.compare)}.`,
      ),
    );
  } else {
    items.push(
      text(
        `${ctx.evidence.count(campaigns)} ${campaigns.length === 1 ? 'campaign' : 'campaigns'} moved against ${ctx.period(plan.compare)} (stopped, started, or spend or CPA by ${threshold()} or more), biggest first:\n${moves
          .slice(0, SHOWN_MOVES)
          .map((m) => `- ${describeMove(ctx, m)}`)
          .join('\n')}`,
      ),
    );
    items.push(table(moves.slice(0, SHOWN_MOVES).map(moveRow), 'Campaign moves'));
  }

  const first = await analyticsFirst(ctx, complex(items), [
    `Show daily ${label} for ${plan.range.label}`,
    'Why did my CPA go up?',
    'Which ads are showing creative fatigue?',
  ]);
  const lead = moves.slice(0, 3).map((m) => adviceFor(m));
  const top = flaggedDays[0];
  if (top)
    lead.push(
      `Look into ${day(top.row)} (${ctx.value(top.row, metric)}): check for budget edits, delivery problems or a promotion that day.`,
    );
  const named = new Set(moves.slice(0, 3).map((m) => `**${m.campaign}**`));
  const recommendations = (await campaignRecommendations(ctx, plan.range, plan.filters, plan.compare)).filter(
    (r) => ![...named].some((name) => r.text.includes(name)),
  );
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      ...plan,
      metrics: [metric, 'spend', 'conversions', 'cpa'],
      level: 'campaign',
      steps: [
        `**Unusual days:** a day's ${label} ${rule()}, measured against the period's own days.`,
        `**Campaign moves:** against the comparison period, a campaign that stopped or started spending, or whose spend or CPA moved by ${threshold()} or more; only campaigns with a real share of spend, and CPA only with enough conversions in both periods.`,
      ],
    }),
    insightsSection(ctx, recommendations, lead),
    first.suggestions,
  );

  function adviceFor(m: CampaignMove): string {
    const name = `**${m.campaign}**`;
    switch (m.kind) {
      case 'stopped':
        return `${name} stopped spending (${ctx.value(m.before, 'spend')} before, nothing now): make sure that was intended.`;
      case 'started':
        return `${name} started spending (${ctx.value(m.now, 'spend')}): judge it once it has a week of data.`;
      case 'spend':
        return `${name}'s spend moved ${ctx.evidence.change(num(m.before, 'spend'), num(m.now, 'spend'))}: check its budget and bid changes.`;
      case 'cpa':
        return num(m.now, 'cpa') > num(m.before, 'cpa')
          ? `${name}'s CPA rose ${ctx.evidence.change(num(m.before, 'cpa'), num(m.now, 'cpa'))}: ask “why did CPA go up?” to see whether CPM, CTR or conversion rate moved.`
          : `${name}'s CPA fell ${ctx.evidence.change(num(m.before, 'cpa'), num(m.now, 'cpa'))}: consider moving budget to it while it holds.`;
    }
  }
}

function describeMove(ctx: ComposeContext, m: CampaignMove): string {
  const name = `**${m.campaign}**`;
  switch (m.kind) {
    case 'stopped':
      return `${name} stopped spending: ${ctx.value(m.before, 'spend')} before, nothing now.`;
    case 'started':
      return `${name} started spending: ${ctx.value(m.now, 'spend')} now, nothing before.`;
    case 'spend':
      return `${name} spend ${ctx.value(m.before, 'spend')} → ${ctx.value(m.now, 'spend')} (${ctx.evidence.change(num(m.before, 'spend'), num(m.now, 'spend'))}).`;
    case 'cpa':
      return `${name} CPA ${ctx.value(m.before, 'cpa')} → ${ctx.value(m.now, 'cpa')} (${ctx.evidence.change(num(m.before, 'cpa'), num(m.now, 'cpa'))}) on ${ctx.value(m.now, 'conversions')} conversions.`;
  }
}

function moveRow(m: CampaignMove): DataRow {
  const currency = (m.now ?? m.before)?.currency;
  return {
    campaign: m.campaign,
    move: m.kind === 'spend' ? 'spend moved' : m.kind === 'cpa' ? 'CPA moved' : m.kind,
    spend_before: num(m.before, 'spend'),
    spend: num(m.now, 'spend'),
    spend_change: m.kind === 'stopped' ? -100 : changeOrNull(m.before, m.now, 'spend'),
    cpa_before: m.before?.cpa ?? null,
    cpa: m.now?.cpa ?? null,
    cpa_change: changeOrNull(m.before, m.now, 'cpa'),
    ...(currency !== undefined && currency !== null ? { currency } : {}),
  };
}

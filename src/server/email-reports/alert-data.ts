import { ComposeContext, formatSpan } from '../../analyst/compose/context';
import { formatValue } from '../../analyst/compose/evidence';
import { addDays } from '../../analyst/dates';
import type { Scope } from '../../analyst/executor';
import { metrics } from '../../analyst/metrics';
import { loadCatalog } from '../../analyst/parse/entities';
import type { WarehouseDb } from '../../analyst/warehouse-db';
import { type AlertMetric, type AlertMove, alertMoves, BASELINE_DAYS } from './alert-rule';
import { derivationLines } from './derivations';

const ALERT_METRICS = ['spend', 'conversions', 'cpa', 'purchases', 'revenue', 'roas'] as const;

export interface AlertLine {
  /** The idempotency key's parts: one alert per campaign, metric and day. */
  campaignId: string;
  metric: AlertMetric;
  text: string;
}

export interface AlertData {
  recipientName: string;
  day: string;
  dayLabel: string;
  baselineLabel: string;
  lines: AlertLine[];
  derivations: string[];
  chatUrl: string;
}

/** The latest complete day's campaign moves this pass claimed, worded with the engine's evidence records. */
export async function buildAlertData(
  source: { db: WarehouseDb; scope: Scope; today: string },
  details: { recipientName: string; chatUrl: string },
  /** Claims a move's send (campaign, metric, day) and says whether this pass owns it. */
  claim: (move: { campaignId: string; metric: AlertMetric; day: string }) => Promise<boolean>,
): Promise<AlertData> {
  const catalog = await loadCatalog(source.db, source.scope);
  const ctx = new ComposeContext(source.db, source.scope, catalog, source.today);
  const day = addDays(source.today, -1);
  const baseline = { start: addDays(day, -BASELINE_DAYS), end: addDays(day, -1) };
  const query = (range: { start: string; end: string }) =>
    ctx.run({ metrics: [...ALERT_METRICS], dimensions: ['campaign'], time: { range } });
  const [dayResult, baselineResult] = await Promise.all([query({ start: day, end: day }), query(baseline)]);
  const moves: AlertMove[] = [];
  // Claimed one by one, before anything is worded: a move another pass owns stays out of this email.
  for (const move of alertMoves(dayResult.rows, baselineResult.rows)) {
    if (await claim({ campaignId: move.campaignId, metric: move.metric, day })) moves.push(move);
  }
  const lines = moves.map((move) => ({
    campaignId: move.campaignId,
    metric: move.metric,
    text: describe(ctx, move),
  }));
  return {
    recipientName: details.recipientName,
    day,
    dayLabel: formatSpan(day, day),
    baselineLabel: formatSpan(baseline.start, baseline.end),
    lines,
    derivations: derivationLines(
      ctx,
      lines.map((line) => line.text),
    ),
    chatUrl: details.chatUrl,
  };
}

function describe(ctx: ComposeContext, move: AlertMove): string {
  const label = metrics[move.metric].label;
  const change = ctx.evidence.change(move.baseline, move.day);
  if (move.metric === 'spend') {
    const total = ctx.value(move.baselineRow, 'spend');
    const average = ctx.evidence.constant(
      move.baseline,
      formatValue(move.baseline, 'money', move.currency ?? undefined),
      `average daily spend = ${total} ÷ ${BASELINE_DAYS} days`,
    );
    return `**${move.campaign}**: spend ${ctx.value(move.dayRow, 'spend')} yesterday against ${average} a day on average over the 7 days before (${change}).`;
  }
  return `**${move.campaign}**: ${label} ${ctx.value(move.dayRow, move.metric)} yesterday against ${ctx.value(move.baselineRow, move.metric)} over the 7 days before (${change}), on ${ctx.value(move.dayRow, move.metric === 'cpa' ? 'conversions' : 'purchases')} ${move.metric === 'cpa' ? 'conversions' : 'purchases'} that day.`;
}

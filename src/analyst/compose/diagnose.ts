import type { AssistantMessage, ContentItem, DataRow } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { ANOMALY_THRESHOLD, campaignRecommendations } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import { type ComposeContext, complex, table, text } from './context';
import { percentChange } from './evidence';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';
import { segmentFinding, segmentQueries } from './why-segments';

export { composeFatigue } from './fatigue';

type PlanOf<K extends Plan['kind']> = Extract<Plan, { kind: K }>;

/**
 * CPA = (CPM / 1000) / (CTR / 100) / CVR, so in logarithms a CPA change splits exactly into
 * its drivers: Δln CPA = Δln CPM − Δln CTR − Δln CVR. ROAS = AOV × CVR × (CTR / 100) / (CPM / 1000)
 * adds order value: Δln ROAS = Δln AOV + Δln CVR + Δln CTR − Δln CPM. Each driver's share of the
 * total log change says how much of the move it explains.
 */
const drivers: Record<'cpa' | 'roas', { metric: MetricKey; sign: number; name: string }[]> = {
  cpa: [
    { metric: 'cpm', sign: 1, name: 'CPM (cost of reach)' },
    { metric: 'ctr', sign: -1, name: 'CTR (ad appeal)' },
    { metric: 'cvr', sign: -1, name: 'conversion rate (site and offer)' },
  ],
  roas: [
    { metric: 'cpm', sign: -1, name: 'CPM (cost of reach)' },
    { metric: 'ctr', sign: 1, name: 'CTR (ad appeal)' },
    { metric: 'cvr', sign: 1, name: 'conversion rate (site and offer)' },
    { metric: 'aov', sign: 1, name: 'average order value' },
  ],
};

const advice: Record<string, string> = {
  cpm: 'Audiences are getting more expensive: broaden targeting, refresh placements, or expect seasonal auction pressure.',
  ctr: 'The ads are drawing fewer clicks: refresh creatives and test new hooks.',
  cvr: 'Fewer clicks turn into conversions: check the landing page, the offer, stock and the tracking pixel.',
  aov: 'Orders are smaller: test bundles, thresholds for free shipping, or upsells.',
};

/** A percent change for a table cell, or null where it is undefined (from zero), never NaN. */
function changeOrNull(from: number, to: number): number | null {
  const change = from > 0 ? percentChange(from, to) : Number.NaN;
  return Number.isFinite(change) ? change : null;
}

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

function logChange(
  before: ResultRow | undefined,
  after: ResultRow | undefined,
  key: MetricKey,
): number | undefined {
  const a = num(before, key);
  const b = num(after, key);
  return a > 0 && b > 0 ? Math.log(b / a) : undefined;
}

export async function composeWhy(ctx: ComposeContext, plan: PlanOf<'why'>): Promise<AssistantMessage> {
  const target = plan.metric;
  const parts = drivers[target];
  const needed: MetricKey[] = [target, ...parts.map((d) => d.metric), 'spend', 'conversions'];
  // The breakdown queries start with the others: a segment can be named only once totals are known.
  const segments = segmentQueries(ctx, plan);
  const [now, before, byCampaignNow, byCampaignBefore] = await Promise.all([
    ctx.run({ metrics: needed, filters: plan.filters, time: { range: plan.range } }),
    ctx.run({ metrics: needed, filters: plan.filters, time: { range: plan.compare } }),
    ctx.run({
      metrics: needed,
      dimensions: ['campaign'],
      filters: plan.filters,
      time: { range: plan.range },
    }),
    ctx.run({
      metrics: needed,
      dimensions: ['campaign'],
      filters: plan.filters,
      time: { range: plan.compare },
    }),
  ]);
  const items: ContentItem[] = [];
  const lead: string[] = [];
  for (const row of now.rows) {
    const earlier = before.rows.find((candidate) => candidate.currency === row.currency);
    const total = logChange(earlier, row, target);
    if (!earlier || total === undefined) {
      items.push(
        text(`There is not enough data in both periods to explain the change in ${metrics[target].label}.`),
      );
      continue;
    }
    const direction = total > 0 ? 'rose' : 'fell';
    const lines = [
      `${metrics[target].label} ${direction} ${ctx.evidence.change(num(earlier, target), num(row, target))}, from ${ctx.value(earlier, target)} in ${ctx.period(plan.compare)} to ${ctx.value(row, target)} in ${ctx.period(plan.range)}.`,
    ];
    const explained = parts
      .map((d) => ({ ...d, delta: logChange(earlier, row, d.metric) }))
      .filter((d): d is typeof d & { delta: number } => d.delta !== undefined)
      .map((d) => ({ ...d, contribution: d.sign * d.delta }))
      .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
    for (const d of explained) {
      lines.push(
        `- ${d.name}: ${ctx.value(earlier, d.metric)} → ${ctx.value(row, d.metric)} (${ctx.evidence.change(num(earlier, d.metric), num(row, d.metric))}).`,
      );
    }
    const main = explained[0];
    if (main) {
      lines.push(`The biggest driver is **${main.name}**.`);
      lead.push(advice[main.metric] ?? '');
    }
    items.push(text(lines.join('\n')));
  }

  // Per campaign: which campaigns moved the total, weighted by their spend.
  const rows: DataRow[] = [];
  for (const row of byCampaignNow.rows) {
    const earlier = byCampaignBefore.rows.find((candidate) => candidate.campaign_id === row.campaign_id);
    if (!earlier || num(row, 'conversions') === 0 || num(earlier, 'conversions') === 0) continue;
    const out: DataRow = {
      campaign: row.campaign ?? null,
      spend: num(row, 'spend'),
      [target]: num(row, target),
    };
    out[`${target}_change`] = changeOrNull(num(earlier, target), num(row, target));
    for (const d of parts)
      out[`${d.metric}_change`] = changeOrNull(num(earlier, d.metric), num(row, d.metric));
    if (row.currency !== undefined) out.currency = row.currency;
    rows.push(out);
  }
  rows.sort(
    (a, b) =>
      Math.abs(Number(b[`${target}_change`])) * Number(b.spend) -
      Math.abs(Number(a[`${target}_change`])) * Number(a.spend),
  );
  if (rows.length) items.push(table(rows, `${metrics[target].label} change by campaign, with its drivers`));
  // Only with one currency: a segment's share of a total means nothing across currencies.
  const [nowTotal, beforeTotal] = [now.rows, before.rows].map((r) => (r.length === 1 ? r[0] : undefined));
  const segment =
    nowTotal && beforeTotal
      ? await segmentFinding(ctx, plan, segments, { now: nowTotal, before: beforeTotal })
      : undefined;
  if (segment) items.push(...segment.items);
  const worst = byCampaignNow.rows
    .map((row) => ({ row, earlier: byCampaignBefore.rows.find((c) => c.campaign_id === row.campaign_id) }))
    .filter(({ row, earlier }) => num(earlier, target) > 0 && num(row, 'conversions') > 0)
    .map(({ row, earlier }) => ({
      row,
      earlier,
      change: percentChange(num(earlier, target), num(row, target)),
    }))
    .filter(({ change }) => (target === 'cpa' ? change : -change) >= ANOMALY_THRESHOLD * 100)
    .sort((a, b) => num(b.row, 'spend') - num(a.row, 'spend'))[0];
  if (segment) lead.push(segment.lead);
  if (worst) {
    lead.unshift(
      `Start with **${worst.row.campaign}**: its ${metrics[target].label} moved ${ctx.evidence.change(num(worst.earlier, target), num(worst.row, target))} (${ctx.value(worst.earlier, target)} → ${ctx.value(worst.row, target)}) on ${ctx.value(worst.row, 'spend')} of spend.`,
    );
  }
  const first = await analyticsFirst(ctx, complex(items), [
    'Which ads are showing creative fatigue?',
    `Break down my campaigns by ${metrics[target].label}`,
    'Show daily CPA for last month',
  ]);
  const recommendations = await campaignRecommendations(ctx, plan.range, plan.filters, plan.compare);
  // The formula's ÷1000 and ÷100 are definitions, not data.
  ctx.evidence.constant(1000, '1000', 'formula factor');
  ctx.evidence.constant(100, '100', 'formula factor');
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      ...plan,
      metrics: needed,
      level: 'campaign',
      steps: [
        target === 'cpa'
          ? '**Decomposition:** CPA = (CPM ÷ 1000) ÷ (CTR ÷ 100) ÷ conversion rate, so the change in CPA splits into the changes of CPM, CTR and conversion rate (conversions ÷ clicks).'
          : '**Decomposition:** ROAS = order value × conversion rate × (CTR ÷ 100) ÷ (CPM ÷ 1000), so the change in ROAS splits into order value, conversion rate, CTR and CPM.',
        ...(segment ? [segment.step] : []),
      ],
    }),
    insightsSection(
      ctx,
      recommendations.filter((r) => !r.text.startsWith('Watch')),
      lead.filter(Boolean),
    ),
    first.suggestions,
  );
}

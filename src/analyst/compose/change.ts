import type { AssistantMessage, ContentItem, DataRow } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { campaignRecommendations, MIN_SPEND_SHARE } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import {
  mixEffect,
  type Pair,
  pairRows,
  rankContributions,
  rankOwnChange,
  withVolume,
} from './change-drivers';
import { type ComposeContext, complex, levelLabel, table, text } from './context';
import { percentChange } from './evidence';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';

type ChangePlan = Extract<Plan, { kind: 'change' }>;

const FALLING = /\b(declin\w*|drop\w*|fell|fall\w*|down|decrease\w*|lower|sink\w*|slip\w*|worse|tank\w*)\b/;
const RISING = /\b(up|rise|rose|increase\w*|jump\w*|spike\w*|climb\w*|higher|grew|grow\w*)\b/;
const SHOWN = 10;

/** Where to look first in the entity that moved the metric, by what the metric measures. */
const hint: Partial<Record<MetricKey, string>> = {
  spend: 'check its budget, schedule and bid changes',
  impressions: 'check its budget and audience size',
  clicks: 'check its creatives and delivery',
  conversions: 'check its delivery, landing page and conversion tracking',
  purchases: 'check its delivery, landing page, stock and the purchase pixel',
  leads: 'check its delivery, lead form and lead tracking',
  revenue: 'check its purchases and order values',
  ctr: 'refresh its creatives and test new hooks',
  cpm: 'check its audience size, placements and auction competition',
  cpc: 'check its CPM and its creatives’ CTR',
  cvr: 'check its landing page, offer and tracking',
};

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/**
 * "Why did spend go up", "which campaign drove the drop in leads", "biggest CTR decline by
 * campaign": the metric now and before, by campaign (or the level asked), naming what moved it.
 * A sum is explained by each row's contribution to the net change; a ratio by each row's own
 * change among rows with real volume, plus the shift of volume between rows (the mix).
 */
export async function composeChange(
  ctx: ComposeContext,
  plan: ChangePlan,
  question = '',
): Promise<AssistantMessage> {
  const { metric, level } = plan;
  const needed: MetricKey[] = [metric, 'spend'];
  const totals = (range: { start: string; end: string }) =>
    ctx.run({
      metrics: needed,
      filters: plan.filters,
      time: { range: { start: range.start, end: range.end } },
    });
  const byLevel = (range: { start: string; end: string }) =>
    ctx.run({
      metrics: needed,
      dimensions: [level],
      filters: plan.filters,
      time: { range: { start: range.start, end: range.end } },
    });
  const [totalNow, totalBefore, now, before] = await Promise.all([
    totals(plan.range),
    totals(plan.compare),
    byLevel(plan.range),
    byLevel(plan.compare),
  ]);
  const ratio = Boolean(metrics[metric].ratio);
  const label = metrics[metric].label;
  const asked = FALLING.test(question) ? -1 : RISING.test(question) ? 1 : 0;
  const currencies = [...new Set([...totalNow.rows, ...totalBefore.rows].map((row) => row.currency ?? null))];
  const items: ContentItem[] = [];
  const tableRows: DataRow[] = [];
  const named: Pair[] = [];
  const lead: string[] = [];
  for (const currency of currencies) {
    const inCurrency = (row: ResultRow) => (row.currency ?? null) === currency;
    const totalA = totalBefore.rows.find(inCurrency);
    const totalB = totalNow.rows.find(inCurrency);
    const prefix = currencies.length > 1 ? `In ${currency}: ` : '';
    if (!totalA || !totalB || typeof totalA[metric] !== 'number' || typeof totalB[metric] !== 'number') {
      items.push(
        text(
          `${prefix}There is not enough data to compare ${label} between ${ctx.period(plan.compare)} and ${ctx.period(plan.range)}.`,
        ),
      );
      continue;
    }
    const a = num(totalA, metric);
    const b = num(totalB, metric);
    const direction = b > a ? 1 : b < a ? -1 : asked || 1;
    const moved = b > a ? 'rose' : b < a ? 'fell' : 'held at';
    const lines: string[] = [];
    const contradicted = asked !== 0 && asked !== direction && a !== b;
    const subject = contradicted ? `${label} did not ${asked > 0 ? 'go up' : 'go down'}: it` : label;
    lines.push(
      a === b
        ? `${prefix}${label} held at ${ctx.value(totalB, metric)} in ${ctx.period(plan.range)}, the same as in ${ctx.period(plan.compare)}.`
        : `${prefix}${subject} ${moved} ${a !== 0 ? `${ctx.evidence.change(a, b)} ` : ''}(${ctx.evidence.difference(a, b, metrics[metric].format, totalB.currency)}), from ${ctx.value(totalA, metric)} in ${ctx.period(plan.compare)} to ${ctx.value(totalB, metric)} in ${ctx.period(plan.range)}.`,
    );
    const pairs = pairRows(now.rows.filter(inCurrency), before.rows.filter(inCurrency), level, metric);
    const shown = (p: Pair) =>
      `${p.before ? ctx.value(p.before, metric) : 'none'} → ${p.now ? ctx.value(p.now, metric) : 'none'}`;
    let ranked: Pair[];
    if (!ratio) {
      ranked = rankContributions(pairs, direction);
      const drivers = ranked.filter((p) => (p.b - p.a) * direction > 0).slice(0, 3);
      const whole = { from: a, to: b };
      const contribution = (p: Pair) =>
        `${shown(p)}, ${ctx.evidence.difference(p.a, p.b, metrics[metric].format, totalB.currency)}${a !== b ? `, ${ctx.evidence.share({ from: p.a, to: p.b }, whole)} of the net change` : ''}`;
      const [top, ...next] = drivers;
      if (top) {
        named.push(top);
        lines.push(`**${top.name}** drove most of it: ${contribution(top)}.`);
        if (next.length)
          lines.push(`Next: ${next.map((p) => `**${p.name}** (${contribution(p)})`).join('; ')}.`);
        const counter = ranked.at(-1);
        if (counter && (counter.b - counter.a) * direction < 0)
          lines.push(`Against the trend, **${counter.name}** went ${shown(counter)}.`);
      } else lines.push(`No ${levelLabel[level].one} moved it on its own.`);
    } else {
      const spendNow = num(totalB, 'spend');
      ranked = rankOwnChange(withVolume(pairs, metric, spendNow * MIN_SPEND_SHARE), direction);
      const top = ranked[0];
      if (top && (top.b - top.a) * direction > 0) {
        named.push(top);
        lines.push(
          `The biggest ${direction > 0 ? 'rise' : 'drop'} among ${levelLabel[level].many} with real volume is **${top.name}**: ${label} ${shown(top)} (${ctx.evidence.change(top.a, top.b)}) on ${ctx.value(top.now, 'spend')} of spend.`,
        );
      } else lines.push(`No ${levelLabel[level].one} with real volume moved its own ${label} that way.`);
      const mix = mixEffect(pairs, metric, a, direction);
      const denominator = metrics[metric].ratio?.denominator;
      if (mix?.shifter && denominator && Math.abs(mix.mix) > Math.abs(mix.rate) && mix.mix * direction > 0) {
        const s = mix.shifter;
        const grew =
          num(s.now, denominator) / num(totalB, denominator) >
          num(s.before, denominator) / num(totalA, denominator);
        lines.push(
          `Most of the move is mix rather than any ${levelLabel[level].one}'s own ${label}: **${s.name}** took a ${grew ? 'larger' : 'smaller'} share of ${metrics[denominator].label.toLowerCase()} (${s.before ? ctx.value(s.before, denominator) : 'none'} → ${s.now ? ctx.value(s.now, denominator) : 'none'}) with a ${label} of ${ctx.value(s.before ?? s.now, metric)}, against ${ctx.value(totalA, metric)} overall before.`,
        );
        lead.push(
          `Check where budget moved before changing creatives: **${s.name}**'s ${metrics[denominator].label.toLowerCase()} went ${s.before ? ctx.value(s.before, denominator) : 'none'} → ${s.now ? ctx.value(s.now, denominator) : 'none'}, and the total ${label} moved with that shift.`,
        );
        if (!named.includes(s)) named.push(s);
      }
    }
    items.push(text(lines.join('\n')));
    const culprit = named.find((p) => pairs.includes(p));
    const advice = hint[metric];
    if (culprit && advice && !lead.some((line) => line.includes(`**${culprit.name}**`)))
      lead.push(`Look at **${culprit.name}** first (${label} ${shown(culprit)}): ${advice}.`);
    // A row with none of the metric in either period explains nothing.
    for (const p of ranked.filter((p) => ratio || p.a !== 0 || p.b !== 0).slice(0, SHOWN)) {
      const change = p.a !== 0 ? percentChange(p.a, p.b) : null;
      tableRows.push({
        [level]: p.name,
        [`${metric}_before`]: p.before ? num(p.before, metric) : ratio ? null : 0,
        [metric]: p.now ? num(p.now, metric) : ratio ? null : 0,
        [`${metric}_change`]: change,
        ...(metric !== 'spend' ? { spend: num(p.now, 'spend') } : {}),
        ...(currency !== null ? { currency } : {}),
      });
    }
  }
  if (tableRows.length)
    items.push(
      table(tableRows, `${label} by ${levelLabel[level].one}, before and now, biggest driver first`),
    );
  const first = await analyticsFirst(ctx, complex(items), [
    `Show daily ${label} for ${plan.range.label}`,
    'Why did my CPA go up last week?',
    'Which ads should I pause?',
  ]);
  const names = named.map((p) => p.name);
  const recommendations = (await campaignRecommendations(ctx, plan.range, plan.filters, plan.compare)).filter(
    (r) => names.some((name) => r.text.includes(`**${name}**`)),
  );
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      ...plan,
      metrics: needed,
      level,
      steps: ratio
        ? [
            `**Ordered by:** each ${levelLabel[level].one}'s own change in ${label}, in the direction of the total's move, among ${levelLabel[level].many} with at least ${ctx.evidence.constant(MIN_SPEND_SHARE * 100, `${MIN_SPEND_SHARE * 100}%`, 'minimum spend share')} of spend and enough volume in both periods for ${label} to be stable.`,
            `**Mix:** the total ${label} is each ${levelLabel[level].one}'s ${label} weighted by its share of the denominator, so its move splits into their own changes and the shift of volume between them.`,
          ]
        : [
            `**Ordered by:** each ${levelLabel[level].one}'s contribution to the net change (its own change, in the direction of the total's move); the contributions add up to the net change.`,
          ],
    }),
    insightsSection(ctx, recommendations, lead),
    first.suggestions,
  );
}

import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import { campaignRecommendations } from '../insights';
import { metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import { type ComposeContext, complex, levelLabel, table, text } from './context';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';

type ChangePlan = Extract<Plan, { kind: 'change' }>;

const FALLING = /\b(declin\w*|drop\w*|fell|fall\w*|down|decrease\w*|lower|sink\w*|slip\w*|worse|tank\w*)\b/;

/**
 * "Why did spend go up", "biggest CTR decline by campaign": the metric now and before, by
 * campaign (or the level asked), led by the one that moved it most. A sum is explained by each
 * row's share of the change; a ratio by its own change.
 */
export async function composeChange(
  ctx: ComposeContext,
  plan: ChangePlan,
  question = '',
): Promise<AssistantMessage> {
  const { metric } = plan;
  const level = plan.level;
  const query = (range: { start: string; end: string }) =>
    ctx.run({ metrics: [metric, 'spend'], dimensions: [level], filters: plan.filters, time: { range } });
  const [totalNow, totalBefore, now, before] = await Promise.all([
    ctx.run({ metrics: [metric], filters: plan.filters, time: { range: plan.range } }),
    ctx.run({ metrics: [metric], filters: plan.filters, time: { range: plan.compare } }),
    query(plan.range),
    query(plan.compare),
  ]);
  const key = level;
  const ratio = Boolean(metrics[metric].ratio);
  const rows = now.rows.map((row) => {
    const earlier = before.rows.find((r) => r[key] === row[key] && r.currency === row.currency);
    const a = Number(earlier?.[metric] ?? 0);
    const b = Number(row[metric] ?? 0);
    return { row, earlier, a, b, delta: ratio ? (a > 0 ? (b - a) / a : 0) : b - a };
  });
  const a = Number(totalBefore.rows[0]?.[metric] ?? 0);
  const b = Number(totalNow.rows[0]?.[metric] ?? 0);
  const falling =
    FALLING.test(question) ||
    (!/\b(up|rise|rose|increase\w*|jump\w*|spike\w*|climb\w*|higher|grew|grow\w*)\b/.test(question) && b < a);
  // Ratios on thin volume swing wildly: judge rows that carry a real share of spend.
  const spendTotal = now.rows.reduce((sum, r) => sum + Number(r.spend ?? 0), 0);
  const meaningful = rows.filter((r) => !ratio || Number(r.row.spend ?? 0) >= spendTotal * 0.05);
  meaningful.sort((x, y) => (falling ? x.delta - y.delta : y.delta - x.delta));
  const items: ContentItem[] = [];
  const label = metrics[metric].label;
  const overall =
    totalNow.rows[0] && totalBefore.rows[0]
      ? `${label} went from ${ctx.value(totalBefore.rows[0], metric)} in ${ctx.period(plan.compare)} to ${ctx.value(totalNow.rows[0], metric)} in ${ctx.period(plan.range)}${a !== 0 ? ` (${ctx.evidence.change(a, b)})` : ''}.`
      : `There is not enough data to compare ${label} between ${ctx.period(plan.compare)} and ${ctx.period(plan.range)}.`;
  const top = meaningful[0];
  const driver =
    top && top.a !== top.b
      ? ` The biggest ${falling ? 'drop' : 'rise'} is **${top.row[key]}**: ${label} ${top.earlier ? ctx.value(top.earlier, metric) : 'n/a'} → ${ctx.value(top.row, metric)}${top.a !== 0 ? ` (${ctx.evidence.change(top.a, top.b)})` : ''}.`
      : '';
  items.push(text(`${overall}${driver}`));
  const tableRows = meaningful.slice(0, 10).map(({ row, earlier }) => ({
    [key]: row[key] ?? null,
    [`${metric}_before`]: earlier?.[metric] ?? null,
    [metric]: row[metric] ?? null,
    currency: row.currency ?? null,
  }));
  if (tableRows.length) items.push(table(tableRows, `${label} by ${levelLabel[level].one}, before and now`));
  const first = await analyticsFirst(ctx, complex(items), [
    `Show daily ${label} for ${plan.range.label}`,
    'Why did my CPA go up last week?',
    'Which ads should I pause?',
  ]);
  const names = meaningful.slice(0, 3).map((r) => String(r.row[key]));
  const recommendations = (await campaignRecommendations(ctx, plan.range, plan.filters, plan.compare)).filter(
    (r) => names.some((name) => r.text.includes(name)),
  );
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      ...plan,
      metrics: [metric],
      level,
      steps: [
        `**Ordered by:** ${ratio ? `the change in ${label} among ${levelLabel[level].many} with at least ${ctx.evidence.constant(5, '5%', 'minimum spend share')} of spend` : `each ${levelLabel[level].one}'s share of the change`}.`,
      ],
    }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

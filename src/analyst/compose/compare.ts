import type { AssistantMessage, ContentItem, DataRow } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { campaignRecommendations } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import { type ComposeContext, chart, complex, table, text } from './context';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';

type ComparePlan = Extract<Plan, { kind: 'compare' }>;

/** Named things side by side: each side is its own query over its own filters, one row each. */
export async function composeCompare(ctx: ComposeContext, plan: ComparePlan): Promise<AssistantMessage> {
  const wanted = plan.metrics;
  const results = await Promise.all(
    plan.groups.map((group) =>
      ctx.run({ metrics: wanted, filters: [...plan.filters, ...group.filters], time: { range: plan.range } }),
    ),
  );
  const rows: ResultRow[] = [];
  results.forEach((result, index) => {
    const label = plan.groups[index]?.label ?? '';
    for (const row of result.rows) rows.push({ name: label, ...row });
    if (result.rows.length === 0) rows.push({ name: label });
  });
  const items: ContentItem[] = [];
  const lines = rows.map(
    (row) =>
      `- **${row.name}**: ${wanted.map((key) => `${metrics[key].label} ${ctx.value(row, key)}`).join(', ')}`,
  );
  const lead = wanted[0] as MetricKey;
  const ranked = rows.filter((row) => typeof row[lead] === 'number');
  const better = metrics[lead].better === 'lower' ? -1 : 1;
  ranked.sort((a, b) => better * ((b[lead] as number) - (a[lead] as number)));
  const winner = ranked[0];
  const runnerUp = ranked[1];
  const verdict =
    winner && runnerUp && winner[lead] !== runnerUp[lead]
      ? ` **${winner.name}** has the ${metrics[lead].better === 'lower' ? 'lower' : 'higher'} ${metrics[lead].label} (${ctx.value(winner, lead)} against ${ctx.value(runnerUp, lead)}).`
      : '';
  items.push(
    text(`${metrics[lead].label} side by side in ${ctx.period(plan.range)}:${verdict}\n${lines.join('\n')}`),
  );
  items.push(
    table(
      rows.map((row) => pick(row, wanted)),
      'Side by side',
    ),
  );
  if (ranked.length > 1)
    items.push(chart('bar_chart', rows, 'name', lead, `${metrics[lead].label} side by side`));
  const first = await analyticsFirst(ctx, complex(items), [
    `Show daily ${metrics[lead].label} for ${plan.groups[0]?.label ?? 'them'} in ${plan.range.label}`,
    `Which campaigns had the best ${metrics[lead].label} in ${plan.range.label}?`,
  ]);
  const names = plan.groups.map((g) => g.label);
  const recommendations = (await campaignRecommendations(ctx, plan.range, plan.filters)).filter((r) =>
    names.some((name) => r.text.includes(name)),
  );
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, { ...plan, metrics: wanted, steps: [`**Compared:** ${names.join(' vs ')}.`] }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

function pick(row: ResultRow, keys: MetricKey[]): DataRow {
  const out: DataRow = { name: row.name ?? null };
  for (const key of keys) out[key] = row[key] ?? null;
  if (row.currency !== undefined) out.currency = row.currency;
  return out;
}

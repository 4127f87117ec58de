import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { campaignRecommendations } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import { type ComposeContext, complex, table, tableRows, text } from './context';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';

type OverviewPlan = Extract<Plan, { kind: 'overview' }>;

const KPIS: MetricKey[] = [
  'spend',
  'revenue',
  'roas',
  'purchases',
  'leads',
  'conversions',
  'cpa',
  'ctr',
  'cpm',
];
const MOVERS = 3;

/** "How are we doing?": the KPIs against the previous period, then the campaigns that moved most. */
export async function composeOverview(ctx: ComposeContext, plan: OverviewPlan): Promise<AssistantMessage> {
  const [now, before, campaignsNow, campaignsBefore] = await Promise.all([
    ctx.run({ metrics: KPIS, filters: plan.filters, time: { range: plan.range } }),
    ctx.run({ metrics: KPIS, filters: plan.filters, time: { range: plan.compare } }),
    ctx.run({
      metrics: ['spend', 'cpa', 'roas'],
      dimensions: ['campaign'],
      filters: plan.filters,
      time: { range: plan.range },
    }),
    ctx.run({
      metrics: ['spend', 'cpa', 'roas'],
      dimensions: ['campaign'],
      filters: plan.filters,
      time: { range: plan.compare },
    }),
  ]);
  const items: ContentItem[] = [];
  if (now.rows.length === 0)
    items.push(text(`There is no ad data for ${ctx.period(plan.range)} in the connected accounts.`));
  for (const row of now.rows) {
    const previous = before.rows.find((candidate) => candidate.currency === row.currency);
    const shown = KPIS.filter(
      (key) =>
        typeof row[key] === 'number' &&
        (key !== 'revenue' && key !== 'roas' && key !== 'purchases' ? true : Number(row.purchases) > 0),
    );
    const lines = shown.map((key) => {
      const a = previous?.[key];
      const b = row[key];
      const moved =
        typeof a === 'number' && typeof b === 'number' && a !== 0 ? ` (${ctx.evidence.change(a, b)})` : '';
      return `- ${metrics[key].label}: ${ctx.value(row, key)}${moved}`;
    });
    items.push(
      text(
        `**${ctx.period(plan.range)}** against ${ctx.period(plan.compare)}:\n${lines.join('\n')}`,
        'Key figures',
      ),
    );
    items.push(
      table(
        tableRows(
          [
            { name: plan.range.label, ...row },
            ...(previous ? [{ name: plan.compare.label, ...previous }] : []),
          ],
          ['name'],
          shown,
        ),
        'KPIs',
      ),
    );
  }
  const movers = campaignsNow.rows
    .map((row) => {
      const earlier = campaignsBefore.rows.find(
        (c) => c.campaign_id === row.campaign_id && c.currency === row.currency,
      );
      return { row, earlier, delta: Number(row.spend ?? 0) - Number(earlier?.spend ?? 0) };
    })
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))
    .slice(0, MOVERS);
  if (movers.length) {
    items.push(
      text(
        movers
          .map(({ row, earlier }) =>
            earlier && typeof earlier.spend === 'number' && earlier.spend > 0 && typeof row.spend === 'number'
              ? `- **${row.campaign}**: spend ${ctx.value(earlier, 'spend')} → ${ctx.value(row, 'spend')} (${ctx.evidence.change(earlier.spend, row.spend)})`
              : `- **${row.campaign}**: spend ${ctx.value(row, 'spend')} (new this period)`,
          )
          .join('\n'),
        'Biggest movers',
      ),
    );
  }
  const first = await analyticsFirst(ctx, complex(items), [
    `Which campaigns had the best ROAS in ${plan.range.label}?`,
    'Why did my CPA go up last week?',
    'Which ads should I pause?',
  ]);
  const recommendations = await campaignRecommendations(ctx, plan.range, plan.filters, plan.compare);
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      ...plan,
      metrics: KPIS,
      steps: ['**Biggest movers:** campaigns with the largest change in spend.'],
    }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

export type { ResultRow };

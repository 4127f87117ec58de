import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { campaignRecommendations } from '../insights';
import { type MetricKey, metrics } from '../metrics';
import { objectiveGroups } from '../objectives';
import type { Filters, Plan } from '../parse/plan';
import { type ComposeContext, complex, levelLabel, table, tableRows, text } from './context';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';

type AdvicePlan = Extract<Plan, { kind: 'advice' }>;

/** Below this share of the group's spend a row is too small to act on. */
const MIN_SHARE = { campaign: 0.05, other: 0.02 };
const LISTED = 5;
const SHOWN: MetricKey[] = ['spend', 'revenue', 'roas', 'conversions', 'cpa'];

/**
 * Advice as a ranked list with its rule stated: pause or cut the weakest, scale the strongest, move
 * budget from one to the other, or a user's own rule ("ads over $150 spend with ROAS under 1").
 * Sales are judged by ROAS among sales campaigns; without revenue, by CPA.
 */
export async function composeAdvice(ctx: ComposeContext, plan: AdvicePlan): Promise<AssistantMessage> {
  const level = plan.level === 'objective' ? 'campaign' : plan.level;
  const probe = await ctx.run({ metrics: ['revenue'], filters: plan.filters, time: { range: plan.range } });
  const byRoas = probe.rows.some((row) => Number(row.revenue) > 0);
  const salesObjectives = objectiveGroups.sales.filter((o) =>
    [...ctx.catalog.objectiveByCampaign.values()].includes(o),
  );
  const hasObjective = plan.filters.some((f) => f.dimension === 'objective');
  const filters: Filters =
    byRoas && salesObjectives.length && !hasObjective && plan.action !== 'rule'
      ? [...plan.filters, { dimension: 'objective', op: 'in', values: salesObjectives }]
      : plan.filters;
  const judge: MetricKey = byRoas ? 'roas' : 'cpa';
  const result = await ctx.run({
    metrics: SHOWN,
    dimensions: [level],
    filters,
    time: { range: plan.range },
    ...(plan.having ? { having: plan.having } : {}),
  });
  const key = level;
  const total = result.rows.reduce((sum, row) => sum + Number(row.spend ?? 0), 0);
  const share = level === 'campaign' ? MIN_SHARE.campaign : MIN_SHARE.other;
  const eligible =
    plan.action === 'rule'
      ? result.rows
      : result.rows.filter((row) => Number(row.spend ?? 0) >= total * share);
  const worstFirst = (a: ResultRow, b: ResultRow) =>
    judge === 'roas'
      ? Number(a.roas ?? 0) - Number(b.roas ?? 0)
      : Number(b.cpa ?? Infinity) - Number(a.cpa ?? Infinity);
  const worst = [...eligible].sort(worstFirst);
  const best = [...worst].reverse();
  const one = levelLabel[level].one;
  const many = levelLabel[level].many;
  const scope = filters !== plan.filters ? ' of sales campaigns' : '';
  const shareShown = ctx.evidence.constant(share * 100, `${share * 100}%`, 'advice spend share');
  const items: ContentItem[] = [];
  let listed: ResultRow[];
  let rule: string;
  let verb: string;
  switch (plan.action) {
    case 'scale':
      listed = best.slice(0, LISTED);
      rule = `${many}${scope} with at least ${shareShown} of the spend in ${ctx.period(plan.range)}, highest ${metrics[judge].label} first`;
      verb = 'Scale';
      break;
    case 'move':
      listed = [...best.slice(0, 1), ...worst.slice(0, 1)];
      rule = `move budget from the ${one} with the weakest ${metrics[judge].label} to the one with the strongest, among ${many}${scope} with at least ${shareShown} of the spend in ${ctx.period(plan.range)}`;
      verb = 'Move budget';
      break;
    case 'rule':
      listed = [...result.rows].sort(worstFirst);
      rule = `${many} matching your rule in ${ctx.period(plan.range)}`;
      verb = 'Matches';
      break;
    default:
      listed = worst.slice(0, LISTED);
      rule = `${many}${scope} with at least ${shareShown} of the spend in ${ctx.period(plan.range)}, weakest ${metrics[judge].label} first`;
      verb = plan.action === 'priority' ? 'Fix first' : 'Pause or cut';
  }
  if (listed.length === 0) {
    items.push(text(`No ${one} qualifies under the rule (${rule}), so there is nothing to act on.`));
  } else {
    const lines = listed.map((row, index) => {
      // Bullets, not "1.": every number in a text must be a figure the engine computed.
      const head = plan.action === 'move' ? (index === 0 ? '- Move budget to' : '- Move budget from') : '-';
      return `${head} **${row[key]}**: ${metrics[judge].label} ${ctx.value(row, judge)} on ${ctx.value(row, 'spend')} of spend (${ctx.value(row, 'conversions')} conversions).`;
    });
    items.push(text(`**${verb}** — rule: ${rule}.\n\n${lines.join('\n')}`));
    items.push(table(tableRows(listed, [key], SHOWN), `${many}: ${verb.toLowerCase()}`));
  }
  const first = await analyticsFirst(ctx, complex(items), [
    'Which creatives need a refresh?',
    `Why did my ${judge === 'roas' ? 'ROAS go down' : 'CPA go up'} last week?`,
    `Top 5 campaigns by ${metrics[judge].label} in ${plan.range.label}`,
  ]);
  const recommendations = await campaignRecommendations(ctx, plan.range, plan.filters);
  const lead = listed[0]
    ? [
        `${verb} **${listed[0][key]}** first: ${metrics[judge].label} ${ctx.value(listed[0], judge)} on ${ctx.value(listed[0], 'spend')} of spend.`,
      ]
    : [];
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, { ...plan, metrics: SHOWN, level, steps: [`**Rule:** ${rule}.`] }),
    insightsSection(ctx, recommendations, lead),
    first.suggestions,
  );
}

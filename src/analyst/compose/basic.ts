import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { campaignRecommendations } from '../insights';
import { type MetricKey, metrics, minimumVolume } from '../metrics';
import type { Period, Plan } from '../parse/plan';
import type { EntityDimension } from '../query';
import { type ComposeContext, chartRows, complex, levelLabel, table, tableRows, text } from './context';
import { analyticsFirst, assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';

type PlanOf<K extends Plan['kind']> = Extract<Plan, { kind: K }>;

/** Metrics that describe a scope at a glance, with sales metrics only where there are sales. */
async function keyMetrics(ctx: ComposeContext, plan: { range: Period; filters: PlanOf<'total'>['filters'] }) {
  const probe = await ctx.run({
    metrics: ['purchases', 'leads'],
    filters: plan.filters,
    time: { range: plan.range },
  });
  const hasPurchases = probe.rows.some((row) => Number(row.purchases) > 0);
  const hasLeads = probe.rows.some((row) => Number(row.leads) > 0);
  const out: MetricKey[] = ['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'cpm', 'conversions', 'cpa'];
  if (hasLeads) out.push('leads', 'cost_per_lead');
  if (hasPurchases) out.push('purchases', 'revenue', 'roas');
  return out;
}

const labelKey = (level: EntityDimension): string => level;

function sentenceList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function figures(ctx: ComposeContext, row: ResultRow | undefined, keys: MetricKey[]): string {
  return sentenceList(keys.map((key) => `${metrics[key].label} ${ctx.value(row, key)}`));
}

function noData(ctx: ComposeContext, range: Period): ContentItem {
  return text(`There is no ad data for ${ctx.period(range)} in the connected accounts.`);
}

function suggestionsFor(range: Period, metric: MetricKey): string[] {
  const label = metrics[metric].label;
  return [
    `Which campaigns had the best ${label} in ${range.label}?`,
    `Show daily ${label.toLowerCase()} for ${range.label}`,
    `Why did my ${metric === 'roas' ? 'ROAS go down' : 'CPA go up'} last week?`,
  ];
}

export async function composeTotal(ctx: ComposeContext, plan: PlanOf<'total'>): Promise<AssistantMessage> {
  const wanted = plan.metrics;
  const current = await ctx.run({ metrics: wanted, filters: plan.filters, time: { range: plan.range } });
  const previous = plan.compare
    ? await ctx.run({ metrics: wanted, filters: plan.filters, time: { range: plan.compare } })
    : undefined;
  const items: ContentItem[] = [];
  if (current.rows.length === 0) items.push(noData(ctx, plan.range));
  for (const row of current.rows) {
    const before = previous?.rows.find((candidate) => candidate.currency === row.currency);
    const lines = [`In ${ctx.period(plan.range)}: ${figures(ctx, row, wanted)}.`];
    if (plan.compare && before) {
      const changes = wanted.map((key) => {
        const a = before[key];
        const b = row[key];
        const moved = typeof a === 'number' && typeof b === 'number' ? ctx.evidence.change(a, b) : 'n/a';
        return `${metrics[key].label} ${ctx.value(before, key)} → ${ctx.value(row, key)} (${moved})`;
      });
      lines.push(`Against ${ctx.period(plan.compare)}: ${sentenceList(changes)}.`);
    }
    items.push(text(lines.join(' ')));
  }
  const rows = [
    ...current.rows.map((row) => ({ name: plan.range.label, ...row })),
    ...(previous?.rows.map((row) => ({ name: plan.compare?.label ?? 'previous period', ...row })) ?? []),
  ];
  if (rows.length) items.push(table(tableRows(rows, ['name'], wanted), 'Figures'));
  const first = await analyticsFirst(ctx, complex(items), suggestionsFor(plan.range, wanted[0] ?? 'spend'));
  const recommendations = await campaignRecommendations(ctx, plan.range, plan.filters, plan.compare);
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, { ...plan, metrics: wanted }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

export async function composeRanking(
  ctx: ComposeContext,
  plan: PlanOf<'ranking'>,
): Promise<AssistantMessage> {
  const { metric, level } = plan;
  const context: MetricKey[] =
    metric === 'spend' ? ['impressions', 'clicks', 'conversions'] : ['spend', 'conversions'];
  const shown = [...new Set<MetricKey>([metric, ...plan.extraMetrics, ...context])];
  const floor = minimumVolume(metric);
  const result = await ctx.run({
    metrics: shown,
    dimensions: [level],
    filters: plan.filters,
    time: { range: plan.range },
    order: { metric, direction: plan.direction },
    limit: plan.limit,
    ...(floor ? { minVolume: floor } : {}),
  });
  const key = labelKey(level);
  const rows = result.rows;
  const items: ContentItem[] = [];
  const wordBest = plan.direction === 'desc' ? 'highest' : 'lowest';
  if (rows.length === 0) items.push(noData(ctx, plan.range));
  else {
    const first = rows[0];
    items.push(
      text(
        `${ctx.evidence.count(rows)} ${levelLabel[level].many} by ${metrics[metric].label} (${wordBest} first) in ${ctx.period(plan.range)}. **${first?.[key]}** leads with ${ctx.value(first, metric)}.`,
      ),
    );
    items.push(table(tableRows(rows, [key], shown), `${levelLabel[level].many} by ${metrics[metric].label}`));
    items.push({
      type: 'bar_chart',
      header: `${metrics[metric].label} by ${levelLabel[level].one}`,
      data: chartRows(rows, key, metric),
    });
  }
  const excluded: string[] = [];
  if (floor) {
    const floorShown = ctx.evidence.constant(floor.min, floor.min.toLocaleString('en-US'), 'minimum volume');
    excluded.push(
      `${levelLabel[level].many} with fewer than ${floorShown} ${metrics[floor.metric].label.toLowerCase()}, whose ${metrics[metric].label} would be noise.`,
    );
  }
  const first = await analyticsFirst(ctx, complex(items), suggestionsFor(plan.range, metric));
  const recommendations = await campaignRecommendations(ctx, plan.range, plan.filters);
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      ...plan,
      metrics: shown,
      level,
      excluded,
      steps: [`**Order:** ${wordBest} ${metrics[metric].label} first.`],
    }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

export async function composeSeries(ctx: ComposeContext, plan: PlanOf<'series'>): Promise<AssistantMessage> {
  const result = await ctx.run({
    metrics: plan.metrics,
    filters: plan.filters,
    time: { range: plan.range, grain: plan.grain },
  });
  const totals = await ctx.run({ metrics: plan.metrics, filters: plan.filters, time: { range: plan.range } });
  const metric = plan.metrics[0] ?? 'spend';
  const items: ContentItem[] = [];
  if (result.rows.length === 0) items.push(noData(ctx, plan.range));
  else {
    const peak = [...result.rows].sort((a, b) => Number(b[metric] ?? 0) - Number(a[metric] ?? 0))[0];
    const totalRow = totals.rows[0];
    const overall = metrics[metric].ratio ? 'overall' : 'in total';
    items.push(
      text(
        `${metrics[metric].label} per ${plan.grain} over ${ctx.period(plan.range)}: ${ctx.value(totalRow, metric)} ${overall}, highest on ${ctx.evidence.date(String(peak?.day))} at ${ctx.value(peak, metric)}.`,
      ),
    );
    items.push({
      type: 'line_chart',
      header: `${metrics[metric].label} per ${plan.grain}`,
      data: chartRows(result.rows, 'day', metric),
    });
    items.push(
      table(tableRows(result.rows, ['day'], plan.metrics), `${metrics[metric].label} per ${plan.grain}`),
    );
  }
  const first = await analyticsFirst(ctx, complex(items), suggestionsFor(plan.range, metric));
  const recommendations = await campaignRecommendations(ctx, plan.range, plan.filters);
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, {
      ...plan,
      steps: [
        `**Grain:** one point per ${plan.grain}${plan.grain === 'week' ? ' (weeks start on Monday)' : ''}.`,
      ],
    }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

export async function composeEntity(ctx: ComposeContext, plan: PlanOf<'entity'>): Promise<AssistantMessage> {
  const wanted = plan.metrics.length ? plan.metrics : await keyMetrics(ctx, plan);
  const level = plan.entity.level;
  const key = labelKey(level);
  const current = await ctx.run({
    metrics: wanted,
    dimensions: [level],
    filters: plan.filters,
    time: { range: plan.range },
  });
  const previous = plan.compare
    ? await ctx.run({
        metrics: wanted,
        dimensions: [level],
        filters: plan.filters,
        time: { range: plan.compare },
      })
    : undefined;
  const items: ContentItem[] = [];
  const rows = current.rows;
  if (rows.length === 0) items.push(noData(ctx, plan.range));
  for (const row of rows) {
    const before = previous?.rows.find((candidate) => candidate[`${level}_id`] === row[`${level}_id`]);
    const change =
      before && typeof before.cpa === 'number' && typeof row.cpa === 'number'
        ? ` CPA moved ${ctx.evidence.change(before.cpa, row.cpa)} against ${ctx.period(plan.compare as Period)}.`
        : '';
    items.push(text(`**${row[key]}** in ${ctx.period(plan.range)}: ${figures(ctx, row, wanted)}.${change}`));
  }
  if (rows.length) items.push(table(tableRows(rows, [key], wanted), `${levelLabel[level].one} performance`));
  const daily = await ctx.run({
    metrics: ['spend'],
    filters: plan.filters,
    time: { range: plan.range, grain: 'day' },
  });
  if (daily.rows.length > 1)
    items.push({ type: 'line_chart', header: 'Spend per day', data: chartRows(daily.rows, 'day', 'spend') });
  const first = await analyticsFirst(ctx, complex(items), [
    `Break down ${plan.entity.name} by ${levelLabel[level === 'campaign' ? 'adset' : 'ad'].one}`,
    `Show daily spend for ${plan.entity.name} in ${plan.range.label}`,
    `How did ${plan.entity.name} do compared to the previous period?`,
  ]);
  const recommendations = (await campaignRecommendations(ctx, plan.range, plan.filters, plan.compare)).filter(
    (r) => (level === 'campaign' ? r.text.includes(plan.entity.name) : true),
  );
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, { ...plan, metrics: wanted, level }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

export async function composeBreakdown(
  ctx: ComposeContext,
  plan: PlanOf<'breakdown'>,
): Promise<AssistantMessage> {
  const level = plan.childLevel;
  const key = labelKey(level);
  const shown = [
    ...new Set<MetricKey>([plan.metric, 'spend', 'impressions', 'clicks', 'ctr', 'conversions', 'cpa']),
  ];
  const result = await ctx.run({
    metrics: shown,
    dimensions: [level],
    filters: plan.filters,
    time: { range: plan.range },
    order: { metric: plan.metric, direction: metrics[plan.metric].better === 'lower' ? 'asc' : 'desc' },
  });
  const items: ContentItem[] = [];
  if (result.rows.length === 0) items.push(noData(ctx, plan.range));
  else {
    const first = result.rows[0];
    items.push(
      text(
        `**${plan.entity.name}** by ${levelLabel[level].one} in ${ctx.period(plan.range)}: ${ctx.evidence.count(result.rows)} ${levelLabel[level].many}. **${first?.[key]}** ${metrics[plan.metric].ratio ? 'has the best' : 'leads on'} ${metrics[plan.metric].label} with ${ctx.value(first, plan.metric)}.`,
      ),
    );
    items.push(
      table(tableRows(result.rows, [key], shown), `${plan.entity.name} by ${levelLabel[level].one}`),
    );
    items.push({
      type: metrics[plan.metric].ratio ? 'bar_chart' : 'pie_chart',
      header: `${metrics[plan.metric].label} by ${levelLabel[level].one}`,
      data: chartRows(result.rows, key, plan.metric),
    });
  }
  const first = await analyticsFirst(ctx, complex(items), [
    `Which ads in ${plan.entity.name} have the best CTR?`,
    `Show daily spend for ${plan.entity.name}`,
    `How is ${plan.entity.name} performing compared to the previous period?`,
  ]);
  const recommendations = await campaignRecommendations(ctx, plan.range, plan.filters);
  return assistantMessage(
    first.analytics,
    reasoningSection(ctx, { ...plan, metrics: shown, level }),
    insightsSection(ctx, recommendations),
    first.suggestions,
  );
}

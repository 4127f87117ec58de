import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { campaignRecommendations } from '../insights';
import { type MetricKey, metrics, minimumVolume } from '../metrics';
import type { Period, Plan } from '../parse/plan';
import type { EntityDimension } from '../query';
import {
  type ComposeContext,
  chart,
  complex,
  formatSpan,
  levelLabel,
  table,
  tableRows,
  text,
} from './context';
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
    ...(plan.having ? { having: plan.having } : {}),
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
    items.push(chart('bar_chart', rows, key, metric, `${metrics[metric].label} by ${levelLabel[level].one}`));
  }
  const excluded: string[] = [];
  for (const condition of plan.having ?? []) {
    const limit = ctx.evidence.constant(condition.value, String(condition.value), 'threshold you set');
    excluded.push(
      `${levelLabel[level].many} outside your condition: only those with ${metrics[condition.metric].label} ${opWords[condition.op]} ${limit} are listed.`,
    );
  }
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

const opWords = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' } as const;

/** The row key that labels a time group: weeks and months by their first day. */
function grainKey(grain: PlanOf<'series'>['grain']): string {
  return grain === 'weekday' ? 'weekday' : grain === 'quarter' ? 'quarter' : grain === 'day' ? 'day' : grain;
}

export async function composeSeries(ctx: ComposeContext, plan: PlanOf<'series'>): Promise<AssistantMessage> {
  const result = await ctx.run({
    metrics: plan.metrics,
    filters: plan.filters,
    time: { range: plan.range, grain: plan.grain },
  });
  const totals = await ctx.run({ metrics: plan.metrics, filters: plan.filters, time: { range: plan.range } });
  const metric = plan.metrics[0] ?? 'spend';
  const key = grainKey(plan.grain);
  const items: ContentItem[] = [];
  if (result.rows.length === 0) items.push(noData(ctx, plan.range));
  else {
    const valued = result.rows.filter((row) => typeof row[metric] === 'number');
    const wantMin = plan.pick === 'min';
    const peak = [...valued].sort((a, b) =>
      wantMin ? Number(a[metric]) - Number(b[metric]) : Number(b[metric]) - Number(a[metric]),
    )[0];
    const totalRow = totals.rows[0];
    const overall = metrics[metric].ratio ? 'overall' : 'in total';
    const when = peak ? groupWords(ctx, peak, plan.grain) : 'n/a';
    const word = wantMin ? 'lowest' : 'highest';
    items.push(
      text(
        plan.pick
          ? `The ${word} ${metrics[metric].label} ${plan.grain === 'weekday' ? 'weekday' : plan.grain} in ${ctx.period(plan.range)} was **${when}** at ${ctx.value(peak, metric)} (${ctx.value(totalRow, metric)} ${overall}).`
          : `${metrics[metric].label} per ${plan.grain} over ${ctx.period(plan.range)}: ${ctx.value(totalRow, metric)} ${overall}, ${word} on ${when} at ${ctx.value(peak, metric)}.`,
      ),
    );
    const ordered = plan.pick && peak ? [peak, ...result.rows.filter((row) => row !== peak)] : result.rows;
    items.push(
      chart(
        plan.grain === 'weekday' || plan.pick ? 'bar_chart' : 'line_chart',
        result.rows,
        key,
        metric,
        `${metrics[metric].label} per ${plan.grain}`,
      ),
    );
    items.push(table(tableRows(ordered, [key], plan.metrics), `${metrics[metric].label} per ${plan.grain}`));
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
  if (daily.rows.length > 1) items.push(chart('line_chart', daily.rows, 'day', 'spend', 'Spend per day'));
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
    items.push(
      chart(
        metrics[plan.metric].ratio ? 'bar_chart' : 'pie_chart',
        result.rows,
        key,
        plan.metric,
        `${metrics[plan.metric].label} by ${levelLabel[level].one}`,
      ),
    );
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

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A time group as a reader says it: "Tuesday", "Oct 12, 2026", "the week of Oct 6, 2026", "October 2026". */
function groupWords(ctx: ComposeContext, row: ResultRow, grain: PlanOf<'series'>['grain']): string {
  if (grain === 'weekday') return String(row.weekday);
  if (grain === 'quarter') return ctx.evidence.date(String(row.quarter_label ?? row.quarter));
  const day = String(row[grain === 'day' ? 'day' : grain] ?? row.day);
  if (grain === 'month') {
    const [year, month] = day.split('-');
    return ctx.evidence.date(`${MONTH_NAMES[Number(month) - 1]} ${year}`);
  }
  const shown = ctx.evidence.date(`${day} (${formatSpan(day, day)})`);
  return grain === 'week' ? `the week of ${shown}` : shown;
}

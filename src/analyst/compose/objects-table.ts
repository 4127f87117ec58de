import type { DataRow } from '../../shared/api/answer';
import { daysBetween } from '../dates';
import type { ResultRow } from '../executor';
import { type MetricKey, metrics } from '../metrics';
import { readSettings, type SettingsRead, type SettingsRow } from '../object-settings';
import type { StatusWanted } from '../parse/rules/settings';
import type { SettingsLevel } from '../parse/settings-plan';
import {
  bidStrategyLabels,
  effectiveStatusLabels,
  humanizeCode,
  optimizationGoalLabels,
  settingCell,
  settingWords,
} from '../setting-labels';
import { type ComposeContext, formatSpan, levelLabel, table, text } from './context';
import {
  nameList,
  oneCurrency,
  type SettingsParts,
  type SettingsPlan,
  settingCount,
  settingMoney,
} from './objects';
import { sentenceList } from './words';

const PAUSED = ['PAUSED', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED'];
const GONE = ['ARCHIVED', 'DELETED'];
const REVIEW = ['PENDING_REVIEW', 'IN_PROCESS', 'PREAPPROVED'];

const capitalise = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const effective = (row: SettingsRow) => row.effective_status ?? row.status ?? 'UNKNOWN';

/** "Which X are paused" lists paused ones; "active or paused" and "status" list them all. */
export function wantedStatuses(asked: StatusWanted[]): StatusWanted[] {
  if (asked.includes('any') || (asked.includes('active') && asked.some((s) => s !== 'active')))
    return ['any'];
  if (asked.includes('paused') && asked.includes('inactive')) return asked.filter((s) => s !== 'inactive');
  return asked;
}

export function statusMatches(row: SettingsRow, wanted: StatusWanted): boolean {
  const status = effective(row);
  switch (wanted) {
    case 'any':
      return true;
    case 'active':
      return status === 'ACTIVE';
    case 'paused':
      return PAUSED.includes(status);
    case 'inactive':
      return status !== 'ACTIVE' && !GONE.includes(status);
    case 'archived':
      return GONE.includes(status);
    case 'review':
      return REVIEW.includes(status);
    case 'disapproved':
      return status === 'DISAPPROVED' || status === 'WITH_ISSUES';
  }
}

const statusWords: Record<StatusWanted, string> = {
  any: 'listed',
  active: 'active',
  paused: 'paused',
  inactive: 'not delivering',
  archived: 'archived or deleted',
  review: 'in review',
  disapproved: 'disapproved or with issues',
};

/** A campaign's ad sets, when its budget or bid strategy is set on them rather than on it. */
type AdSetsByCampaign = Map<string, SettingsRow[]>;

/** What a row's budget is, and where it is set. */
interface Budget {
  setOn: 'Campaign' | 'Ad set' | 'Ad sets' | 'Campaign (shared)' | 'None';
  daily: number | null;
  lifetime: number | null;
}

function budgetOf(row: SettingsRow, adsets: AdSetsByCampaign): Budget {
  if (row.level === 'campaign') {
    if (row.daily_budget !== null || row.lifetime_budget !== null)
      return { setOn: 'Campaign', daily: row.daily_budget, lifetime: row.lifetime_budget };
    const own = (adsets.get(row.id) ?? []).filter(
      (s) => s.daily_budget !== null || s.lifetime_budget !== null,
    );
    if (!own.length) return { setOn: 'None', daily: null, lifetime: null };
    const sum = (key: 'daily_budget' | 'lifetime_budget') =>
      own.some((s) => s[key] !== null) ? own.reduce((total, s) => total + (s[key] ?? 0), 0) : null;
    return { setOn: 'Ad sets', daily: sum('daily_budget'), lifetime: sum('lifetime_budget') };
  }
  if (row.daily_budget !== null || row.lifetime_budget !== null)
    return { setOn: 'Ad set', daily: row.daily_budget, lifetime: row.lifetime_budget };
  if (row.campaign_daily_budget !== null || row.campaign_lifetime_budget !== null)
    return {
      setOn: 'Campaign (shared)',
      daily: row.campaign_daily_budget,
      lifetime: row.campaign_lifetime_budget,
    };
  return { setOn: 'None', daily: null, lifetime: null };
}

/** Days a campaign is scheduled to run, start and end included, when both are set. */
function scheduledDays(row: SettingsRow): number | undefined {
  return row.start_day && row.stop_day && row.stop_day >= row.start_day
    ? daysBetween({ start: row.start_day, end: row.stop_day })
    : undefined;
}

/** A budget per day for ordering: the daily budget, or a lifetime budget spread over its schedule. */
function perDay(row: SettingsRow, budget: Budget): number | null {
  // A campaign budget shared by its ad sets is no ad set's own: ranking ad sets leaves it out.
  if (budget.setOn === 'Campaign (shared)') return null;
  if (budget.daily !== null) return budget.daily;
  const days = scheduledDays(row);
  return budget.lifetime !== null && days ? budget.lifetime / days : null;
}

/** Which bid strategies a row runs on, and where each is set (an ad set inherits its campaign's). */
type StrategySetOn = 'Campaign' | 'Ad sets' | 'Campaign (inherited)' | 'Ad set' | 'None';

function strategiesOf(row: SettingsRow, adsets: AdSetsByCampaign): { codes: string[]; setOn: StrategySetOn } {
  if (row.level === 'campaign') {
    if (row.bid_strategy) return { codes: [row.bid_strategy], setOn: 'Campaign' };
    const codes = [
      ...new Set((adsets.get(row.id) ?? []).flatMap((s) => (s.bid_strategy ? [s.bid_strategy] : []))),
    ];
    return { codes, setOn: codes.length ? 'Ad sets' : 'None' };
  }
  if (row.campaign_bid_strategy) return { codes: [row.campaign_bid_strategy], setOn: 'Campaign (inherited)' };
  if (row.bid_strategy) return { codes: [row.bid_strategy], setOn: 'Ad set' };
  return { codes: [], setOn: 'None' };
}

const rowKey = (row: SettingsRow) => (row.level === 'ad' ? `${row.name}|${row.adset_id}` : row.id);
const resultKey = (level: SettingsLevel, row: ResultRow) =>
  level === 'ad' ? `${row.ad}|${row.adset_id}` : String(row[`${level}_id`] ?? '');

/**
 * Status lists, budgets, bid strategies and optimization goals: the rows at the plan's level that
 * match what was asked (a status, a strategy, a goal), as a table, with a sentence per topic.
 */
export async function composeSettingsTable(
  ctx: ComposeContext,
  plan: SettingsPlan,
  read: SettingsRead,
): Promise<SettingsParts> {
  const { ask, level } = plan;
  const topics = plan.topic === 'overview' ? ['status', 'budget', 'bidding'] : ask.topics;
  const needsAdSets = level === 'campaign' && (topics.includes('budget') || topics.includes('bidding'));
  const adsets: AdSetsByCampaign = new Map();
  if (needsAdSets) {
    const ids = read.rows.map((row) => row.id);
    const children = ids.length
      ? (await readSettings(ctx.db, ctx.scope, 'adset', [{ dimension: 'campaign', op: 'in', values: ids }]))
          .rows
      : [];
    for (const child of children)
      adsets.set(child.campaign_id, [...(adsets.get(child.campaign_id) ?? []), child]);
  }
  const wanted = wantedStatuses(ask.status);
  const filtered = wanted.length
    ? read.rows.filter((row) => wanted.some((w) => statusMatches(row, w)))
    : read.rows;
  // "Is X on a cost cap?": the one named is answered with what it uses, whatever that is.
  const matching = filtered.filter(
    (row) =>
      plan.subject !== undefined ||
      ((!ask.strategies.length ||
        strategiesOf(row, adsets).codes.some((code) => ask.strategies.includes(code))) &&
        (!ask.goals.length || (row.optimization_goal !== null && ask.goals.includes(row.optimization_goal)))),
  );
  const figures = topics.includes('status') || plan.metrics.length ? contextMetrics(plan) : [];
  const byKey = figures.length ? await figuresByRow(ctx, plan, level, figures) : new Map<string, ResultRow>();
  const rows = orderRows(plan, matching, adsets, byKey, figures);

  const lines: string[] = [];
  const label = levelLabel[level];
  if (!read.rows.length) {
    lines.push(
      `No ${label.many} match ${plan.scopeNames.join(', ') || 'the question'} in the connected accounts.`,
    );
  } else {
    if (topics.includes('status')) lines.push(...statusLines(ctx, plan, read.rows, matching, wanted));
    if (plan.metrics.length && matching.length) lines.push(...(await figureLines(ctx, plan, rows, byKey)));
    if (topics.includes('budget')) lines.push(...budgetLines(ctx, plan, rows, adsets));
    if (topics.includes('bidding')) lines.push(...biddingLines(ctx, plan, filtered, matching, adsets));
  }
  const items = [text(lines.join('\n\n'))];
  if (rows.length)
    items.push(table(tableRows(plan, topics, rows, adsets, byKey, figures), tableTitle(plan, topics)));
  const insights = insightLines(
    ctx,
    plan,
    topics,
    matching,
    adsets,
    figures.includes('spend') ? byKey : undefined,
  );
  return {
    items,
    insights,
    suggestions: suggestionsFor(plan, topics),
    steps: steps(plan, topics, figures),
    metrics: figures,
  };
}

/** The metrics named, per row (as many as are listed) and in all, from the executor. */
async function figureLines(
  ctx: ComposeContext,
  plan: SettingsPlan,
  rows: SettingsRow[],
  byKey: Map<string, ResultRow>,
): Promise<string[]> {
  const figures = (row: ResultRow | undefined) =>
    row ? plan.metrics.map((m) => `${metrics[m].label} ${ctx.value(row, m)}`).join(', ') : 'no delivery';
  const lines = rows.slice(0, LISTED).map((row) => `- **${row.name}**: ${figures(byKey.get(rowKey(row)))}`);
  const ids = rows.map((row) => row.id);
  if (rows.length > 1 && ids.length <= MAX_IDS) {
    const total = await ctx.run({
      metrics: plan.metrics,
      filters: [...plan.filters, { dimension: plan.level, op: 'in', values: ids }],
      time: { range: plan.range },
    });
    const [all] = total.rows;
    if (all && total.rows.length === 1) lines.push(`- **Together**: ${figures(all)}`);
  }
  return [`Over ${ctx.period(plan.range)}:\n${lines.join('\n')}`];
}

/** A filter takes at most this many ids. */
const MAX_IDS = 100;

/** Spend over the period gives a status list context; metrics named are shown instead. */
function contextMetrics(plan: SettingsPlan): MetricKey[] {
  return plan.metrics.length ? plan.metrics : ['spend'];
}

async function figuresByRow(
  ctx: ComposeContext,
  plan: SettingsPlan,
  level: SettingsLevel,
  figures: MetricKey[],
): Promise<Map<string, ResultRow>> {
  const result = await ctx.run({
    metrics: figures,
    dimensions: level === 'ad' ? ['ad', 'adset'] : [level],
    filters: plan.filters,
    time: { range: plan.range },
  });
  return new Map(result.rows.map((row) => [resultKey(level, row), row]));
}

function orderRows(
  plan: SettingsPlan,
  rows: SettingsRow[],
  adsets: AdSetsByCampaign,
  byKey: Map<string, ResultRow>,
  figures: MetricKey[],
): SettingsRow[] {
  if (plan.order && plan.ask.topics.includes('budget')) {
    const sign = plan.order === 'asc' ? 1 : -1;
    const value = (row: SettingsRow) => perDay(row, budgetOf(row, adsets));
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
      return sign * (x - y);
    });
  }
  const lead = figures[0];
  if (plan.metrics.length && lead)
    return [...rows].sort(
      (a, b) => Number(byKey.get(rowKey(b))?.[lead] ?? -1) - Number(byKey.get(rowKey(a))?.[lead] ?? -1),
    );
  return rows;
}

/** "your 8 campaigns", or "the 2 ad sets in ad sets named with “prospecting”". */
function scopeWords(ctx: ComposeContext, plan: SettingsPlan, count: number): string {
  const label = levelLabel[plan.level];
  const counted = settingCount(ctx, count, label.one, label.many);
  const [only, ...others] = plan.scopeNames;
  if (!only) return `your ${counted}`;
  // "ad sets named with “prospecting”" already says which level it filters.
  const named = others.length === 0 && only.startsWith(`${label.many} `);
  return named
    ? `the ${counted}${only.slice(label.many.length)}`
    : `the ${counted} in ${plan.scopeNames.join(', ')}`;
}

function statusText(row: SettingsRow): string {
  return settingWords(effectiveStatusLabels, effective(row)).replace(/^./, (c) => c.toLowerCase());
}

function statusLines(
  ctx: ComposeContext,
  plan: SettingsPlan,
  all: SettingsRow[],
  matching: SettingsRow[],
  wanted: StatusWanted[],
): string[] {
  if (plan.subject) return all.map((row) => subjectStatus(ctx, plan, row));
  const counts = new Map<string, number>();
  for (const row of all) {
    const status = effectiveStatusLabels[effective(row)] ?? humanizeCode(effective(row));
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const tally = sentenceList(
    [...counts].map(
      ([status, count]) =>
        `${ctx.evidence.setting(count, String(count), 'objects counted from settings')} ${status.toLowerCase()}`,
    ),
  );
  if (wanted.length === 0 || wanted.includes('any'))
    return [`Status of ${scopeWords(ctx, plan, all.length)}: ${tally}.`];
  const words = sentenceList(wanted.map((w) => statusWords[w]));
  if (!matching.length) return [`None of ${scopeWords(ctx, plan, all.length)} is ${words}: ${tally}.`];
  const lines = [
    `${settingCount(ctx, matching.length, '', '').trim()} of ${scopeWords(ctx, plan, all.length)} ${matching.length === 1 ? 'is' : 'are'} ${words}: ${nameList(
      ctx,
      matching.map((r) => r.name),
    )}.`,
  ];
  // Why each is not delivering: paused itself, or under a paused campaign or ad set.
  if (plan.level !== 'campaign' && matching.some((row) => effective(row) !== 'PAUSED')) {
    const causes = (
      [
        ['PAUSED', 'is paused itself', 'are paused themselves'],
        ['ADSET_PAUSED', 'is under a paused ad set', 'are under a paused ad set'],
        ['CAMPAIGN_PAUSED', 'is under a paused campaign', 'are under a paused campaign'],
      ] as const
    )
      .map(([code, one, many]) => {
        const rows = matching.filter((row) => effective(row) === code);
        const parents = rows.map((r) =>
          code === 'CAMPAIGN_PAUSED' ? r.campaign : code === 'ADSET_PAUSED' ? (r.adset ?? r.name) : r.name,
        );
        return rows.length
          ? `${ctx.evidence.setting(rows.length, String(rows.length), 'objects counted from settings')} ${rows.length === 1 ? one : many} (${nameList(ctx, parents)})`
          : '';
      })
      .filter(Boolean);
    if (causes.length) lines.push(`Why: ${causes.join('; ')}.`);
  }
  return lines;
}

function subjectStatus(ctx: ComposeContext, plan: SettingsPlan, row: SettingsRow): string {
  const where =
    row.level === 'campaign' ? '' : ` (in ${row.level === 'ad' ? `${row.adset}, ` : ''}${row.campaign})`;
  const status = effective(row);
  let line = `**${row.name}**${where} is ${statusText(row)}.`;
  if (row.status === 'ACTIVE' && status !== 'ACTIVE')
    line = `**${row.name}**${where} is switched on, but not delivering: ${statusText(row)}.`;
  if (plan.ask.schedule || row.level === 'campaign') {
    const start = row.start_day ? ctx.evidence.date(formatSpan(row.start_day, row.start_day)) : undefined;
    const stop = row.stop_day ? ctx.evidence.date(formatSpan(row.stop_day, row.stop_day)) : undefined;
    const campaign = row.level === 'campaign' ? 'It' : 'Its campaign';
    if (start && stop) line += ` ${campaign} is scheduled from ${start} to ${stop}.`;
    else if (start) line += ` ${campaign} started on ${start} and has no end date.`;
  }
  return line;
}

function budgetLines(
  ctx: ComposeContext,
  plan: SettingsPlan,
  rows: SettingsRow[],
  adsets: AdSetsByCampaign,
): string[] {
  if (!rows.length) return [];
  if (plan.subject) return rows.map((row) => subjectBudget(ctx, plan, row, adsets));
  const budgets = rows.map((row) => ({ row, budget: budgetOf(row, adsets) }));
  const lines: string[] = [];
  if (plan.level === 'campaign') {
    const own = budgets.filter((b) => b.budget.setOn === 'Campaign').length;
    const onAdSets = budgets.filter((b) => b.budget.setOn === 'Ad sets').length;
    const parts = [
      own
        ? `${settingCount(ctx, own, 'has a campaign budget', 'have a campaign budget')} (campaign budget optimization)`
        : '',
      onAdSets
        ? `${settingCount(ctx, onAdSets, 'has', 'have')} budgets on ${onAdSets === 1 ? 'its' : 'their'} ad sets instead (campaign budget optimization off)`
        : '',
    ].filter(Boolean);
    lines.push(
      `Budgets of ${scopeWords(ctx, plan, rows.length)}: ${sentenceList(parts) || 'none has a budget set'}.`,
    );
  } else {
    const shared = budgets.filter((b) => b.budget.setOn === 'Campaign (shared)').length;
    lines.push(
      `Budgets of ${scopeWords(ctx, plan, rows.length)}${shared ? `: ${settingCount(ctx, shared, 'has no budget of its own and shares', 'have no budget of their own and share')} its campaign's (campaign budget optimization)` : ''}.`,
    );
  }
  // Each budget in words, while the list is short enough to read.
  if (budgets.length <= LISTED && !plan.order)
    lines.push(
      budgets
        .map(
          ({ row, budget }) =>
            `- **${row.name}**: ${budgetWords(ctx, row, budget)}${budgetWhere(budget)}${pausedNote(row)}`,
        )
        .join('\n'),
    );
  const total = budgets.length > 1 ? dailyTotal(budgets) : undefined;
  if (total && !plan.order)
    lines.push(
      `Together the delivering ones have ${settingMoney(ctx, total.active, total.currency, 'sum of daily budgets')} a day in daily budgets${total.paused ? `; paused ones hold another ${settingMoney(ctx, total.paused, total.currency, 'sum of paused daily budgets')} a day` : ''}.`,
    );
  const currency = oneCurrency(rows);
  const first = budgets[0];
  if (plan.order && first && currency) {
    const value = perDay(first.row, first.budget);
    if (value !== null)
      lines.push(
        `${plan.order === 'desc' ? 'Biggest' : 'Smallest'}: **${first.row.name}**, ${budgetWords(ctx, first.row, first.budget)}.`,
      );
  } else if (plan.order && !currency) lines.push('Budgets in different currencies are not compared.');
  return lines;
}

const LISTED = 12;

function budgetWhere(budget: Budget): string {
  if (budget.setOn === 'Ad sets') return ' across its ad sets';
  if (budget.setOn === 'Campaign (shared)') return " (its campaign's, shared)";
  return '';
}

function pausedNote(row: SettingsRow): string {
  const status = effective(row);
  return status === 'ACTIVE'
    ? ''
    : ` (${(effectiveStatusLabels[status] ?? humanizeCode(status)).toLowerCase()})`;
}

/** The daily budgets added up, delivering and paused apart; none when currencies differ. */
function dailyTotal(
  budgets: { row: SettingsRow; budget: Budget }[],
): { active: number; paused: number; currency: string } | undefined {
  const currency = oneCurrency(budgets.map((b) => b.row));
  // A shared campaign budget shows on each of its ad sets: it is counted once, per campaign.
  const seen = new Set<string>();
  const counted = budgets.filter((b) => {
    if (b.budget.daily === null) return false;
    const key =
      b.budget.setOn === 'Campaign (shared)' ? `campaign:${b.row.campaign_id}` : `${b.row.level}:${b.row.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (!currency || !counted.length) return undefined;
  const sum = (list: typeof counted) => list.reduce((total, b) => total + (b.budget.daily ?? 0), 0);
  return {
    active: sum(counted.filter((b) => effective(b.row) === 'ACTIVE')),
    paused: sum(counted.filter((b) => effective(b.row) !== 'ACTIVE')),
    currency,
  };
}

/** "a daily budget of $190.00", "a lifetime budget of $8,500.00 over 29 days (about $293.10 a day)". */
function budgetWords(ctx: ComposeContext, row: SettingsRow, budget: Budget): string {
  const parts: string[] = [];
  if (budget.daily !== null)
    parts.push(`a daily budget of ${settingMoney(ctx, budget.daily, row.currency, 'daily budget')}`);
  if (budget.lifetime !== null) {
    const days = scheduledDays(row);
    const spread =
      days && row.start_day && row.stop_day && budget.daily === null
        ? ` for ${ctx.evidence.date(formatSpan(row.start_day, row.stop_day))} (${ctx.evidence.setting(days, String(days), 'scheduled days')} days, about ${settingMoney(ctx, budget.lifetime / days, row.currency, 'lifetime budget ÷ scheduled days')} a day)`
        : '';
    parts.push(
      `a lifetime budget of ${settingMoney(ctx, budget.lifetime, row.currency, 'lifetime budget')}${spread}`,
    );
  }
  return sentenceList(parts) || 'no budget set';
}

function subjectBudget(
  ctx: ComposeContext,
  plan: SettingsPlan,
  row: SettingsRow,
  adsets: AdSetsByCampaign,
): string {
  const budget = budgetOf(row, adsets);
  const asked = plan.ask.budget;
  const lacks =
    asked === 'daily' && budget.daily === null && budget.lifetime !== null
      ? ' It has no daily budget.'
      : asked === 'lifetime' && budget.lifetime === null && budget.daily !== null
        ? ' It has no lifetime budget.'
        : '';
  switch (budget.setOn) {
    case 'Campaign': {
      const children = adsets.get(row.id)?.length;
      const shared = children
        ? `: Meta shares it across its ${settingCount(ctx, children, 'ad set', 'ad sets')} (campaign budget optimization)`
        : ' (campaign budget optimization)';
      return `**${row.name}** has ${budgetWords(ctx, row, budget)}, set on the campaign${shared}.${lacks}`;
    }
    case 'Ad sets': {
      const children = (adsets.get(row.id) ?? []).filter(
        (s) => s.daily_budget !== null || s.lifetime_budget !== null,
      );
      const each = children.map((s) => `- ${s.name}: ${budgetWords(ctx, s, budgetOf(s, new Map()))}`);
      return `**${row.name}** has no campaign budget: campaign budget optimization is off and each of its ${settingCount(ctx, children.length, 'ad set has', 'ad sets has')} its own, ${budgetWords(ctx, row, budget).replace(/^a /, '')} in all.${lacks}\n${each.join('\n')}`;
    }
    case 'Ad set':
      return `**${row.name}** (in ${row.campaign}) has ${budgetWords(ctx, row, budget)}, set on the ad set (its campaign has no campaign budget).${lacks}`;
    case 'Campaign (shared)':
      return `**${row.name}** has no budget of its own: its campaign **${row.campaign}** has ${budgetWords(ctx, row, budget)}, shared across its ad sets (campaign budget optimization).${lacks}`;
    case 'None':
      return `**${row.name}** has no budget set on it${row.level === 'campaign' ? ' or its ad sets' : ' or its campaign'}.`;
  }
}

function strategyText(codes: string[]): string {
  return codes.length
    ? sentenceList(codes.map((code) => settingWords(bidStrategyLabels, code)))
    : 'no bid strategy set';
}

function biddingLines(
  ctx: ComposeContext,
  plan: SettingsPlan,
  all: SettingsRow[],
  matching: SettingsRow[],
  adsets: AdSetsByCampaign,
): string[] {
  const { ask } = plan;
  const goals = ask.bid.includes('optimization_goal') && plan.level !== 'campaign';
  if (plan.subject) return matching.map((row) => subjectBidding(ctx, row, goals, adsets));
  const asked = [
    ...ask.strategies.map((code) => settingWords(bidStrategyLabels, code)),
    ...ask.goals.map((code) => `the ${settingWords(optimizationGoalLabels, code)} optimization goal`),
  ];
  const lines: string[] = [];
  if (asked.length) {
    const what = sentenceList(asked);
    if (!matching.length) {
      const used = new Map<string, number>();
      for (const row of all)
        for (const code of strategiesOf(row, adsets).codes) used.set(code, (used.get(code) ?? 0) + 1);
      const instead = [...used].map(
        ([code, count]) =>
          `${settingWords(bidStrategyLabels, code)} (${settingCount(ctx, count, levelLabel[plan.level].one, levelLabel[plan.level].many)})`,
      );
      lines.push(
        `None of ${scopeWords(ctx, plan, all.length)} uses ${what}.${instead.length ? ` They use ${sentenceList(instead)}.` : ''}`,
      );
      return lines;
    }
    lines.push(
      `${settingCount(ctx, matching.length, '', '').trim()} of ${scopeWords(ctx, plan, all.length)} ${matching.length === 1 ? 'uses' : 'use'} ${what}: ${nameList(
        ctx,
        matching.map((r) => r.name),
      )}.`,
    );
  }
  // One line per combination of settings, so "which goal and bid strategy" reads at a glance.
  const combos = new Map<string, SettingsRow[]>();
  for (const row of matching) {
    const strategy = strategyText(strategiesOf(row, adsets).codes);
    const key = goals
      ? `${settingWords(optimizationGoalLabels, row.optimization_goal)}|${strategy}`
      : strategy;
    combos.set(key, [...(combos.get(key) ?? []), row]);
  }
  const phrase = (key: string, one: boolean) => {
    const [first, second] = key.split('|');
    const [optimize, bid] = one ? ['optimizes', 'bids'] : ['optimize', 'bid'];
    return goals ? `${optimize} for ${first} and ${bid} with ${second}` : `${bid} with ${first}`;
  };
  const [onlyKey] = [...combos.keys()];
  const single = matching[0];
  if (!asked.length && combos.size === 1 && onlyKey !== undefined && single) {
    lines.push(
      matching.length === 1
        ? `**${single.name}** ${phrase(onlyKey, true)}.`
        : `${capitalise(scopeWords(ctx, plan, matching.length))} ${phrase(onlyKey, false)}: ${nameList(
            ctx,
            matching.map((r) => r.name),
          )}.`,
    );
  } else if (!asked.length) {
    lines.push(`Bidding of ${scopeWords(ctx, plan, matching.length)}:`);
    for (const [key, rows] of combos)
      lines.push(
        `- ${capitalise(phrase(key, false))}: ${nameList(
          ctx,
          rows.map((r) => r.name),
        )}`,
      );
  }
  const inherited = matching.filter((row) => strategiesOf(row, adsets).setOn === 'Campaign (inherited)');
  if (inherited.length && plan.level !== 'campaign')
    lines.push(
      `The bid strategy of ${inherited.length === matching.length ? 'these' : settingCount(ctx, inherited.length, '', '').trim()} ${levelLabel[plan.level].many} is set on their campaign, which uses campaign budget optimization: every ad set under it inherits the campaign's bid strategy.`,
    );
  const perAdSet = matching.filter((row) => strategiesOf(row, adsets).setOn === 'Ad sets');
  if (perAdSet.length && plan.level === 'campaign')
    lines.push(
      `${nameList(
        ctx,
        perAdSet.map((r) => r.name),
      )} ${perAdSet.length === 1 ? 'sets its' : 'set their'} bid strategy per ad set (no campaign budget optimization).`,
    );
  return lines;
}

function subjectBidding(
  ctx: ComposeContext,
  row: SettingsRow,
  goals: boolean,
  adsets: AdSetsByCampaign,
): string {
  const { codes, setOn } = strategiesOf(row, adsets);
  const goal =
    goals || row.level === 'adset'
      ? ` optimizes for ${settingWords(optimizationGoalLabels, row.optimization_goal)} and`
      : '';
  const name = row.level === 'campaign' ? `**${row.name}**` : `**${row.name}** (in ${row.campaign})`;
  switch (setOn) {
    case 'Campaign': {
      const children = adsets.get(row.id)?.length;
      const inherit = children
        ? `: its ${settingCount(ctx, children, 'ad set inherits', 'ad sets inherit')} it`
        : '';
      return `${name} bids with ${strategyText(codes)}, set on the campaign${inherit}.`;
    }
    case 'Ad sets':
      return `${name} has no campaign bid strategy: each ad set sets its own, ${strategyText(codes)}.`;
    case 'Campaign (inherited)':
      return `${name}${goal} bids with ${strategyText(codes)}, inherited from its campaign (campaign budget optimization sets one bid strategy for all its ad sets).`;
    case 'Ad set':
      return `${name}${goal} bids with ${strategyText(codes)}, set on the ad set.`;
    case 'None':
      return `${name}${goal.replace(/ and$/, '.')} has no bid strategy set${goal ? '' : '.'}`.replace(
        '..',
        '.',
      );
  }
}

function tableRows(
  plan: SettingsPlan,
  topics: string[],
  rows: SettingsRow[],
  adsets: AdSetsByCampaign,
  byKey: Map<string, ResultRow>,
  figures: MetricKey[],
): DataRow[] {
  const out: DataRow[] = [];
  const withBudget = topics.includes('budget');
  for (const row of rows) {
    const data: DataRow = { [row.level]: row.name };
    if (row.level === 'ad') data.adset = row.adset;
    if (row.level !== 'campaign') data.campaign = row.campaign;
    if (topics.includes('status') || withBudget) {
      data.status = effectiveStatusLabels[row.status ?? ''] ?? (row.status ? humanizeCode(row.status) : null);
      data.effective_status = settingCell(effectiveStatusLabels, row.effective_status);
    }
    if (plan.ask.schedule) {
      data.start_day = row.start_day;
      data.stop_day = row.stop_day;
    }
    if (withBudget) Object.assign(data, budgetCells(row, budgetOf(row, adsets)));
    if (topics.includes('bidding')) {
      const { codes, setOn } = strategiesOf(row, adsets);
      data.bid_strategy = codes.map((code) => settingCell(bidStrategyLabels, code)).join('; ') || null;
      data.set_on = setOn;
      if (row.level !== 'campaign')
        data.optimization_goal = settingCell(optimizationGoalLabels, row.optimization_goal);
    }
    const result = byKey.get(rowKey(row));
    for (const metric of figures)
      data[metric] = (result?.[metric] as number | undefined) ?? (metric === 'spend' ? 0 : null);
    data.currency = row.currency;
    out.push(data);
    // A campaign without a campaign budget: its ad sets' budgets right under it.
    if (withBudget && row.level === 'campaign' && budgetOf(row, adsets).setOn === 'Ad sets')
      for (const child of adsets.get(row.id) ?? []) {
        out.push({
          campaign: row.name,
          adset: child.name,
          status: effectiveStatusLabels[child.status ?? ''] ?? child.status,
          effective_status: settingCell(effectiveStatusLabels, child.effective_status),
          ...budgetCells(child, budgetOf(child, new Map())),
          currency: child.currency,
        });
      }
  }
  return out;
}

function budgetCells(row: SettingsRow, budget: Budget): DataRow {
  return {
    budget_level: budget.setOn,
    daily_budget: budget.daily,
    lifetime_budget: budget.lifetime,
    budget_per_day: perDay(row, budget),
    ...(budget.lifetime !== null ? { start_day: row.start_day, stop_day: row.stop_day } : {}),
  };
}

function tableTitle(plan: SettingsPlan, topics: string[]): string {
  const many = levelLabel[plan.level].many;
  const what = topics.includes('budget') ? 'budgets' : topics.includes('bidding') ? 'bidding' : 'status';
  return `${many.charAt(0).toUpperCase()}${many.slice(1)}: ${what}`;
}

function steps(plan: SettingsPlan, topics: string[], figures: MetricKey[]): string[] {
  const out: string[] = [];
  if (topics.includes('status'))
    out.push(
      "**Status:** the effective status is Meta's delivery status: an ad switched on under a paused campaign or ad set does not deliver.",
    );
  if (topics.includes('budget'))
    out.push(
      '**Budgets:** in the account currency. With campaign budget optimization the budget sits on the campaign and is shared by its ad sets; without it each ad set has its own. A lifetime budget is spread over its schedule for the budget per day.',
    );
  if (topics.includes('bidding'))
    out.push(
      "**Bidding:** Meta's bid strategy code is shown next to its name in Ads Manager. An ad set without its own bid strategy uses its campaign's.",
    );
  if (figures.length && !plan.metrics.length)
    out.push(`**Spend:** shown for context over ${plan.range.label}.`);
  return out;
}

function insightLines(
  ctx: ComposeContext,
  plan: SettingsPlan,
  topics: string[],
  matching: SettingsRow[],
  adsets: AdSetsByCampaign,
  spendByKey: Map<string, ResultRow> | undefined,
): string[] {
  const out: string[] = [];
  if (topics.includes('status') && spendByKey) {
    const spent = (row: SettingsRow) => Number(spendByKey.get(rowKey(row))?.spend ?? 0) > 0;
    const idle = matching.filter((row) => effective(row) === 'ACTIVE' && !spent(row));
    if (idle.length)
      out.push(
        `${nameList(
          ctx,
          idle.map((row) => row.name),
          5,
        )} ${idle.length === 1 ? 'is' : 'are'} active but spent nothing in ${plan.range.label}: check ${idle.length === 1 ? 'its' : 'their'} delivery (audience, bid, schedule or review) in Ads Manager.`,
      );
    const recent = matching.filter((row) => PAUSED.includes(effective(row)) && spent(row));
    if (recent.length)
      out.push(
        `${nameList(
          ctx,
          recent.map((row) => row.name),
          5,
        )} still spent in ${plan.range.label}, so ${recent.length === 1 ? 'it was' : 'they were'} paused within it: compare ${recent.length === 1 ? 'its' : 'their'} results before and after to check the pause paid off.`,
      );
  }
  if (topics.includes('status')) {
    const underPaused = matching.filter(
      (row) => row.status === 'ACTIVE' && PAUSED.includes(effective(row)) && effective(row) !== 'PAUSED',
    );
    const label = levelLabel[plan.level];
    if (underPaused.length)
      out.push(
        `${underPaused.length === 1 ? `One ${label.one} is` : `Some ${label.many} are`} switched on but under a paused parent: switching the parent back on restarts all of them at once.`,
      );
  }
  if (
    topics.includes('budget') &&
    plan.level === 'campaign' &&
    matching.some((row) => budgetOf(row, adsets).setOn === 'Ad sets')
  )
    out.push(
      'Campaigns with budgets on their ad sets spend what each ad set allows; with campaign budget optimization Meta would move budget to the ad sets doing best.',
    );
  if (!out.length)
    out.push(
      'These are the settings as Meta reports them today; ask how a campaign performed to judge them.',
    );
  return out;
}

function suggestionsFor(plan: SettingsPlan, topics: string[]): string[] {
  if (topics.includes('budget'))
    return [
      'Are my campaigns pacing against their budgets this week?',
      'Which campaigns had the best ROAS last month?',
    ];
  if (topics.includes('bidding'))
    return ['Which campaigns had the lowest CPA last month?', 'What are my campaign budgets?'];
  return [
    `Which ${levelLabel[plan.level].many} spent the most in the last 7 days?`,
    'What are my campaign budgets?',
  ];
}

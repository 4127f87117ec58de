import type { DataRow } from '../../shared/api/answer';
import { formatNumber } from '../../shared/number-format';
import { addDays, daysBetween } from '../dates';
import type { ResultRow } from '../executor';
import { readSettings, type SettingsRead, type SettingsRow } from '../object-settings';
import type { Period } from '../parse/plan';
import { FILTER_VALUES_MAX } from '../query';
import { effectiveStatusLabels, humanizeCode } from '../setting-labels';
import { type ComposeContext, formatSpan, table, text } from './context';
import { nameList, type SettingsParts, type SettingsPlan, settingCount, settingMoney } from './objects';

/** Below this share of its budget a budget is under pace; above the next, over. */
const UNDER = 90;
const OVER = 110;

/** A budget as set: on a campaign (campaign budget optimization) or on an ad set. */
interface Holder {
  level: 'campaign' | 'adset';
  id: string;
  name: string;
  campaign: string;
  currency: string;
  effective: string;
  daily: number | null;
  lifetime: number | null;
  start: string | null;
  stop: string | null;
}

interface Paced {
  holder: Holder;
  spend: number;
  /** Whether the executor returned a row: no row is no spend, which the text says as a setting. */
  spent: boolean;
  /** What the budget allowed by now: daily × days in the period, or the lifetime budget's even share. */
  allowed: number;
  used: number;
  days: number;
  pace: 'Under' | 'On pace' | 'Over';
  lifetime?: { elapsed: number; total: number; left: number; remaining: number; spentShare: number };
}

function holdersOf(rows: SettingsRow[], adsets: SettingsRow[]): Holder[] {
  const out: Holder[] = [];
  const seen = new Set<string>();
  const push = (holder: Holder) => {
    if (seen.has(`${holder.level}:${holder.id}`)) return;
    seen.add(`${holder.level}:${holder.id}`);
    out.push(holder);
  };
  const fromAdSet = (s: SettingsRow) =>
    push({
      level: 'adset',
      id: s.id,
      name: s.name,
      campaign: s.campaign,
      currency: s.currency,
      effective: s.effective_status ?? s.status ?? 'UNKNOWN',
      daily: s.daily_budget,
      lifetime: s.lifetime_budget,
      start: s.start_day,
      stop: s.stop_day,
    });
  for (const row of rows) {
    if (row.level === 'campaign' && (row.daily_budget !== null || row.lifetime_budget !== null)) {
      push({
        level: 'campaign',
        id: row.id,
        name: row.name,
        campaign: row.name,
        currency: row.currency,
        effective: row.effective_status ?? row.status ?? 'UNKNOWN',
        daily: row.daily_budget,
        lifetime: row.lifetime_budget,
        start: row.start_day,
        stop: row.stop_day,
      });
    } else if (row.level === 'campaign') {
      for (const s of adsets.filter(
        (a) => a.campaign_id === row.id && (a.daily_budget !== null || a.lifetime_budget !== null),
      ))
        fromAdSet(s);
    } else if (row.daily_budget !== null || row.lifetime_budget !== null) fromAdSet(row);
    else if (row.campaign_daily_budget !== null || row.campaign_lifetime_budget !== null)
      push({
        level: 'campaign',
        id: row.campaign_id,
        name: row.campaign,
        campaign: row.campaign,
        currency: row.currency,
        effective: row.campaign_status ?? 'UNKNOWN',
        daily: row.campaign_daily_budget,
        lifetime: row.campaign_lifetime_budget,
        start: row.start_day,
        stop: row.stop_day,
      });
  }
  return out;
}

/** The days of `range` the holder was scheduled to run. */
function scheduledIn(range: Period, holder: Holder): { start: string; end: string } | undefined {
  const start = holder.start && holder.start > range.start ? holder.start : range.start;
  const end = holder.stop && holder.stop < range.end ? holder.stop : range.end;
  return start <= end ? { start, end } : undefined;
}

const paceOf = (used: number): Paced['pace'] => (used < UNDER ? 'Under' : used > OVER ? 'Over' : 'On pace');

/**
 * Spend against budget: for a daily budget, spend over the period against the budget times the
 * days it was scheduled; for a lifetime budget, spend to date against an even share of it for the
 * days gone, with what is left and the days left. Budgets that are not delivering are set aside.
 */
export async function composePacing(
  ctx: ComposeContext,
  plan: SettingsPlan,
  read: SettingsRead,
): Promise<SettingsParts> {
  const campaignsWithout = read.rows.filter(
    (row) => row.level === 'campaign' && row.daily_budget === null && row.lifetime_budget === null,
  );
  const adsets = campaignsWithout.length
    ? (
        await readSettings(ctx.db, ctx.scope, 'adset', [
          { dimension: 'campaign', op: 'in', values: campaignsWithout.map((row) => row.id) },
        ])
      ).rows
    : [];
  const holders = holdersOf(read.rows, adsets);
  const delivering = holders.filter((h) => h.effective === 'ACTIVE');
  const idle = holders.filter((h) => h.effective !== 'ACTIVE');
  const dataEnd = plan.range.end;

  // One row per holder, so an agency's hundreds of budgets are read in parts of a filter's size.
  const spendBy = async (
    level: 'campaign' | 'adset',
    ids: string[],
    range: { start: string; end: string },
  ) => {
    const parts = Array.from({ length: Math.ceil(ids.length / FILTER_VALUES_MAX) }, (_, i) =>
      ids.slice(i * FILTER_VALUES_MAX, (i + 1) * FILTER_VALUES_MAX),
    );
    const results = await Promise.all(
      parts.map((values) =>
        ctx.run({
          metrics: ['spend'],
          dimensions: [level],
          filters: [{ dimension: level, op: 'in', values }],
          time: { range },
        }),
      ),
    );
    return results.flatMap((result) => result.rows);
  };
  const daily = delivering.filter((h) => h.daily !== null);
  const lifetime = delivering.filter((h) => h.daily === null && h.lifetime !== null && h.start && h.stop);
  const [campaignSpend, adsetSpend, lifetimeSpend] = await Promise.all([
    spendBy(
      'campaign',
      daily.filter((h) => h.level === 'campaign').map((h) => h.id),
      plan.range,
    ),
    spendBy(
      'adset',
      daily.filter((h) => h.level === 'adset').map((h) => h.id),
      plan.range,
    ),
    Promise.all(
      lifetime.map((h) =>
        spendBy(h.level, [h.id], {
          start: h.start as string,
          end: (h.stop as string) < dataEnd ? (h.stop as string) : dataEnd,
        }),
      ),
    ),
  ]);
  const spendOf = (rows: ResultRow[], h: Holder) => {
    const row = rows.find((r) => r[`${h.level}_id`] === h.id);
    return { spend: Number(row?.spend ?? 0), spent: typeof row?.spend === 'number' };
  };

  const paced: Paced[] = [];
  const unscheduled: Holder[] = [];
  for (const h of daily) {
    const window = scheduledIn(plan.range, h);
    if (!window) {
      unscheduled.push(h);
      continue;
    }
    const days = daysBetween(window);
    const allowed = (h.daily as number) * days;
    const { spend, spent } = spendOf(h.level === 'campaign' ? campaignSpend : adsetSpend, h);
    const used = (spend / allowed) * 100;
    paced.push({ holder: h, spend, spent, allowed, used, days, pace: paceOf(used) });
  }
  lifetime.forEach((h, index) => {
    const start = h.start as string;
    const stop = h.stop as string;
    if (start > dataEnd) {
      unscheduled.push(h);
      return;
    }
    const total = daysBetween({ start, end: stop });
    const elapsed = daysBetween({ start, end: stop < dataEnd ? stop : dataEnd });
    const { spend, spent } = spendOf(lifetimeSpend[index] ?? [], h);
    const budget = h.lifetime as number;
    const allowed = (budget * elapsed) / total;
    const used = (spend / allowed) * 100;
    const left = stop > dataEnd ? daysBetween({ start: addDays(dataEnd, 1), end: stop }) : 0;
    paced.push({
      holder: h,
      spend,
      spent,
      allowed,
      used,
      days: elapsed,
      pace: paceOf(used),
      lifetime: { elapsed, total, left, remaining: budget - spend, spentShare: (spend / budget) * 100 },
    });
  });

  const shown = plan.ask.pace
    ? paced.filter((p) => p.pace === (plan.ask.pace === 'under' ? 'Under' : 'Over'))
    : paced;
  const under = () => ctx.evidence.constant(UNDER, `${UNDER}%`, 'pacing threshold');
  const over = () => ctx.evidence.constant(OVER, `${OVER}%`, 'pacing threshold');
  const lines: string[] = [];
  if (!holders.length)
    lines.push('None of these campaigns or ad sets has a budget set, so there is nothing to pace against.');
  else if (!paced.length)
    lines.push(`No budget was delivering in ${ctx.period(plan.range)}, so there is no pacing to judge.`);
  else if (plan.ask.pace && !shown.length)
    lines.push(
      `No budget is ${plan.ask.pace === 'under' ? `under pace (below ${under()} of what it allowed)` : `over pace (above ${over()} of what it allowed)`} in ${ctx.period(plan.range)}: ${settingCount(ctx, paced.length, 'budget was', 'budgets were')} checked.`,
    );
  else {
    const dailyShown = shown.filter((p) => !p.lifetime);
    if (dailyShown.length)
      lines.push(
        `Spend against daily budgets over ${ctx.period(plan.range)}:\n${dailyShown.map((p) => dailyLine(ctx, p)).join('\n')}`,
      );
    const lifetimeShown = shown.filter((p) => p.lifetime);
    if (lifetimeShown.length)
      lines.push(
        `Lifetime budgets, spend to date (through ${ctx.evidence.date(formatSpan(dataEnd, dataEnd))}):\n${lifetimeShown.map((p) => lifetimeLine(ctx, p)).join('\n')}`,
      );
  }
  if (idle.length)
    lines.push(
      `Not delivering, so not paced: ${nameList(
        ctx,
        idle.map(
          (h) =>
            `${h.name} (${(effectiveStatusLabels[h.effective] ?? humanizeCode(h.effective)).toLowerCase()})`,
        ),
      )}.`,
    );
  if (unscheduled.length)
    lines.push(
      `Not scheduled to run in the period: ${nameList(
        ctx,
        unscheduled.map((h) => h.name),
      )}.`,
    );

  const items = [text(lines.join('\n\n'))];
  if (shown.length) items.push(table(shown.map(tableRow), 'Spend against budget'));
  return {
    items,
    insights: insights(ctx, shown),
    suggestions: ['What are my campaign budgets?', 'Which campaigns had the best ROAS last week?'],
    steps: [
      `**Daily budgets:** budget for the period = daily budget × the days it was scheduled in the period; budget used = spend ÷ that. Under ${under()} is under pace, over ${over()} over pace. Meta may spend more than a daily budget on a given day and evens it out over the week.`,
      '**Lifetime budgets:** spend from the start date to date against an even share of the budget for the days gone.',
      '**Budgets** are today’s: a budget changed during the period is judged at its current amount.',
    ],
    metrics: ['spend'],
  };
}

function percent(ctx: ComposeContext, value: number, why: string): string {
  return ctx.evidence.setting(value, formatNumber(value, 'percent'), why);
}

function holderName(h: Holder): string {
  return h.level === 'adset' ? `**${h.name}** (ad set in ${h.campaign})` : `**${h.name}**`;
}

function dailyLine(ctx: ComposeContext, p: Paced): string {
  const { holder: h } = p;
  const daily = settingMoney(ctx, h.daily as number, h.currency, 'daily budget');
  const days = ctx.evidence.setting(p.days, String(p.days), 'days scheduled in the period');
  return `- ${holderName(h)}: spent ${spentWords(ctx, p)} of ${settingMoney(ctx, p.allowed, h.currency, 'daily budget × days')} (${days} ${p.days === 1 ? 'day' : 'days'} × ${daily}), ${percent(ctx, p.used, 'spend ÷ budget for the period')}: ${p.pace.toLowerCase()}${p.pace === 'On pace' ? '' : ' pace'}.`;
}

function lifetimeLine(ctx: ComposeContext, p: Paced): string {
  const { holder: h } = p;
  const life = p.lifetime as NonNullable<Paced['lifetime']>;
  const budget = settingMoney(ctx, h.lifetime as number, h.currency, 'lifetime budget');
  const count = (n: number, why: string) => ctx.evidence.setting(n, String(n), why);
  const perDay =
    life.left > 0
      ? ` ${settingMoney(ctx, Math.max(0, life.remaining), h.currency, 'lifetime budget − spend')} is left for ${count(life.left, 'days left')} ${life.left === 1 ? 'day' : 'days'}: ${settingMoney(ctx, Math.max(0, life.remaining) / life.left, h.currency, 'budget left ÷ days left')} a day.`
      : ' Its schedule has ended.';
  return `- ${holderName(h)}: spent ${spentWords(ctx, p)} of its ${budget} lifetime budget (${percent(ctx, life.spentShare, 'spend ÷ lifetime budget')}) after ${count(life.elapsed, 'days gone')} of ${count(life.total, 'scheduled days')} days; an even pace would be ${settingMoney(ctx, p.allowed, h.currency, 'lifetime budget × days gone ÷ scheduled days')} by now, so it is ${p.pace === 'On pace' ? 'on pace' : `${p.pace.toLowerCase()} pace`} (${percent(ctx, p.used, 'spend ÷ even pace')}).${perDay}`;
}

function tableRow(p: Paced): DataRow {
  const { holder: h } = p;
  return {
    campaign: h.campaign,
    ...(h.level === 'adset' ? { adset: h.name } : {}),
    budget_level: h.level === 'campaign' ? 'Campaign' : 'Ad set',
    daily_budget: h.daily,
    lifetime_budget: h.lifetime,
    budget_for_period: p.allowed,
    spend: p.spend,
    budget_used: p.used,
    pace: p.pace,
    ...(p.lifetime ? { budget_left: p.lifetime.remaining, days_left: p.lifetime.left } : {}),
    currency: h.currency,
  };
}

function insights(ctx: ComposeContext, shown: Paced[]): string[] {
  const under = shown.filter((p) => p.pace === 'Under').sort((a, b) => a.used - b.used);
  const over = shown.filter((p) => p.pace === 'Over').sort((a, b) => b.used - a.used);
  const out: string[] = [];
  const first = under[0];
  if (first)
    out.push(
      `${holderName(first.holder)} spends the least of its budget (${percent(ctx, first.used, 'spend ÷ budget for the period')}): check whether its audience or bid strategy limits delivery before raising its budget.`,
    );
  const top = over[0];
  if (top)
    out.push(
      `${holderName(top.holder)} runs ahead of its budget (${percent(ctx, top.used, 'spend ÷ budget for the period')}): expect it to slow down, or move budget to it if its results hold.`,
    );
  if (!out.length && shown.length)
    out.push('Every budget shown is on pace: no change is needed for delivery.');
  return out;
}

/** Spend from the executor's row, or none when it returned no row for this budget. */
function spentWords(ctx: ComposeContext, p: Paced): string {
  return p.spent
    ? ctx.evidence.metric(p.spend, 'money', p.holder.currency)
    : ctx.evidence.setting(0, formatNumber(0, 'money', p.holder.currency), 'no spend rows in the period');
}

import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import { formatNumber } from '../../shared/number-format';
import { type MetricKey, metrics } from '../metrics';
import {
  accountsWithoutSettings,
  readSettings,
  type SettingsRead,
  type SettingsRow,
} from '../object-settings';
import type { Plan } from '../parse/plan';
import type { SettingsLevel } from '../parse/settings-plan';
import { type ComposeContext, formatSpan, levelLabel, text } from './context';
import { declineAnswer } from './decline';
import { assistantMessage } from './message';
import { composeCopy } from './objects-copy';
import { composePacing } from './objects-pacing';
import { composeSettingsTable } from './objects-table';
import { accountsCovered } from './reasoning';
import { sentenceList } from './words';

export type SettingsPlan = Extract<Plan, { kind: 'settings' }>;

/** What a settings composer hands back: the analytics part, insights and suggestions. */
export interface SettingsParts {
  items: ContentItem[];
  insights: string[];
  suggestions: string[];
  /** Extra lines for "how this was read": what the settings mean, what was left out. */
  steps: string[];
  /** Metrics shown beside the settings, for the formulas line. */
  metrics: MetricKey[];
}

/**
 * Answers a question about campaign, ad set and ad settings from the settings ARLO read on its
 * last sync. Accounts whose settings were never read are named, never guessed: with none read the
 * question is declined, with some read the answer covers those and names the others.
 */
export async function composeSettings(ctx: ComposeContext, plan: SettingsPlan): Promise<AssistantMessage> {
  const level: SettingsLevel = plan.topic === 'copy' ? 'ad' : plan.level;
  const read = await readSettings(ctx.db, ctx.scope, level, plan.filters);
  const missing = accountsWithoutSettings(read.rows);
  const known = read.rows.filter((row) => !missing.some((account) => account.id === row.account_id));
  if (read.rows.length > 0 && known.length === 0) return noSettingsAnswer(missing.map((a) => a.name));
  // An object Meta's settings endpoints did not return (deleted since, say) has no settings to show.
  const unread = known.filter((row) => row.settings_at === null);
  const settings: SettingsRead = { ...read, rows: known.filter((row) => row.settings_at !== null) };
  const parts =
    plan.topic === 'pacing'
      ? await composePacing(ctx, plan, settings)
      : plan.topic === 'copy'
        ? await composeCopy(ctx, plan, settings)
        : await composeSettingsTable(ctx, plan, settings);
  if (unread.length)
    parts.steps.push(
      `**Not read:** ${nameList(
        ctx,
        unread.map((row) => row.name),
        5,
      )} ${unread.length === 1 ? 'has' : 'have'} results but no settings from Meta (deleted or archived since, for instance), so ${unread.length === 1 ? 'it is' : 'they are'} left out.`,
    );
  const errors = [
    ...(missing.length
      ? [
          `ARLO has no settings for ${sentenceList(missing.map((a) => a.name))} yet: their campaigns, ad sets and ads are left out above until their settings are synced.`,
        ]
      : []),
    ...plan.unavailable,
  ];
  const message = assistantMessage(
    { type: 'complex', data: parts.items },
    settingsReasoning(ctx, plan, settings, parts),
    text(
      parts.insights.length
        ? parts.insights.map((line) => `- ${line}`).join('\n')
        : 'Nothing to act on here.',
      'Actionable insights',
    ),
    parts.suggestions,
  );
  return errors.length ? { ...message, error: text(errors.join(' ')) } : message;
}

/** No settings were ever read for these accounts: say so, with no figures, rather than guess. */
function noSettingsAnswer(accounts: string[]): AssistantMessage {
  return declineAnswer(
    `ARLO has no campaign, ad set or ad settings for ${sentenceList(accounts)} yet: it has their results, but not their status, budgets, bidding or ads' copy. They are read on the next sync.`,
    ['How much did I spend last week?', 'Which ads spent the most in the last 7 days?'],
  );
}

function settingsReasoning(
  ctx: ComposeContext,
  plan: SettingsPlan,
  read: SettingsRead,
  parts: SettingsParts,
): ContentItem {
  const lines: string[] = [];
  const latest = read.rows.reduce<string | null>(
    (max, row) => (row.settings_at && (!max || row.settings_at > max) ? row.settings_at : max),
    null,
  );
  const when = latest
    ? ` (last read ${ctx.evidence.date(formatSpan(latest.slice(0, 10), latest.slice(0, 10)))})`
    : '';
  lines.push(
    `- **Settings:** as Meta reported them when ARLO last synced${when}: they are today's settings, not those of past days.`,
  );
  if (ctx.queries.length) lines.push(`- **Figures:** ${ctx.period(plan.range)}, whole days, inclusive.`);
  const accounts = accountsCovered(ctx, plan.filters);
  lines.push(
    `- **Accounts:** ${accounts.map((a) => `${a.name} (${a.currency})`).join(', ') || 'none connected'}; only active accounts are included.`,
  );
  const narrowed = plan.scopeNames.filter((name) => !accounts.some((a) => a.name === name));
  if (narrowed.length) lines.push(`- **Filtered to:** ${narrowed.join(', ')}.`);
  lines.push(`- **Level:** ${levelLabel[plan.topic === 'copy' ? 'ad' : plan.level].one}.`);
  const formulas = parts.metrics
    .filter((m) => metrics[m].ratio)
    .map((m) => {
      const factor = metrics[m].ratio?.factor ?? 1;
      // The ×100 and ×1000 in a formula are definitions, not data.
      if (factor !== 1) ctx.evidence.constant(factor, String(factor), 'formula factor');
      return `${metrics[m].label} = ${metrics[m].formula}`;
    });

  if (formulas.length) lines.push(`- **Formulas:** ${formulas.join('; ')}.`);
  for (const step of parts.steps) lines.push(`- ${step}`);
  for (const note of plan.notes) lines.push(`- ${note}`);
  const queries = ctx.queries.length;
  lines.push(
    queries
      ? `- **Source:** the synced settings, and ${ctx.evidence.count([...ctx.queries])} SQL ${queries === 1 ? 'query' : 'queries'} over the synced daily ad rows.`
      : '- **Source:** the synced campaign, ad set and ad settings.',
  );
  return text(lines.join('\n'), 'How this was computed');
}

/** A budget or other amount read from settings, in the account's currency, with its evidence. */
export function settingMoney(ctx: ComposeContext, value: number, currency: string, why: string): string {
  return ctx.evidence.setting(value, formatNumber(value, 'money', currency), why);
}

/** A count of settings rows ("3 ad sets"), with its evidence. */
export function settingCount(ctx: ComposeContext, count: number, one: string, many: string): string {
  return `${ctx.evidence.setting(count, count.toLocaleString('en-US'), 'objects counted from settings')} ${count === 1 ? one : many}`;
}

/** "**A**, **B** and 3 more": names listed, long lists cut. */
export function nameList(ctx: ComposeContext, names: readonly string[], max = 8): string {
  const bold = [...new Set(names)].map((name) => `**${name}**`);
  if (bold.length <= max) return sentenceList(bold);
  const more = bold.length - max;
  return `${bold.slice(0, max).join(', ')} and ${ctx.evidence.setting(more, String(more), 'objects counted from settings')} more`;
}

/** The rows' one currency, or undefined when they mix currencies (amounts are then not compared). */
export function oneCurrency(rows: readonly SettingsRow[]): string | undefined {
  const codes = new Set(rows.map((row) => row.currency));
  return codes.size === 1 ? [...codes][0] : undefined;
}

/** The settings question as ARLO read it ("paused ads", "budgets of Alpha Prospecting"), for the reasoning. */
export function settingsStated(ctx: ComposeContext, plan: SettingsPlan, scope: string): string {
  const many = levelLabel[plan.level].many;
  const [only, ...others] = plan.scopeNames;
  // "ad sets named with “prospecting”" already names the level.
  const which = only && !others.length && only.startsWith(`${many} `) ? only : `${many}${scope}`;
  const of = plan.subject ? plan.subject.name : which;
  const period = plan.range.label;
  switch (plan.topic) {
    case 'status': {
      const words = plan.ask.status.filter((s) => s !== 'any');
      const figures = plan.metrics.length
        ? `, with ${plan.metrics.map((m) => metrics[m].label).join(', ')} over ${period}`
        : '';
      return plan.subject
        ? `the status of ${plan.subject.name}`
        : `${words.length ? `${sentenceList(words.map((w) => (w === 'inactive' ? 'not delivering' : w)))} ` : 'the status of '}${which}${figures}`;
    }
    case 'budget':
      return `the budget${plan.subject ? '' : 's'} of ${of}`;
    case 'pacing':
      return `spend against budget${scope}, ${period}`;
    case 'bidding':
      return `the bid strateg${plan.subject ? 'y' : 'ies'}${plan.ask.bid.includes('optimization_goal') ? ' and optimization goals' : ''} of ${of}`;
    case 'copy': {
      if (plan.subject) return `the copy of ${plan.subject.name}`;
      const pick = plan.pick;
      if (!pick) return `ads with their copy and thumbnails${scope}, ${period}`;
      const count = ctx.evidence.constant(pick.limit, String(pick.limit), 'rows asked for');
      return `the copy of the top ${count} ${pick.limit === 1 ? 'ad' : 'ads'} by ${metrics[pick.metric].label} (${pick.direction === 'desc' ? 'highest' : 'lowest'} first)${scope}, ${period}`;
    }
    case 'overview':
      return `the settings of ${of}`;
  }
}

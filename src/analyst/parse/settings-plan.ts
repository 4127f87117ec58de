import { addDays } from '../dates';
import { isSegmentDimension } from '../dimensions';
import { type MetricKey, metrics as registry } from '../metrics';
import { type BuildContext, resolvePeriod, unnamedMetric } from './build-plan';
import type { EntityMatch } from './entities';
import type { Filters, Period, Plan } from './plan';
import type { Reading } from './reading';
import type { SettingsAsk, SettingsTopic } from './rules/settings';
import { LEARNING_PHASE } from './unsupported/settings';

export type SettingsLevel = 'campaign' | 'adset' | 'ad';

/** A question about settings, as the settings composers answer it. */
export interface SettingsQuestion {
  ask: SettingsAsk;
  /** What the answer lists, or what the subject is. */
  topic: SettingsTopic;
  level: SettingsLevel;
  /** The one campaign, ad set or ad the question names, at the finest level named. */
  subject?: EntityMatch;
  /** Metrics the question names, shown over the period next to the settings. */
  metrics: MetricKey[];
  /** "My top-spending ad", "best 3 ads": ads ranked by a metric, then their settings. */
  pick?: { metric: MetricKey; direction: 'asc' | 'desc'; limit: number };
  /** "Which campaign has the biggest budget": rows ordered by budget. */
  order?: 'asc' | 'desc';
  /** Parts of the question ARLO cannot answer (learning phase, bid amounts): the error section. */
  unavailable: string[];
}

const CONTEXT_DAYS = 7;
/** "How are my active campaigns doing": the key figures of the ones listed. */
const OVERVIEW_METRICS: MetricKey[] = ['spend', 'conversions', 'cpa', 'roas'];
const COPY_DAYS = 30;
const depth: Record<EntityMatch['level'], number> = { account: 0, campaign: 1, adset: 2, ad: 3 };

/**
 * The plan for a question about settings: the level to list, the one thing named, the filters the
 * names and fragments make, the period for the figures shown beside the settings (spend over the
 * last 7 days for context, unless a period or metric is named), and what stays unanswered.
 */
export function settingsPlan(
  r: Reading,
  ctx: BuildContext,
  base: { filters: Filters; scopeNames: string[] },
): Plan | undefined {
  const ask = r.settings as SettingsAsk;
  // "Why did my active campaigns' CPA rise": a diagnosis or advice about them, not a status list.
  const statusOnly = ask.topics.every((t) => t === 'status');
  if (statusOnly && r.intent && r.intent.kind !== 'overview' && !r.unsupported) return undefined;
  // "The audience size of my active campaigns": "active" only narrows what cannot be answered, so
  // listing the active campaigns would answer another question. Learning is asked beside a status.
  if (r.unsupported && statusOnly && r.unsupported.message !== LEARNING_PHASE)
    return { kind: 'decline', message: r.unsupported.message, suggestions: r.unsupported.suggestions };
  const segment = base.filters.find((f) => isSegmentDimension(f.dimension) && f.dimension !== 'format');
  if (segment) {
    return {
      kind: 'decline',
      message:
        'Campaign, ad set and ad settings are set per campaign, ad set or ad: they do not split by audience segment or placement.',
      suggestions: ['Which campaigns are paused?', 'What are my campaign budgets?'],
    };
  }
  const named = r.entities.filter((e) => e.level !== 'account');
  const filters: Filters = [...base.filters];
  // Several names at one level are alternatives ("the budgets of X and Y"); levels narrow each other.
  for (const level of ['campaign', 'adset', 'ad'] as const) {
    const ids = [...new Set(named.filter((e) => e.level === level).flatMap((e) => e.ids))];
    if (ids.length) filters.push({ dimension: level, op: 'in', values: ids });
  }
  const deepest = Math.max(-1, ...named.map((e) => depth[e.level]));
  const finest = named.filter((e) => depth[e.level] === deepest);
  const single = finest.length === 1 ? finest[0] : undefined;
  const scopeNames = [...base.scopeNames, ...named.map((e) => e.name)];
  const notes: string[] = [];
  const topic = mainTopic(ask);
  const level = levelFor(r, ask, topic, single, notes);
  // "Which ads run in Retargeting": a campaign named narrows a list of ads; it is not their subject.
  const subject = single && single.level === level ? single : undefined;
  const pick = topic === 'copy' && !(subject?.level === 'ad') ? pickOf(r, notes) : undefined;
  const order = ask.topics.includes('budget') ? orderOf(r) : undefined;
  const figures =
    topic === 'pacing' ||
    topic === 'status' ||
    r.metrics.length > 0 ||
    (topic === 'copy' && !pick && subject?.level !== 'ad') ||
    Boolean(pick);
  const period = periodFor(r, ctx, topic, figures, notes);
  if ('decline' in period) return period.decline;
  const unavailable = [
    ...(r.unsupported ? [r.unsupported.message] : []),
    ...(ask.missing.includes('bid amounts')
      ? [
          "ARLO doesn't have bid amounts (the cap or ROAS floor values): it reads which bid strategy each campaign and ad set uses, not the amount set.",
        ]
      : []),
  ];
  return {
    kind: 'settings',
    range: period.range,
    filters,
    scopeNames,
    notes,
    ask,
    topic,
    level,
    ...(subject ? { subject } : {}),
    metrics: r.metrics.length || r.intent?.kind !== 'overview' ? r.metrics : OVERVIEW_METRICS,
    ...(pick ? { pick } : {}),
    ...(order ? { order } : {}),
    unavailable,
  };
}

/** Pacing needs budgets and spend; copy is about ads; otherwise the first thing named leads. */
function mainTopic(ask: SettingsAsk): SettingsTopic {
  if (ask.topics.includes('pacing')) return 'pacing';
  if (ask.topics.includes('copy')) return 'copy';
  return ask.topics.find((t) => t !== 'overview') ?? 'overview';
}

function levelFor(
  r: Reading,
  ask: SettingsAsk,
  topic: SettingsTopic,
  subject: EntityMatch | undefined,
  notes: string[],
): SettingsLevel {
  if (topic === 'copy') return 'ad';
  const asked = [r.byLevel, ...r.levels].find(
    (level): level is SettingsLevel => level === 'campaign' || level === 'adset' || level === 'ad',
  );
  const level = asked ?? (subject?.level as SettingsLevel | undefined) ?? 'campaign';
  const goalOnly = topic === 'bidding' && ask.bid.includes('optimization_goal');
  if (goalOnly && level === 'campaign') {
    notes.push('Optimization goals are set per ad set, so this lists ad sets.');
    return 'adset';
  }
  if (level === 'ad' && (topic === 'budget' || topic === 'bidding' || topic === 'pacing')) {
    notes.push(
      `Ads have no ${topic === 'bidding' ? 'bid strategy' : 'budget'} of their own: this shows their ad sets'.`,
    );
    return 'adset';
  }
  return level;
}

/** The ads a copy question ranks first: by the metric named, else the way rankings choose. */
function pickOf(r: Reading, notes: string[]): SettingsQuestion['pick'] {
  if (!r.direction && !r.limit && !/\btop\b/.test(r.text)) return undefined;
  const metric = r.metrics[0] ?? unnamedMetric(r, notes);
  const lowerIsBetter = registry[metric].better === 'lower';
  const direction =
    r.direction === 'high'
      ? 'desc'
      : r.direction === 'low'
        ? 'asc'
        : r.direction === 'bad'
          ? lowerIsBetter
            ? 'desc'
            : 'asc'
          : lowerIsBetter
            ? 'asc'
            : 'desc';
  const plural = /\b(?:ads|creatives|headlines|ctas|thumbnails)\b/.test(r.text);
  return { metric, direction, limit: r.limit ?? (plural ? 5 : 1) };
}

function orderOf(r: Reading): 'asc' | 'desc' | undefined {
  if (r.direction === 'high' || r.direction === 'good') return 'desc';
  if (r.direction === 'low' || r.direction === 'bad') return 'asc';
  return undefined;
}

/**
 * The period of the figures beside the settings. Pacing without a period looks at the last 7 days;
 * copy and creative tables, as any metric question, at the last 30; other settings show the last
 * 7 days' spend for context.
 */
function periodFor(
  r: Reading,
  ctx: BuildContext,
  topic: SettingsTopic,
  figures: boolean,
  notes: string[],
): { range: Period } | { decline: Plan } {
  const days = topic === 'copy' || (topic !== 'pacing' && r.metrics.length) ? COPY_DAYS : CONTEXT_DAYS;
  if (r.range || r.lifetime || r.compare) return resolvePeriod(r, ctx, days, notes);
  const lastFull = addDays(ctx.today, -1);
  const end = ctx.catalog.lastDay && ctx.catalog.lastDay < lastFull ? ctx.catalog.lastDay : lastFull;
  const range = { start: addDays(end, 1 - days), end, label: `the last ${days} days` };
  if (topic === 'pacing') notes.push(`No period was named, so pacing is judged over the last ${days} days.`);
  else if (figures && (topic === 'copy' || r.metrics.length))
    notes.push(`No period was named, so the figures cover the last ${days} days.`);
  return { range };
}

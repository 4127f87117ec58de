import { addDays, previousPeriod } from '../dates';
import { addMonths } from '../dates/calendar';
import { formatRange } from '../dates/labels';
import { hasShare, type MetricKey, metrics as registry } from '../metrics';
import { objectiveWords } from '../objectives';
import type { EntityDimension } from '../query';
import type { Catalog, EntityMatch } from './entities';
import { noShareOf } from './no-share';
import type { AdviceAction, CompareGroup, Filters, Period, Plan } from './plan';
import type { Reading } from './reading';
import type { Direction } from './rules/cues';
import { checkSegments, segmentPlan } from './segment-plan';
import { settingsPlan } from './settings-plan';
import { videoScope } from './video-scope';

const DEFAULT_DAYS = 30;
const DIAGNOSIS_DAYS = 7;
const OVERVIEW_DAYS = 7;
const ADVICE_DAYS = 30;
const ALL_ROWS = 50;

export interface BuildContext {
  catalog: Catalog;
  today: string;
}

const childLevel: Record<EntityMatch['level'], EntityDimension> = {
  account: 'campaign',
  campaign: 'adset',
  adset: 'ad',
  ad: 'ad',
};

const movement =
  /\b(up|down|increase[ds]?|decrease[ds]?|rise|rose|risen|rising|drop(?:ped|s)?|fall|fell|fallen|falling|spike[ds]?|jump(?:ed|s)?|worse|better|higher|lower|change[ds]?|so high|so low|declin\w*|grow\w*|grew|climb\w*|slip\w*|sink\w*|tank\w*|move[ds]?|movers?|shift\w*|swing\w*)\b/;

/** Turns what a question says into the plan the composers answer, taking defaults out loud. */
export function buildPlan(reading: Reading, ctx: BuildContext): Plan {
  return videoScope(checkSegments(planOf(reading, ctx), reading));
}

function planOf(reading: Reading, ctx: BuildContext): Plan {
  let r = reading;
  // ARLO is read-only, but "pause ads with over $100 spend and ROAS under 1" is a rule to apply:
  // it lists what the rule selects, and the note says ARLO does not pause anything itself.
  const ruleToApply = r.unsupported?.message.startsWith("I can't change") && r.having.length > 0;
  // "Paused or in learning": the paused part is answered and the learning part named as missing.
  const partialSettings = r.settings && r.unsupported?.kind === 'object';
  if (r.unsupported && !ruleToApply && !partialSettings) {
    return { kind: 'decline', message: r.unsupported.message, suggestions: r.unsupported.suggestions };
  }
  if (!r.text) return { kind: 'clarify', reason: 'empty' };
  // Every word must be read or be filler: a word nothing understood is named back, never dropped.
  // Short words are chat shorthand ("ppl", "pls", "ur") far more often than a concept.
  const unread = r.leftovers.filter((word) => word.length >= 4 || /\d/.test(word));
  if (unread.length) return { kind: 'clarify', reason: 'unread', words: [...new Set(unread)] };
  const accounts = r.entities.filter((e) => e.level === 'account');
  const named = r.entities.filter((e) => e.level !== 'account');
  const filters: Filters = [];
  // Two accounts set side by side are a comparison, not a filter to both.
  const accountSideBySide = accounts.length >= 2 && (r.sideBySide || r.rankCue || Boolean(r.direction));
  if (accounts.length && !accountSideBySide)
    filters.push({ dimension: 'account', op: 'in', values: [...new Set(accounts.flatMap((a) => a.ids))] });
  filters.push(...r.filters);
  for (const excluded of r.excluded)
    filters.push({ dimension: excluded.level, op: 'not_in', values: excluded.ids });
  const scopeNames = [
    ...(accountSideBySide ? [] : accounts.map((a) => a.name)),
    ...r.excluded.map((e) => `all but ${e.name}`),
    ...r.filters.flatMap(filterWords),
  ];
  const settings = r.settings && !r.report ? settingsPlan(r, ctx, { filters, scopeNames }) : undefined;
  if (settings) return settings;
  // The report covers fixed periods (the last 30 and 7 days): a report "for last month" is the key
  // figures of the month asked, not a report of other dates.
  const reportPeriod = Boolean(
    r.report && !r.intent && (r.compare || r.lifetime || (r.range && !reportCovers(r.range, ctx.today))),
  );
  if (r.report && !r.intent && !reportPeriod)
    return { kind: 'report', report: r.report, filters, scopeNames };
  if (reportPeriod) r = { ...r, intent: { kind: 'overview' } };

  const notes: string[] = [];
  const diagnosis = r.intent?.kind === 'why' || r.intent?.kind === 'fatigue';
  const defaultDays = diagnosis
    ? DIAGNOSIS_DAYS
    : r.intent?.kind === 'overview'
      ? OVERVIEW_DAYS
      : r.intent?.kind === 'advice'
        ? ADVICE_DAYS
        : DEFAULT_DAYS;
  const period = resolvePeriod(r, ctx, defaultDays, notes);
  if ('decline' in period) return period.decline;
  const range = period.range;
  const compare = r.yearAgo
    ? yearBefore(range, ctx, notes)
    : (r.compare ??
      (r.comparisonCue || diagnosis || r.intent?.kind === 'overview' ? previousLabelled(range) : undefined));
  // A named campaign, ad set or ad narrows every kind of answer, diagnoses included.
  const entity = named[0];
  const entityFilters: Filters = entity
    ? [...filters, { dimension: entity.level, op: 'in', values: entity.ids }]
    : filters;
  const entityScope = entity ? [...scopeNames, entity.name] : scopeNames;
  const base = { range, filters, scopeNames, notes };
  const within = { ...base, filters: entityFilters, scopeNames: entityScope };
  const metrics = r.metrics;
  const first = metrics[0];
  const level = r.byLevel ?? r.levels[0];

  const segmented = segmentPlan(r, base, {
    filters: entityFilters,
    scopeNames: entityScope,
    ...(entity ? { level: entity.level } : {}),
  });
  if (segmented) return segmented;

  if (r.intent?.kind === 'funnel')
    return {
      ...within,
      kind: 'funnel',
      funnel: r.intent.funnel,
      ...(compare ? { compare } : {}),
      ...(r.byLevel ? { level: r.byLevel } : {}),
    };
  if (r.intent?.kind === 'fatigue')
    return { ...within, kind: 'fatigue', compare: compare ?? previousLabelled(range) };
  if (r.intent?.kind === 'anomalies') {
    return {
      ...within,
      kind: 'anomalies',
      compare: compare ?? previousLabelled(range),
      ...(first ? { metric: first } : {}),
    };
  }
  const moversAsked = Boolean(
    movement.test(r.text) && (r.compare || r.comparisonCue) && (level || r.rankCue) && first,
  );
  if (r.intent?.kind === 'why' || moversAsked) {
    const metric = first ?? 'cpa';
    const against = compare ?? previousLabelled(range);
    const moversLevel = level === 'adset' || level === 'ad' || level === 'campaign' ? level : undefined;
    // "Which ad set had the biggest jump in CPA": the movers at that level, not the account's
    // decomposition; "why did CPA go up" keeps the decomposition.
    if (moversLevel && (r.intent?.kind !== 'why' || moversLevel !== 'campaign'))
      return { ...within, kind: 'change', metric, level: moversLevel, compare: against };
    if (isCostPerResult(metric)) return { ...within, kind: 'why', metric: 'cpa', compare: against };
    // Revenue is a sum: which campaigns moved it is its answer, as for spend or conversions.
    if (metric === 'roas' || metric === 'roi' || metric === 'aov')
      return { ...within, kind: 'why', metric: 'roas', compare: against };
    return { ...within, kind: 'change', metric, level: level ?? 'campaign', compare: against };
  }
  if (ruleToApply)
    notes.push('ARLO reads your accounts and changes nothing: these are the rows your rule selects.');
  if (r.intent?.kind === 'advice' || ruleToApply) {
    const action = r.intent?.kind === 'advice' ? r.intent.action : 'rule';
    return {
      ...base,
      kind: 'advice',
      action: r.having.length ? 'rule' : action,
      level: level && level !== 'account' && level !== 'objective' ? level : defaultAdviceLevel(action),
      ...(r.having.length ? { having: r.having } : {}),
    };
  }
  if (r.intent?.kind === 'overview' && !first && !level && !named.length)
    return { ...base, kind: 'overview', compare: compare ?? previousLabelled(range) };

  const wanted = metrics.length ? metrics : [];
  if (r.groups.length >= 2) {
    return { ...base, kind: 'compare', groups: r.groups, metrics: wanted.length ? wanted : ['spend'] };
  }
  const sameLevel = named.filter((e) => e.level === named[0]?.level);
  if (accountSideBySide || (sameLevel.length >= 2 && (r.sideBySide || r.rankCue || r.direction))) {
    const sides = accountSideBySide ? accounts : named;
    return {
      ...base,
      kind: 'compare',
      groups: sides.map((e) => groupOf(e)),
      metrics: wanted.length ? wanted : ['spend', 'conversions', 'cpa'],
    };
  }
  // "spend per account per month": a series is one line, so a split by level on top of it would be
  // dropped; say so rather than answer half.
  if ((r.pick || r.grain) && r.byLevel && r.byLevel !== entity?.level) {
    const over = r.pick ?? (r.grain === 'trend' ? 'day' : r.grain);
    const metric = registry[first ?? 'spend'].label;
    return {
      kind: 'decline',
      message: `I can show ${metric} per ${over} or ${metric} by ${levelWord(r.byLevel)}, but not split both ways at once yet.`,
      suggestions: [
        `${metric} per ${over} ${range.label}`,
        `${metric} by ${levelWord(r.byLevel)} ${range.label}`,
      ],
    };
  }
  if (r.pick || r.grain) {
    const grain =
      r.pick ?? (r.grain === 'trend' ? (spanDays(range) > 93 ? 'week' : 'day') : r.grain) ?? 'day';
    const metric = first ?? 'spend';
    return {
      ...base,
      kind: 'series',
      metrics: metrics.length ? metrics : ['spend'],
      grain,
      filters: entityFilters,
      scopeNames: entityScope,
      ...(r.pick ? { pick: pickOf(r.direction, metric) } : {}),
    };
  }

  if (entity && level && level !== entity.level && level !== 'account' && !collective(r, entity)) {
    return {
      ...base,
      kind: 'breakdown',
      entity,
      childLevel: level,
      metric: first ?? 'spend',
      filters: entityFilters,
      scopeNames: entityScope,
    };
  }
  if (entity && /\b(break ?down|breakdown|split)\b/.test(r.text)) {
    return {
      ...base,
      kind: 'breakdown',
      entity,
      childLevel: childLevel[entity.level],
      metric: first ?? 'spend',
      filters: entityFilters,
      scopeNames: entityScope,
    };
  }

  // "biggest spenders last month", "highest cpc last week": a superlative with no level named ranks
  // campaigns, and says so, rather than answering one total. A comparative between periods ("was
  // September better than August") is not a ranking.
  const unlevelled =
    !level &&
    !entity &&
    !accounts.length &&
    !r.groups.length &&
    !r.compare &&
    !r.comparisonCue &&
    metrics.length > 0 &&
    /\b(top|bottom|best|worst|highest|lowest|most|least|fewest|biggest|smallest|largest|cheapest|priciest|strongest|weakest|spenders|rank\w*)\b/.test(
      r.text,
    );
  if (unlevelled) notes.push('No level was named, so this ranks campaigns.');
  const rankLevel = unlevelled
    ? 'campaign'
    : level && (level !== 'account' || accounts.length !== 1)
      ? level
      : undefined;
  const listing = /\b(show|list|all|every|each)\b/.test(r.text);
  if (
    rankLevel &&
    (r.byLevel ||
      r.levelShare ||
      r.rankCue ||
      r.direction ||
      r.limit ||
      r.having.length ||
      (!entity && !metrics.length && listing))
  ) {
    const metric = first ?? (r.having[0]?.metric as MetricKey | undefined) ?? unnamedMetric(r, notes);
    if (r.levelShare && !hasShare(metric)) return noShareOf(metric, levelWord(rankLevel), range);
    const extra = [...metrics.slice(1), ...r.having.map((h) => h.metric as MetricKey)].filter(
      (m) => m !== metric,
    );
    const everything = Boolean(r.byLevel || listing || r.having.length) && !r.limit;
    const bringing = bringsTheResult(r.text, metric);
    return {
      ...base,
      kind: 'ranking',
      metric,
      level: rankLevel,
      direction: directionFor(r.direction, metric),
      limit: r.limit ?? (everything ? ALL_ROWS : singular(r.text, rankLevel) ? 5 : 10),
      extraMetrics: [...new Set(extra)],
      filters: bringing ? entityFilters.filter((f) => f.dimension !== 'objective') : entityFilters,
      scopeNames: bringing ? entityScope.filter((name) => !/ campaigns$/.test(name)) : entityScope,
      ...(bringing ? { notes: [...notes, bringing] } : {}),
      ...(r.having.length ? { having: r.having } : {}),
      ...(r.levelShare ? { share: true as const, direction: 'desc' as const, limit: r.limit ?? 0 } : {}),
    };
  }
  if (entity) {
    return {
      ...base,
      kind: 'entity',
      entity,
      metrics,
      filters: entityFilters,
      scopeNames: entityScope,
      ...(r.compare || r.comparisonCue ? { compare: compare ?? previousLabelled(range) } : {}),
    };
  }
  if (metrics.length) {
    return {
      ...base,
      kind: 'total',
      metrics,
      ...(r.compare || r.comparisonCue ? { compare: compare ?? previousLabelled(range) } : {}),
    };
  }
  // "compare this month to last month": no metric named, so the key figures of both.
  if (
    r.intent?.kind === 'overview' ||
    accounts.length > 0 ||
    r.filters.length > 0 ||
    (r.range && r.compare)
  ) {
    return { ...base, kind: 'overview', compare: compare ?? previousLabelled(range) };
  }
  return adsWords.test(r.text) ? { kind: 'clarify', reason: 'unmapped' } : { kind: 'refuse' };
}

// Words that show a question is about advertising even when no metric is named.
const adsWords =
  /\b(ads?|advert\w*|campaigns?|ad ?sets?|creatives?|marketing|performance|performing|meta|facebook|instagram|audiences?|budget|accounts?|funnel|results?|doing|going|kpis?|metrics?|numbers|stats|report|insights?)\b/;

/**
 * "Hold rate for the Brand Awareness Video ads": a metric for a name's ads taken together is one
 * figure for the name, not a row per ad; "show", "each" or a ranking word still lists them.
 */
function collective(r: Reading, entity: EntityMatch): boolean {
  if (r.byLevel || r.rankCue || r.direction || r.limit || !r.metrics.length) return false;
  if (/\b(show|list|all|every|each|break ?down|breakdown|split)\b/.test(r.text)) return false;
  return /^\s*(?:ads|ad sets|adsets|creatives)\b/.test(r.text.slice(entity.index + entity.length));
}

function filterWords(filter: Filters[number]): string[] {
  const op = filter.op ?? 'in';
  if (filter.dimension === 'objective') return [`${objectiveWords(filter.values[0] ?? '')} campaigns`];
  if (filter.dimension === 'account' || op === 'in' || op === 'not_in') return [];
  const level = filter.dimension === 'adset' ? 'ad sets' : `${filter.dimension}s`;
  const names = filter.values.map((v) => `“${v}”`).join(' or ');
  return [op === 'contains' ? `${level} named with ${names}` : `${level} without ${names} in the name`];
}

/** The report's own periods: the last 30 and the last 7 days. */
function reportCovers(range: Period, today: string): boolean {
  return range.end === addDays(today, -1) && [30, 7].some((days) => range.start === addDays(today, -days));
}

function levelWord(level: EntityDimension): string {
  return level === 'adset' ? 'ad set' : level;
}

function groupOf(entity: EntityMatch): CompareGroup {
  return { label: entity.name, filters: [{ dimension: entity.level, op: 'in', values: entity.ids }] };
}

/**
 * The metric a ranking with none named goes by: "best" and "worst" ask about results (return on
 * ad spend for sales campaigns only, else cost per result); "top" and plain lists go by spend.
 */
export function unnamedMetric(r: Reading, notes: string[]): MetricKey {
  if (
    !/\b(best|worst|perform\w*|under ?perform\w*|out ?perform\w*|strongest|weakest|winners?|losers?|efficient|effective)\b/.test(
      r.text,
    )
  )
    return 'spend';
  const objective = r.filters.find((f) => f.dimension === 'objective');
  const sales = objective?.values.includes('OUTCOME_SALES') && !objective.values.includes('OUTCOME_LEADS');
  const metric: MetricKey = sales ? 'roas' : 'cpa';
  notes.push(
    `No metric was named, so “best” and “worst” are judged by ${sales ? 'return on ad spend (ROAS)' : 'cost per result (CPA)'}.`,
  );
  return metric;
}

function defaultAdviceLevel(action: AdviceAction): EntityDimension {
  return action === 'pause' || action === 'rule' ? 'ad' : 'campaign';
}

/**
 * Cost-per-result ratios are explained by the CPM, CTR and conversion-rate decomposition; counts
 * (conversions, purchases, leads) are sums, explained by the campaigns that moved them.
 */
/**
 * "Lead campaigns ranked by cost per lead": in a ranking by a result or its cost, "lead campaigns"
 * are the campaigns that bring leads, which the ranking's volume floor already keeps; a campaign
 * of another objective that brings leads is one of them. "Lead-objective" or "lead gen" campaigns
 * still mean the objective.
 */
function bringsTheResult(text: string, metric: MetricKey): string | undefined {
  const words: Partial<Record<MetricKey, RegExp>> = {
    leads: /\bleads? campaigns?\b/,
    cost_per_lead: /\bleads? campaigns?\b/,
    purchases: /\b(?:purchase|sales) campaigns?\b/,
    cost_per_purchase: /\b(?:purchase|sales) campaigns?\b/,
  };
  if (!words[metric]?.test(text)) return undefined;
  return `“${metric === 'leads' || metric === 'cost_per_lead' ? 'Lead' : 'Sales'} campaigns” is read as the campaigns that bring them, whatever their objective.`;
}

function isCostPerResult(metric: MetricKey): boolean {
  return ['cpa', 'cost_per_purchase', 'cost_per_lead', 'cvr'].includes(metric);
}

function directionFor(direction: Direction | undefined, metric: MetricKey): 'asc' | 'desc' {
  const lowerIsBetter = registry[metric].better === 'lower';
  switch (direction) {
    case 'high':
      return 'desc';
    case 'low':
      return 'asc';
    case 'bad':
      return lowerIsBetter ? 'desc' : 'asc';
    default:
      return lowerIsBetter ? 'asc' : 'desc';
  }
}

function pickOf(direction: Direction | undefined, metric: MetricKey): 'max' | 'min' {
  if (direction === 'high') return 'max';
  if (direction === 'low') return 'min';
  const lowerIsBetter = registry[metric].better === 'lower';
  if (direction === 'bad') return lowerIsBetter ? 'max' : 'min';
  if (direction === 'good') return lowerIsBetter ? 'min' : 'max';
  return 'max';
}

function singular(text: string, level: EntityDimension): boolean {
  const word = level === 'adset' ? 'ad ?set' : level === 'ad' ? '(?:ad|creative)' : level;
  return new RegExp(`\\b(which|what) (?:single )?${word}\\b(?!s)`).test(text);
}

function spanDays(range: Period): number {
  return Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000) + 1;
}

function previousLabelled(range: Period): Period {
  const days = spanDays(range);
  return { ...previousPeriod(range), label: `the previous ${days === 1 ? 'day' : `${days} days`}` };
}

/**
 * The period to answer for. Rows for today may be missing: a range that runs into days with no
 * data yet is cut back to the last day with data, and said; a range with no day of data left is
 * declined, except for diagnoses and overviews, which then look at the last full days and say so.
 */
export function resolvePeriod(
  r: Reading,
  ctx: BuildContext,
  defaultDays: number,
  notes: string[],
): { range: Period } | { decline: Plan } {
  const lastFull = addDays(ctx.today, -1);
  const fallback = {
    start: addDays(ctx.today, -defaultDays),
    end: lastFull,
    label: `the last ${defaultDays} days`,
  };
  if (r.lifetime) {
    const start = ctx.catalog.firstDay ?? addDays(ctx.today, -365);
    const end = ctx.catalog.lastDay && ctx.catalog.lastDay < lastFull ? ctx.catalog.lastDay : lastFull;
    notes.push('“All time” starts on the first day with data in the connected accounts.');
    return { range: { start, end, label: 'all time' } };
  }
  const asked = r.range ?? (r.compare ? periodAfter(r.compare, ctx.today) : undefined);
  if (!asked) {
    notes.push(`No period was named, so this covers the last ${defaultDays} days.`);
    return { range: fallback };
  }
  const lastData = ctx.catalog.lastDay;
  const range = { ...asked };
  if (lastData && range.end > lastData && range.end >= ctx.today) {
    const end = lastData < range.end ? lastData : range.end;
    if (end < range.start) {
      const flexible =
        r.intent?.kind === 'why' ||
        r.intent?.kind === 'overview' ||
        r.intent?.kind === 'advice' ||
        r.intent?.kind === 'fatigue' ||
        r.intent?.kind === 'anomalies';
      const name = asked.label.replace(/\s*\(.*\)\s*$/, '');
      const dates = `${asked.start}${asked.end !== asked.start ? ` to ${asked.end}` : ''}`;
      if (flexible) {
        notes.push(
          `${name.charAt(0).toUpperCase()}${name.slice(1)} (${dates}) has no data yet, so this looks at the last ${defaultDays} full days with data instead.`,
        );
        return {
          range: {
            start: addDays(lastData, 1 - defaultDays),
            end: lastData,
            label: `the last ${defaultDays} days`,
          },
        };
      }
      return {
        decline: {
          kind: 'decline',
          message: `There is no data yet for ${name} (${dates}): the latest day with data is ${lastData}. Meta's figures for a day arrive after it ends.`,
          suggestions: [
            'How much did I spend yesterday?',
            'How much did I spend in the last 7 days?',
            'How are my ads doing this month?',
          ],
        },
      };
    }
    notes.push('Today has no data yet, so the period stops at the latest day with data.');
    range.end = end;
    // The label's own dates ("November 1–20") would now disagree with the range.
    const bare = asked.label.replace(/\s*\(.*\)\s*$/, '');
    range.label = /\b(?:to date|so far)\b/.test(bare) ? bare : `${bare} so far`;
  }
  return { range };
}

/** "vs last week" alone: the period from the day after it, as long as it, cut at yesterday. */
function periodAfter(compare: Period, today: string): Period {
  const start = addDays(compare.end, 1);
  const longest = addDays(compare.end, spanDays(compare));
  const yesterday = addDays(today, -1);
  if (start > yesterday) return { start: today, end: today, label: 'today' };
  const end = longest < yesterday ? longest : yesterday;
  return { start, end, label: formatRange({ start, end }) };
}

/** Year over year: the same dates a year earlier, said plainly when no data goes back that far. */
function yearBefore(range: Period, ctx: BuildContext, notes: string[]): Period {
  const start = addMonths(range.start, -12);
  const end = addMonths(range.end, -12);
  if (ctx.catalog.firstDay && end < ctx.catalog.firstDay)
    notes.push(`The data starts on ${ctx.catalog.firstDay}, so the year-earlier period has no figures.`);
  return { start, end, label: `the same dates a year earlier (${formatRange({ start, end })})` };
}

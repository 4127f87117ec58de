import { addDays, previousPeriod, resolveComparison, resolveDateRange } from '../dates';
import { NUMBER_WORDS } from '../dates/lexicon';
import { type MetricKey, metrics } from '../metrics';
import type { EntityDimension, TimeGrain } from '../query';
import { type Catalog, type EntityMatch, findEntities, normalise } from './entities';
import type { Filters, Period, Plan, ReportKind } from './plan';
import { correctTypos, findLevels, findMetrics } from './vocabulary';

const DEFAULT_DAYS = 30;

// Words that show a question is about advertising even when no metric is named.
const adsWords =
  /\b(ads?|advert\w*|campaigns?|ad ?sets?|creatives?|marketing|performance|performing|meta|facebook|instagram|audiences?|budget|accounts?|funnel|results?|doing|going|kpis?|metrics?|numbers|stats|report|insights?)\b/;

const childLevel: Record<EntityMatch['level'], EntityDimension> = {
  account: 'campaign',
  campaign: 'adset',
  adset: 'ad',
  ad: 'ad',
};

export interface ParseContext {
  catalog: Catalog;
  today: string;
  /** Earlier questions of the same conversation, oldest first. */
  history?: readonly string[];
}

/** Reads a question into a Plan. Deterministic: the same question and data give the same plan. */
export function parseQuestion(question: string, { catalog, today }: ParseContext): Plan {
  let text = normalise(question);
  if (text.length === 0) return { kind: 'clarify', reason: 'empty' };

  // Names first: "Acme Outdoor Leads" must not read as the metric "leads".
  const entities = findEntities(text, catalog);
  for (const entity of entities) text = blank(text, entity.index, entity.length);

  // Dates are read before typo correction (the date grammar forgives its own typos), then cut
  // out, so "last 7 days" is neither "corrected" nor read as "top 7".
  const notes: string[] = [];
  const comparisonCue =
    /\b(compare[ds]?|comparison|vs\.?|versus|against|than|change[ds]?|over the previous|week over week|wow|month over month|mom|period before|prior period|previous period)\b/.test(
      text,
    );
  const { range, compare, spans } = periods(text, today, comparisonCue, notes);
  for (const span of spans) text = blank(text, span.index, span.length);
  text = correctTypos(text, catalog.nameWords);

  const report = reportKind(text);
  const accounts = entities.filter((entity) => entity.level === 'account');
  const others = entities.filter((entity) => entity.level !== 'account');
  const filters: Filters = accounts.length
    ? [{ dimension: 'account', values: [...new Set(accounts.flatMap((a) => a.ids))] }]
    : [];
  const scopeNames = accounts.map((a) => a.name);
  if (report) return { kind: 'report', report, filters, scopeNames };

  const metricsAsked = findMetrics(text);
  // A level word right before a name ("the ad set X") names that entity; it does not ask for a ranking.
  const levels = findLevels(text)
    .filter(
      (found) =>
        !entities.some(
          (e) => e.index >= found.index + found.length && e.index - (found.index + found.length) <= 12,
        ),
    )
    .map((found) => found.value);
  const base = { range, filters, scopeNames, notes };

  if (/\bwhy\b|\bwhat (caused|drove|happened)\b|\breason\b|\bexplain\b/.test(text) && movement(text)) {
    const metric = metricsAsked.includes('roas') || metricsAsked.includes('revenue') ? 'roas' : 'cpa';
    return {
      ...weekByDefault(base, spans.length > 0, today),
      kind: 'why',
      metric,
      ...withComparison(range, compare, spans.length > 0, today),
    };
  }
  if (/\b(fatigue|fatigued|fatiguing|wearing out|worn out|burn(ed|t)? out|tired|refresh)\b/.test(text)) {
    return {
      ...weekByDefault(base, spans.length > 0, today),
      kind: 'fatigue',
      ...withComparison(range, compare, spans.length > 0, today),
    };
  }

  const entity = others[0];
  const byLevel =
    /\b(?:by|per|for each|across|split by|broken down by)\s+(ad sets?|adsets?|ad groups?|ads?|creatives?|campaigns?)\b/.exec(
      text,
    );
  if (entity && (/\bbreak ?down\b|\bbreakdown\b|\bsplit\b/.test(text) || byLevel)) {
    const requested = byLevel ? findLevels(byLevel[1] ?? '')[0]?.value : undefined;
    return {
      ...base,
      kind: 'breakdown',
      entity,
      childLevel: requested ?? childLevel[entity.level],
      metric: metricsAsked[0] ?? 'spend',
      filters: [...filters, { dimension: entity.level, values: entity.ids }],
      scopeNames: [...scopeNames, entity.name],
    };
  }

  const grain = timeGrain(text, range);
  if (grain) {
    return {
      ...base,
      kind: 'series',
      metrics: metricsAsked.length ? metricsAsked : ['spend'],
      grain,
      filters: entity ? [...filters, { dimension: entity.level, values: entity.ids }] : filters,
      scopeNames: entity ? [...scopeNames, entity.name] : scopeNames,
    };
  }

  const rankingLevel = levels.find((level) => level !== 'account' || accounts.length === 0);
  const ranking = rankingWords(text);
  if (
    rankingLevel &&
    (ranking || (!entity && metricsAsked.length === 0 && /\b(how|show|list|all)\b/.test(text)))
  ) {
    const metric = metricsAsked[0] ?? 'spend';
    return {
      ...base,
      kind: 'ranking',
      metric,
      level: rankingLevel,
      direction: direction(text, metric),
      limit: rankingLimit(text),
      extraMetrics: metricsAsked.slice(1),
      filters: entity ? [...filters, { dimension: entity.level, values: entity.ids }] : filters,
      scopeNames: entity ? [...scopeNames, entity.name] : scopeNames,
    };
  }

  if (entity) {
    return {
      ...base,
      kind: 'entity',
      entity,
      metrics: metricsAsked,
      filters: [...filters, { dimension: entity.level, values: entity.ids }],
      scopeNames: [...scopeNames, entity.name],
      ...(comparisonCue ? withComparison(range, compare) : {}),
    };
  }

  if (metricsAsked.length > 0) {
    return {
      ...base,
      kind: 'total',
      metrics: metricsAsked,
      ...(comparisonCue || compare ? withComparison(range, compare) : {}),
    };
  }
  if (
    accounts.length > 0 ||
    /\b(how (am i|are we|is it|are things|are my ads)|overview|summary|kpis?)\b/.test(text)
  ) {
    return {
      ...base,
      kind: 'total',
      metrics: ['spend', 'impressions', 'clicks', 'ctr', 'conversions', 'cpa', 'roas'],
    };
  }
  return adsWords.test(text) ? { kind: 'clarify', reason: 'unmapped' } : { kind: 'refuse' };
}

const DIAGNOSIS_DAYS = 7;

function lastWeekOfDays(today: string): Period {
  return {
    start: addDays(today, -DIAGNOSIS_DAYS),
    end: addDays(today, -1),
    label: `the last ${DIAGNOSIS_DAYS} days`,
  };
}

/** Diagnoses look at the latest week against the one before unless the question names a period. */
function weekByDefault<T extends { range: Period; notes: string[] }>(
  base: T,
  dated: boolean,
  today: string,
): T {
  if (dated) return base;
  return {
    ...base,
    range: lastWeekOfDays(today),
    notes: [
      `No period was named, so this compares the last ${DIAGNOSIS_DAYS} days with the ${DIAGNOSIS_DAYS} before.`,
    ],
  };
}

function withComparison(
  range: Period,
  compare: Period | undefined,
  dated = true,
  today = '',
): { compare: Period } {
  if (compare) return { compare };
  if (!dated) range = lastWeekOfDays(today);
  const previous = previousPeriod(range);
  return { compare: { ...previous, label: `the previous ${spanWords(range)}` } };
}

function spanWords(range: Period): string {
  const days = Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000) + 1;
  return days === 1 ? 'day' : `${days} days`;
}

/** The main period and any comparison period. Without a date, the last 30 days, said out loud. */
function periods(
  text: string,
  today: string,
  comparisonCue: boolean,
  notes: string[],
): { range: Period; compare?: Period; spans: { index: number; length: number }[] } {
  // "compared to the previous 7 days" names only the comparison; the current period is the 7 days before it.
  const previousOnly =
    /\b(?:compared (?:to|with)|vs\.?|versus|than|against|over)\s+(?:the\s+)?(?:previous|prior|preceding|last)\s+(\d+|[a-z]+)\s+(day|week)s?\b/.exec(
      text,
    );
  const first = resolveDateRange(text, today);
  if (previousOnly && (!first || first.index >= previousOnly.index)) {
    const count = Number(previousOnly[1]) || NUMBER_WORDS[previousOnly[1] ?? ''] || 7;
    const days = previousOnly[2] === 'week' ? count * 7 : count;
    const range = { start: addDays(today, -days), end: addDays(today, -1), label: `the last ${days} days` };
    return {
      range,
      compare: { ...previousPeriod(range), label: `the previous ${days} days` },
      spans: [{ index: previousOnly.index, length: previousOnly[0].length }],
    };
  }
  let range: Period;
  if (first) range = { start: first.start, end: first.end, label: first.label };
  else {
    range = {
      start: addDays(today, -DEFAULT_DAYS),
      end: addDays(today, -1),
      label: `the last ${DEFAULT_DAYS} days`,
    };
    notes.push(`No period was named, so this covers the last ${DEFAULT_DAYS} days.`);
  }
  const comparison = comparisonCue ? resolveComparison(text, today, range) : undefined;
  const spans = [first, comparison].flatMap((match) =>
    match ? [{ index: match.index, length: match.matched.length }] : [],
  );
  return comparison
    ? { range, compare: { start: comparison.start, end: comparison.end, label: comparison.label }, spans }
    : { range, spans };
}

function movement(text: string): boolean {
  return /\b(up|down|increase[ds]?|decrease[ds]?|rise|rose|risen|rising|drop(ped)?|fall|fell|fallen|falling|spike[ds]?|jump(ed)?|worse|better|higher|lower|change[ds]?|so high|so low|declin\w*|grow\w*|grew)\b/.test(
    text,
  );
}

function reportKind(text: string): ReportKind | undefined {
  if (!/\b(report|review|audit|recap|health check)\b/.test(text) && !/\bprompt\b/.test(text))
    return undefined;
  if (/\b(revenue|roas|sales|profit\w*)\b/.test(text)) return 'revenue';
  if (/\b(creative|creatives|ads? copy|fatigue)\b/.test(text)) return 'creative';
  if (/\b(performance|overall|account|weekly|monthly|full)\b/.test(text) || /\breport\b/.test(text))
    return 'performance';
  return undefined;
}

function timeGrain(text: string, range: Period): TimeGrain | undefined {
  if (/\b(daily|per day|by day|each day|every day|day by day|day over day)\b/.test(text)) return 'day';
  if (/\b(weekly|per week|by week|each week|week by week|every week)\b/.test(text)) return 'week';
  if (/\b(monthly|per month|by month|each month|month by month|every month)\b/.test(text)) return 'month';
  if (/\b(trend|trends|trending|over time|plot|chart|graph|timeline|evolution|evolve)\b/.test(text)) {
    const days = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;
    return days > 93 ? 'week' : 'day';
  }
  return undefined;
}

function rankingWords(text: string): boolean {
  return /\b(top|best|worst|bottom|highest|lowest|most|least|biggest|largest|smallest|cheapest|priciest|fewest|rank\w*|which|what|leading|winners?|losers?|underperform\w*|outperform\w*|compare all|list)\b/.test(
    text,
  );
}

function direction(text: string, metric: MetricKey): 'asc' | 'desc' {
  const lowerIsBetter = metrics[metric].better === 'lower';
  if (/\b(highest|most|biggest|largest|priciest|most expensive|max\w*)\b/.test(text)) return 'desc';
  if (/\b(lowest|least|smallest|cheapest|fewest|min\w*)\b/.test(text)) return 'asc';
  if (/\b(worst|bottom|underperform\w*|losers?)\b/.test(text)) return lowerIsBetter ? 'desc' : 'asc';
  return lowerIsBetter ? 'asc' : 'desc';
}

function rankingLimit(text: string): number {
  const digits =
    /\b(?:top|bottom|best|worst|which|first|last)\s+(\d{1,3})\b|\b(\d{1,3})\s+(?:best|worst|top|bottom|highest|lowest|most|least|campaigns?|ads?|ad ?sets?|creatives?|accounts?)\b/.exec(
      text,
    );
  const value = Number(digits?.[1] ?? digits?.[2]);
  if (value >= 1) return Math.min(value, 50);
  const word = /\b(?:top|bottom|best|worst|which)\s+([a-z]+)\b/.exec(text)?.[1];
  if (word && NUMBER_WORDS[word]) return NUMBER_WORDS[word];
  return /\b(which|what) (campaign|ad ?set|ad|creative|account)\b(?!s)/.test(text) ? 5 : 10;
}

function blank(text: string, index: number, length: number): string {
  return text.slice(0, index) + ' '.repeat(length) + text.slice(index + length);
}

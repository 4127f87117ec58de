import { addDays, previousPeriod, resolveComparison, resolveDateRange } from '../dates';
import { addMonths, endOfMonth, parseDay, startOfMonth } from '../dates/calendar';
import { MONTH_NAMES } from '../dates/labels';
import { NUMBER_WORDS } from '../dates/lexicon';
import type { MetricKey } from '../metrics';
import type { EntityDimension } from '../query';
import { type Catalog, type EntityMatch, findEntities, normalise } from './entities';
import { perCatalog } from './per-catalog';
import type { CompareGroup, Filters, Having, Period, ReportKind } from './plan';
import {
  type Cue,
  cueWords,
  type Direction,
  directionCues,
  type GrainCue,
  grainCues,
  type Intent,
  intentCues,
  objectiveCues,
  pickCues,
  type ShapeGrain,
} from './rules/cues';
import { FILLERS } from './rules/fillers';
import { findFragments, findLooseNames } from './rules/fragments';
import { readFunnelWords } from './rules/funnel';
import { findSegments, type SegmentAsk, shareCues } from './rules/segments';
import { readSettingsAsk, type SettingsAsk } from './rules/settings';
import { findThresholds } from './rules/thresholds';
import { findUnsupported, type Unsupported } from './unsupported';
import { correctTypos, findLevels, findTerms } from './vocabulary';

/**
 * What a question says, slot by slot, before it becomes a plan. Each slot records only what the
 * words said; defaults are the plan builder's business, so a follow-up can tell "no period named"
 * from "the last 30 days".
 */
export interface Reading {
  question: string;
  text: string;
  entities: EntityMatch[];
  excluded: EntityMatch[];
  range?: Period;
  /** The period to set against the main one; alone ("vs last week") it implies the one after it. */
  compare?: Period;
  /** "year over year": the same dates a year earlier, whatever the main period turns out to be. */
  yearAgo?: boolean;
  /** "vs", "compared to", "week over week": a period comparison was asked for. */
  comparisonCue: boolean;
  /** "vs", "or", "versus" between names: a side-by-side was asked for. */
  sideBySide: boolean;
  metrics: MetricKey[];
  levels: EntityDimension[];
  /** "by ad set", "per campaign", "split that by ...". */
  byLevel?: EntityDimension;
  filters: Filters;
  groups: CompareGroup[];
  having: Having;
  direction?: Direction;
  limit?: number;
  /** A ranking was asked for ("top", "which campaign", "rank"). */
  rankCue: boolean;
  grain?: GrainCue;
  pick?: ShapeGrain;
  intent?: Intent;
  report?: ReportKind;
  unsupported?: Unsupported;
  /** Campaign, ad set or ad settings asked about (status, budget, bidding, copy). */
  settings?: SettingsAsk;
  /** Segments to split by ("by age", "which countries") and whether a share of the total is asked. */
  segments?: SegmentAsk;
  /** A share of the total across the account's own levels ("share of spend by campaign"). */
  levelShare?: boolean;
  /** Words no rule claimed and that are not filler. */
  leftovers: string[];
  /** Follow-up signals: a lead-in ("and", "what about"), a reference ("it", "that", "the first one"). */
  followUp: boolean;
  ordinal?: number;
  other: boolean;
  /** "too", "as well", "with spend too": metrics to add rather than replace. */
  additive: boolean;
  lifetime: boolean;
  /** Every name the conversation has mentioned so far, oldest first ("put the two side by side"). */
  mentioned?: EntityMatch[];
  /** The rows of the last ranking a reference resolved against, and which one it named. */
  referents?: { level: EntityDimension; labels: string[] };
  referenced?: number | undefined;
  /** The turn whose ranking a reference ("the second one", then "its CPA") points into. */
  rankingSource?: Reading;
}

export interface ReadContext {
  catalog: Catalog;
  today: string;
}

/** Before normalising: keep "3,000", "$200+", ">= 2" and "1.5k" readable once punctuation goes. */
function prepare(question: string): string {
  return (
    question
      .slice(0, 2000)
      .replace(/(\d),(\d{3})/g, '$1$2')
      .replace(/(\d)\s*\+/g, '$1 plus ')
      .replace(/>=|≥/g, ' at least ')
      .replace(/<=|≤/g, ' at most ')
      .replace(/>/g, ' more than ')
      .replace(/</g, ' less than ')
      .replace(/(\d+(?:\.\d+)?)\s*k\b/gi, (_, n: string) => String(Math.round(Number(n) * 1000)))
      .replace(/\bclick[- ]?thru\b/gi, 'click through')
      // "since the start of October" is October 1; "the start of the month" the date grammar reads itself.
      .replace(
        /\b(?:the\s+)?(?:start|beginning)\s+of\s+(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)\b/gi,
        '$1 1',
      )
      .replace(/[—–]/g, ' , ')
      // Chat shorthand for periods: "roas lw vs pw". Left alone, short words pass as filler and the
      // period would silently become the default one.
      .replace(/\blw\b/gi, 'last week')
      .replace(/\blm\b/gi, 'last month')
      .replace(/\bpw\b/gi, 'the previous week')
      // "what % of spend": a share is not a figure ARLO computes; as a word it is named back.
      .replace(/(^|[^\d\s])\s*%/g, '$1 percent ')
  );
}

/** "went to each campaign", "comes from which ad sets": the verbs of a share across levels. */
const LEVEL_SHARE_VERBS =
  /\b(?:(?:comes?|came|coming|goes|went|going|spent|gets?|got)\s+(?:from|to|on|in|into|across|between|among)|takes?|took|taking|receives?|received|eats?|ate)\b/g;

const BUDGET_SPLIT =
  /\bbudget(?= (?:is |gets |got |was |being )?(?:split|divided|distributed|spread|allocated) (?:across|between|among|over|by) (?:(?:my|our|the|all|each|every|different) )?(?:campaigns?|ad ?sets?|adsets?|ads|accounts?|objectives?)\b)|(?<=\b(?:how much|share|percent(?:age)?|part|portion|fraction|proportion) of (?:the |my |our |total |the total )?)budget(?= (?:does|do|did|goes|went|gets?|got) (?:to )?(?:each|every|which|what) (?:campaigns?|ad ?sets?|adsets?|ads?)\b)/;

/** Words that can end a "from … to …" ordering. */
const ENDS =
  'best|worst|highest|lowest|cheapest|most expensive|priciest|biggest|smallest|largest|most|least|fewest|top|bottom|strongest|weakest';

const exclusionBefore =
  /(?:excluding|exclude|except(?: for)?|without|not|minus|other than|apart from|leave out|leaving out|ignoring|ignore|besides|but not|bar)\s+(?:the\s+|for\s+)?(?:campaign|ad ?set|ad|account)?\s*$/;

export function readQuestion(question: string, { catalog, today }: ReadContext): Reading {
  const prepared = prepare(question);
  let text = normalise(prepared);
  const reading: Reading = {
    question,
    text,
    entities: [],
    excluded: [],
    comparisonCue: false,
    sideBySide: false,
    metrics: [],
    levels: [],
    filters: [],
    groups: [],
    having: [],
    rankCue: false,
    leftovers: [],
    followUp: false,
    other: false,
    additive: false,
    lifetime: false,
  };
  if (!text) {
    // A question in another script normalises to nothing: it may still be a question to decline.
    const unsupported = findUnsupported(text, question);
    if (unsupported) reading.unsupported = unsupported;
    return reading;
  }
  const take = (index: number, length: number) => {
    text = text.slice(0, index) + ' '.repeat(length) + text.slice(index + length);
  };
  const takeCues = <T>(cues: Cue<T>[], all = false): T[] => {
    const out: T[] = [];
    for (const { pattern, value } of cues) {
      pattern.lastIndex = 0;
      for (const match of text.matchAll(pattern)) {
        if (!match[0].trim()) continue;
        out.push(value);
        take(match.index, match[0].length);
        if (!all) break;
      }
      if (out.length && !all) break;
    }
    return out;
  };

  // Names first: "Acme Outdoor Leads" must not read as the metric "leads".
  for (const entity of findEntities(text, catalog)) {
    const before = text.slice(Math.max(0, entity.index - 40), entity.index);
    const exclusion = exclusionBefore.exec(before);
    (exclusion ? reading.excluded : reading.entities).push(entity);
    if (exclusion) take(entity.index - exclusion[0].length, exclusion[0].length);
    take(entity.index, entity.length);
  }
  // "the leads account", "for the US account": a word of one account's name before "account".
  for (const account of accountsByWord(text, catalog)) {
    reading.entities.push(account);
    take(account.index, account.length);
  }
  // The word joining two names ("X vs Y") belongs to the side-by-side: left in place, the date
  // grammar would read "vs last month" after Y as the period to compare with.
  const named = [...reading.entities, ...reading.excluded].sort((a, b) => a.index - b.index);
  for (let i = 1; i < named.length; i++) {
    const from = (named[i - 1]?.index ?? 0) + (named[i - 1]?.length ?? 0);
    const to = named[i]?.index ?? 0;
    if (
      /^\s*(?:vs\.?|versus|or|and|against|compared (?:to|with)|next to|with)?\s*$/.test(text.slice(from, to))
    )
      take(from, to - from);
  }

  // Names are cut out first ("Summer | Women" is a name, not a breakdown); typo correction and
  // metric words come after, so "cost cap" and "in learning" are still seen as asked.
  // Segment words before the date grammar ("18-24" is an age group) and the cue tables, which
  // decline only the segments ARLO does not have.
  // "How is my budget split across campaigns": the split of what was spent, not the budgets set.
  const budgetSplit = BUDGET_SPLIT.exec(text);
  if (budgetSplit) text = `${text.slice(0, budgetSplit.index)}spend ${text.slice(budgetSplit.index + 6)}`;
  const segmentWords = findSegments(text, reading.text, question, catalog);
  reading.filters.push(...segmentWords.filters);
  reading.groups = segmentWords.groups;
  if (segmentWords.by.length || segmentWords.share)
    reading.segments = { by: segmentWords.by, share: segmentWords.share };
  for (const [from, to] of segmentWords.spans) take(from, to - from);
  // Share words no segment claimed may still ask a share across campaigns, ad sets or ads: kept
  // until the level words are read.
  const plainShare =
    segmentWords.share &&
    !segmentWords.by.length &&
    !segmentWords.filters.length &&
    !segmentWords.groups.length;
  const levelShareCues = segmentWords.share ? [] : shareCues(text);

  reading.unsupported = findUnsupported(text, question);
  // Settings words before dates and metrics ("daily budget" is no daily series); a part still
  // unsynced ("or in learning") is then named in the answer rather than declining all of it.
  const settings = readSettingsAsk(text);
  if (settings) {
    reading.settings = settings.ask;
    const partial = reading.unsupported?.kind === 'object' ? reading.unsupported.spans : [];
    for (const [from, to] of [...settings.spans, ...partial]) take(from, to - from);
  }

  // Dates are read before typo correction (the date grammar forgives its own typos), then cut out.
  reading.comparisonCue =
    /\b(compare[ds]?|comparison|vs\.?|versus|against|than|change[ds]?|over the previous|week over week|wow|month over month|mom|period before|prior period|previous period|before that|prior|the day before|the week before|rise or fall|up or down)\b/.test(
      text,
    );
  const found = periods(text, today, reading.comparisonCue);
  if (found.range) reading.range = found.range;
  if (found.compare) reading.compare = found.compare;
  for (const span of found.spans) take(span.index, span.length);
  const yearAgo =
    /\b(?:yoy|y o y|year over year|year on year|vs (?:the )?same (?:period|time|dates) last year)\b/.exec(
      text,
    );
  if (yearAgo && !reading.compare) {
    reading.yearAgo = true;
    reading.comparisonCue = true;
    take(yearAgo.index, yearAgo[0].length);
  }
  const lifetime =
    /\b(?:lifetime|all[- ]time|ever|since (?:the )?(?:beginning|start|launch)|since\s+(?:(?:it|they|we|the campaign|the ad)\s+)?(?:launched|started|began|went live)|since day one|to date)\b/.exec(
      text,
    );
  if (lifetime && !reading.range) {
    reading.lifetime = true;
    take(lifetime.index, lifetime[0].length);
  }
  text = correctTypos(text, protectedWords(catalog));

  for (const threshold of findThresholds(text)) {
    reading.having.push(threshold.having);
    take(threshold.index, threshold.length);
  }
  // "losing money", "unprofitable": a return under the spend, worst first.
  const losing =
    /\b(?:losing (?:us )?money|lose money|lost money|losing cash|unprofitable|not profitable|in the red|below break ?even|under ?water)\b/.exec(
      text,
    );
  if (losing) {
    reading.having.push({ metric: 'roas', op: 'lt', value: 1 });
    reading.direction = 'bad';
    take(losing.index, losing[0].length);
  }

  // "sales campaigns", "lead-objective campaigns", "the sales campaigns' ad sets": the objective,
  // before names ("Catalog Sales"), and only next to a level word or the word "objective".
  for (const { pattern, value } of objectiveCues) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const after =
        /^(?:[ -]+objective)?(?:[ -]+campaigns?(?:'s|')?(?=\s+(?:ad ?sets?|ads?|creatives?)\b))?/.exec(
          text.slice(match.index + match[0].length),
        )?.[0] ?? '';
      const rest = text.slice(match.index + match[0].length + after.length);
      if (!/objective/.test(after) && !/^[ -]+(?:campaigns?|ad ?sets?|ads|creatives?)\b/.test(rest)) continue;
      reading.filters.push({ dimension: 'objective', values: [...value], op: 'in' });
      take(match.index, match[0].length + after.length);
      break;
    }
  }

  // A funnel asked for, and "video ads" next to a video metric (the creative format, not a name
  // fragment): read before names and metric words, which would claim "conversion" or "video".
  const funnelWords = readFunnelWords(text);
  reading.filters.push(...funnelWords.filters);
  for (const [from, to] of funnelWords.spans) take(from, to - from);

  const fragments = findFragments(text, catalog);
  reading.filters.push(...fragments.filters);
  reading.groups = [...reading.groups, ...fragments.groups];
  for (const span of fragments.spans) take(span[0], span[1] - span[0]);

  // Metrics in the order the question names them: the first one leads a ranking.
  const metricsNamed: { metric: MetricKey; index: number }[] = [...segmentWords.metrics];
  for (const cost of costPer(text)) {
    metricsNamed.push(cost);
    take(cost.index, cost.length);
  }
  let sortedByMetric = false;
  for (const term of findTerms(text)) {
    if (term.value.kind !== 'metric') continue;
    metricsNamed.push({ metric: term.value.metric, index: term.index });
    // "retargeting ad sets by roas": "by" before a metric orders a list.
    if (
      /\b(?:by|sorted by|ordered by|ranked by)\s+$/.test(text.slice(Math.max(0, term.index - 12), term.index))
    )
      sortedByMetric = true;
    take(term.index, term.length);
  }
  for (const { metric } of metricsNamed.sort((a, b) => a.index - b.index))
    if (!reading.metrics.includes(metric)) reading.metrics.push(metric);

  // Intents before level words: "how are my ads doing" needs its "ads".
  const intents = takeCues(intentCues, true);
  reading.intent = funnelWords.funnel ? { kind: 'funnel', funnel: funnelWords.funnel } : intents[0];

  const by =
    /\b(?:by|per|for each|for every|across|between|among|amongst|split(?: that| it| this)? (?:by|into)|broken (?:down|out) by|break(?: that| it| this)? down by|breakdown by|grouped by|each)\s+(ad ?sets?|adsets?|ad groups?|ads?|creatives?|campaigns?|accounts?|objectives?)\b/.exec(
      text,
    );
  if (by) {
    reading.byLevel = findLevels(by[1] ?? '')[0]?.value;
    take(by.index, by[0].length);
  }
  for (const level of findLevels(text)) {
    reading.levels.push(level.value);
    take(level.index, level.length);
  }
  if (funnelWords.level && !reading.levels.includes(funnelWords.level))
    reading.levels.push(funnelWords.level);
  const levelNamed = reading.byLevel || reading.levels.length > 0;
  if (levelNamed && !reading.settings && !funnelWords.funnel && (plainShare || levelShareCues.length)) {
    reading.levelShare = true;
    delete reading.segments;
    for (const [from, to] of levelShareCues) take(from, to - from);
    for (const match of text.matchAll(LEVEL_SHARE_VERBS)) take(match.index, match[0].length);
  }

  const report = /\b(report|audit|review)\b/.exec(text);
  if (report) {
    reading.report = reportKind(reading.text);
    take(report.index, report[0].length);
  }

  const weekday = takeCues(grainCues.slice(0, 1))[0];
  const pick = takeCues(pickCues)[0];
  if (pick) reading.pick = pick;
  reading.grain = weekday ?? takeCues(grainCues.slice(1))[0];
  // "cpa trend by week": the grain is named, and "trend" only says a series is wanted.
  if (reading.grain && reading.grain !== 'trend') takeCues(grainCues.filter((c) => c.value === 'trend'));
  if (weekday && !pick && /\b(which|what|best|worst|cheapest|highest|lowest|most|least)\b/.test(text))
    reading.pick = 'weekday';

  reading.rankCue =
    sortedByMetric ||
    /\b(top|bottom|rank\w*|list|leaderboard|which|who|whose)\b/.test(text) ||
    /\bwhat (?:campaign|ad ?set|ad|creative|account)s?\b/.test(reading.text);
  const limit = rankingLimit(text);
  if (limit) {
    reading.limit = limit.value;
    take(limit.index, limit.length);
  }
  // "ranked from best to worst", "highest to lowest": the first end says which way.
  const fromTo = new RegExp(
    `(?<![a-z0-9])(?:from\\s+)?(${ENDS})\\s+(?:to|down to|through)\\s+(?:the\\s+)?(${ENDS})(?![a-z0-9])`,
  ).exec(text);
  const ordered = fromTo
    ? directionCues.find((c) => new RegExp(`^(?:${c.pattern.source})$`).test(fromTo[1] ?? ''))
    : undefined;
  if (fromTo && ordered) take(fromTo.index, fromTo[0].length);
  // "worst week": the pick cue took the word, but its direction still counts.
  const direction =
    ordered?.value ??
    takeCues(directionCues, true)[0] ??
    (reading.pick
      ? directionCues.find((c) => new RegExp(c.pattern.source).test(reading.text))?.value
      : undefined);
  if (direction) reading.direction = direction;

  const loose = findLooseNames(text, catalog);
  reading.filters.push(...loose.filters);
  if (!reading.groups.length) reading.groups = loose.groups;
  for (const [from, to] of loose.spans) take(from, to - from);

  readReferences(reading, text);
  reading.sideBySide =
    /\b(vs|versus|or|against|next to|side by side|compared? (?:to|with)?|and)\b/.test(reading.text) &&
    reading.entities.length >= 2;
  reading.leftovers = [...loose.unclear, ...leftovers(text, catalog)];
  return reading;
}

function readReferences(reading: Reading, text: string): void {
  const lead = reading.text;
  reading.followUp =
    /^(?:and|but|vs|versus|compared (?:to|with)|against|what about|how about|ok|okay|so|now|same|also|then|only|just|which one|which of (?:them|these|those)|compare (?:that|it|this)|split (?:that|it|this)|break (?:that|it|this)|show (?:me )?(?:the|its|it|that)|put|what was it|what was its|how much did (?:the|it|that)|why|and the)\b/.test(
      lead,
    ) ||
    /\b(?:it|its|that|those|them|these|this one|that one|the other|same way|the same|the two|both of them|of those|of them|the (?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|top|bottom) one)\b/.test(
      lead,
    );
  const ordinal =
    /\b(?:the )?(first|second|third|fourth|fifth|top|1st|2nd|3rd|4th|5th|last|bottom)(?: one| campaign| ad set| ad| account| creative)?\b(?! \d)/.exec(
      lead,
    );
  const ordinals: Record<string, number> = {
    first: 1,
    '1st': 1,
    top: 1,
    second: 2,
    '2nd': 2,
    third: 3,
    '3rd': 3,
    fourth: 4,
    '4th': 4,
    fifth: 5,
    '5th': 5,
    last: -1,
    bottom: -1,
  };
  if (ordinal && /\b(one|it|its|that|those|of them|campaign|ad set|ad|account)\b/.test(lead))
    reading.ordinal = ordinals[ordinal[1] ?? ''];
  reading.other = /\bthe other\b/.test(lead);
  reading.additive = /\b(too|as well|also|plus|in addition|alongside|along with)\b/.test(lead);
  void text;
}

const costNouns: [RegExp, MetricKey][] = [
  [/^clicks?$/, 'cpc'],
  [/^(?:leads?|sign ?ups?|signups?|registrations?)$/, 'cost_per_lead'],
  [/^(?:purchases?|sales?|orders?)$/, 'cost_per_purchase'],
  [/^(?:conversions?|results?|acquisitions?|customers?)$/, 'cpa'],
  [/^(?:thousand impressions|1000 impressions|mille|impressions?|thousand)$/, 'cpm'],
  [/^link clicks?$/, 'cost_per_link_click'],
  [/^(?:checkouts?(?: started| initiated)?|initiated checkouts?)$/, 'cost_per_checkout_initiated'],
  [/^(?:adds? to carts?|atcs?)$/, 'cost_per_add_to_cart'],
  [/^(?:landing page views?|lpvs?)$/, 'cost_per_landing_page_view'],
  [/^content views?$/, 'cost_per_content_view'],
  [/^thru ?plays?$/, 'cost_per_thruplay'],
];
const NOUN =
  'link clicks?|checkouts? (?:started|initiated)|initiated checkouts?|checkouts?|adds? to carts?|atcs?|landing page views?|lpvs?|content views?|thru ?plays?|clicks?|leads?|sign ?ups?|signups?|registrations?|purchases?|sales?|orders?|conversions?|results?|acquisitions?|customers?|thousand impressions|1000 impressions|mille|thousand|impressions?';

/** "cost per click", "what did a click cost us", "cheaper leads", "paying per thousand impressions". */
function costPer(text: string): { metric: MetricKey; index: number; length: number }[] {
  const patterns = [
    new RegExp(
      `\\b(?:cost|costs|costing|price|paying|pay|paid|spend|spent|spending|cost us)\\s+(?:us\\s+)?(?:per|for each|for a|for every|for one|a|each|every|on each)\\s+(${NOUN})\\b`,
      'g',
    ),
    new RegExp(`\\b(?:a|each|one|every|per)\\s+(${NOUN})\\s+(?:cost|costs|cost us|set us back)\\b`, 'g'),
    new RegExp(
      `\\b(?:cheap|cheaper|cheapest|priciest|pricier|expensive|pricey)\\s+(?:for\\s+)?(${NOUN})\\b`,
      'g',
    ),
    // "why are my leads more expensive": the noun before the price word.
    new RegExp(
      `\\b(${NOUN})\\s+(?:are\\s+|is\\s+|got\\s+|getting\\s+|became\\s+)?(?:more|less|so|too)\\s+(?:expensive|pricey|costly)\\b`,
      'g',
    ),
  ];
  if (/\b(?:cheap\w*|expensive|pric\w+|cost\w*|pay\w*)\b/.test(text))
    patterns.push(/\bper\s+(click|lead|purchase|sale|order|conversion|result|acquisition)\b/g);
  const out: { metric: MetricKey; index: number; length: number }[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (out.some((o) => match.index < o.index + o.length && o.index < match.index + match[0].length))
        continue;
      const noun = match[1] ?? '';
      const metric = costNouns.find(([re]) => re.test(noun))?.[1];
      if (!metric) continue;
      // The price word stays for the ranking direction ("cheapest"); only the noun phrase is claimed.
      const keepsDirection = /^(?:cheap|cheaper|cheapest|priciest|pricier|expensive|pricey)\b/.test(match[0]);
      const start = keepsDirection
        ? match.index + match[0].indexOf(noun, match[0].search(/\s/))
        : match.index;
      out.push({ metric, index: start, length: match.index + match[0].length - start });
    }
  }
  return out;
}

function reportKind(text: string): ReportKind {
  if (/\b(revenue|roas|sales|profit\w*)\b/.test(text)) return 'revenue';
  if (/\b(creative|creatives|ads? copy|fatigue)\b/.test(text)) return 'creative';
  return 'performance';
}

function rankingLimit(text: string): { value: number; index: number; length: number } | undefined {
  const digits =
    /\b(?:top|bottom|best|worst|which|first|last|the|those|just|only|show(?: me)?)\s+(\d{1,3})\b|\b(\d{1,3})\s+(?:best|worst|top|bottom|highest|lowest|most|least|biggest|weakest|strongest|cheapest)\b|^\s*(\d{1,3})\s/.exec(
      text,
    );
  const value = Number(digits?.[1] ?? digits?.[2] ?? digits?.[3]);
  if (digits && value >= 1) {
    const at = digits.index + digits[0].indexOf(String(value));
    return { value: Math.min(value, 50), index: at, length: String(value).length };
  }
  const word =
    /\b(?:top|bottom|best|worst|which|the)\s+(two|three|four|five|six|seven|eight|nine|ten)\b|\b(single)\b/.exec(
      text,
    );
  if (word) {
    const value = word[2] ? 1 : NUMBER_WORDS[word[1] ?? ''];
    if (value) {
      const w = word[1] ?? word[2] ?? '';
      return { value, index: word.index + word[0].lastIndexOf(w), length: w.length };
    }
  }
  return undefined;
}

const cueVocabulary = cueWords();

/** Names and the grammar's own words: typo correction leaves them as they are ("stale" is not "sale"). */
const protectedWords = perCatalog(
  (catalog): Set<string> => new Set([...catalog.nameWords, ...cueVocabulary, ...FILLERS]),
);

function leftovers(text: string, catalog: Catalog): string[] {
  const out: string[] = [];
  // A number no rule read ("between 100 and 500" once unsupported) may be a condition: named back.
  for (const match of text.matchAll(/[a-z$][a-z0-9'.]*|\$?\d[\d.]*%?x?/g)) {
    const word = match[0].replace(/['.]+$/, '').replace(/'s$/, '');
    if (!word || FILLERS.has(word) || catalog.nameWords.has(word)) continue;
    out.push(word);
  }
  return out;
}

/** The main period and any comparison period the words name. */
function periods(
  text: string,
  today: string,
  comparisonCue: boolean,
): { range?: Period; compare?: Period; spans: { index: number; length: number }[] } {
  // "compared to the previous 7 days" names only the comparison; the current period is the 7 days before it.
  const previousOnly =
    /\b(?:(?:compared (?:to|with)|vs\.?|versus|than|against)\s+(?:the\s+)?(?:previous|prior|preceding|last)|over\s+(?:the\s+)?(?:previous|prior|preceding))\s+(\d+|[a-z]+)\s+(day|week)s?\b/.exec(
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
  const over =
    /\b(week over week|wow|w o w|month over month|mom|m o m|this week vs last week|week on week|month on month)\b/.exec(
      text,
    );
  if (over && !first) {
    const weekly = /week|wow|w o w/.test(over[0]);
    const range = weekly
      ? { start: addDays(today, -7), end: addDays(today, -1), label: 'the last 7 days' }
      : lastFullMonth(today);
    const compare = weekly
      ? { ...previousPeriod(range), label: 'the 7 days before' }
      : lastFullMonth(range.start);
    return { range, compare, spans: [{ index: over.index, length: over[0].length }] };
  }
  const range = first ? { start: first.start, end: first.end, label: first.label } : undefined;
  // "vs last week" with no main period still names the comparison; the plan builder then takes
  // the period after it. A bare "the previous period" only needs its words read.
  const found = comparisonCue
    ? resolveComparison(text, today, range ?? { start: addDays(today, -30), end: addDays(today, -1) })
    : undefined;
  const comparison =
    found && (range || (found.explicit && fixedComparison(text, today, found))) ? found : undefined;
  const spans = [first, found].flatMap((match) =>
    match ? [{ index: match.index, length: match.matched.length }] : [],
  );
  return {
    ...(range ? { range } : {}),
    ...(comparison
      ? { compare: { start: comparison.start, end: comparison.end, label: comparison.label } }
      : {}),
    spans,
  };
}

/**
 * Whether a comparison names its own dates ("vs last week") rather than dates relative to the main
 * period ("the week before"): only the first kind can stand without a main period.
 */
function fixedComparison(text: string, today: string, found: Period): boolean {
  const other = resolveComparison(text, today, { start: addDays(today, -7), end: addDays(today, -1) });
  return other?.start === found.start && other.end === found.end;
}

/** The calendar month before the one `day` falls in. */
export function lastFullMonth(day: string): Period {
  const start = addMonths(startOfMonth(day), -1);
  const { year, month } = parseDay(start);
  return { start, end: endOfMonth(start), label: `${MONTH_NAMES[month - 1]} ${year}` };
}

/** Words before "account" that say which account, not which one of them. */
const notAccountWords = new Set([
  'the',
  'my',
  'our',
  'ad',
  'ads',
  'meta',
  'facebook',
  'instagram',
  'main',
  'whole',
  'other',
  'that',
  'this',
  'each',
  'every',
  'which',
  'what',
  'one',
  'same',
  'entire',
  'an',
  'a',
]);

/**
 * "the leads account", "for the US account": one word of exactly one account's name, written after
 * "the", "our" or a preposition, names that account (a word shared by several accounts names none).
 */
function accountsByWord(text: string, catalog: Catalog): EntityMatch[] {
  const accounts = catalog.entities.filter((e) => e.level === 'account');
  const out: EntityMatch[] = [];
  for (const match of text.matchAll(
    /\b(?:the|our|my|for|in|on|from|of|and|vs|versus)\s+([a-z0-9]+)\s+(?:ad\s+)?account\b/g,
  )) {
    const word = match[1] ?? '';
    if (notAccountWords.has(word)) continue;
    const holding = accounts.filter((a) => a.key.split(' ').includes(word));
    const names = [...new Set(holding.map((a) => a.name))];
    const account = holding[0];
    if (!account || names.length !== 1) continue;
    const index = match.index + match[0].indexOf(word, match[0].search(/\s/));
    out.push({
      level: 'account',
      name: account.name,
      ids: holding.map((a) => a.id),
      accountIds: [...new Set(holding.map((a) => a.accountId))],
      index,
      length: match.index + match[0].length - index,
      exact: false,
    });
  }
  return out;
}

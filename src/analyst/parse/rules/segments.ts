import { breakdownOf, type SegmentDimension } from '../../dimensions';
import type { MetricKey } from '../../metrics';
import type { Catalog } from '../entities';
import type { CompareGroup, Filters } from '../plan';
import {
  ageValues,
  bareFormatValues,
  countryOfCode,
  countryValues,
  DIMENSION_WORDS,
  deviceValues,
  facebookValue,
  formatValues,
  genderValues,
  placementValues,
  platformValues,
  positionsOf,
  SAFE_CODES,
  type SegmentValue,
  SPLIT_ONLY_WORDS,
  surfaceValues,
} from './segment-values';

/** The segment slot of a reading: what to split by, and whether a share of the total is asked. */
export interface SegmentAsk {
  by: SegmentDimension[];
  share: boolean;
}

/** What a question says about segments: splits, values to narrow to, values set side by side. */
export interface SegmentWords {
  /** The segments to split the results by ("by age", "which countries", "age and gender"). */
  by: SegmentDimension[];
  /** Values to narrow to ("on Instagram", "in Canada", "excluding Audience Network"). */
  filters: Filters;
  /** Values set against each other ("UK vs US", "men or women", "Reels vs Feed"). */
  groups: CompareGroup[];
  /** "How much of our spend goes to…", "share of spend by placement", "what % of purchases". */
  share: boolean;
  /** Metrics the verbs name ("converts best" is conversion rate, "convert cheaper" cost per result). */
  metrics: { metric: MetricKey; index: number }[];
  spans: [number, number][];
}

interface Mention {
  value: SegmentValue;
  start: number;
  end: number;
  excluded: boolean;
  /** Where "excluding", "not on"… begins, when the value is excluded. */
  from?: number;
  /** A format or surface word that may be a name fragment ("Video - …" ads). */
  weak?: boolean;
}

const re = (source: string, flags = 'g') =>
  new RegExp(`(?<![a-z0-9])(?:${source.replace(/ /g, '\\s+')})(?![a-z0-9])`, flags);

const LEVEL_AFTER = /^\s+(?:campaigns?|ad ?sets?|adsets?|ad groups?|ads?|creatives?)(?![a-z0-9])/;
const LEVEL_WORD = /^(?:campaigns?|ad ?sets?|adsets?|ad groups?|ads?|creatives?)$/;
const EXCLUDED_BEFORE =
  /(?:excluding|exclude|except(?: for)?|without|not|minus|other than|apart from|ignoring|ignore|but not|outside(?: of)?|leaving out|leave out|non)\s+(?:(?:on|in|from|the|for)\s+)*$/;
const JOINER =
  /^\s*(?:,\s*)?(?:vs\.?|versus|or|and|against|compared (?:to|with)|next to|with|&)?\s*(?:(?:the|on|in|from|for)\s+)*$/;
const CONTRAST = /(?<![a-z0-9])(?:vs\.?|versus|or|against|compared (?:to|with))(?![a-z0-9])/;
const SPLIT_BEFORE =
  /(?:by|per|each|every|which|what|across|among|between|split by|broken (?:down|out) by|break ?down by|top|best|worst|cheapest|priciest|highest|lowest|most|least|different|all)\s+$/;
const SPLIT_AFTER = /^\s+(?:breakdown|split|wise|level|performance|mix)(?![a-z0-9])/;
const SHARE =
  /(?<![a-z0-9])(?:(?:what|which) (?:share|percent(?:age)?|proportion|portion|fraction|part|cut) of|(?:share|percent(?:age)?|proportion|portion|fraction) of|how much of|how many of|what part of|percent(?:age)? (?:split|share|breakdown|mix)|(?:spend|budget|revenue|purchases?|sales|traffic|impressions?) (?:mix|split|share|distribution)|mix of|split of|distribution of|(?:as )?(?:a )?pie(?: chart)?|as (?:a )?shares?|as a percent(?:age)?|in percent(?:ages)?|percent(?:age)?s?)(?![a-z0-9])/g;
const PLAIN_SHARE =
  /^(?:as (?:a )?shares?|as a percent(?:age)?|in percent(?:ages)?|percent(?:age)? (?:split|share|breakdown|mix))$/;
const SHARE_VERBS =
  /(?<![a-z0-9])(?:comes?|came|coming|goes|went|going|spent|is|was|are|were)\s+(?:from|to|on|in|through|into)(?![a-z0-9])/g;
const CONVERT = /(?<![a-z0-9])(?:convert(?:s|ing|ers)?|converters)(?![a-z0-9])/g;
const CHEAP_AFTER = /^\s+(?:the\s+)?(?:cheap\w*|for less|at the lowest cost|most efficiently)/;

/**
 * The share words of a question ("share of", "percentage", "spend mix", "pie chart"), for a share
 * across the account's own levels ("share of spend by campaign"), which no segment rule claims.
 */
export function shareCues(text: string): [number, number][] {
  const cues = [...text.matchAll(SHARE), ...text.matchAll(LEVEL_SHARE)];
  return cues.map((match) => [match.index, match.index + match[0].length]);
}

/** "How is my budget split across campaigns", "which campaigns make up most of my spend". */
const LEVEL_SHARE = new RegExp(
  [
    'shares?(?= (?:by|per|across|among|between|for each|of each)\\b)',
    '(?:what|which) (?:share|percent(?:age)?|proportion|portion|fraction|part)(?= (?:goes|went|go|comes?|came|is|was|does|did|gets?|got)\\b)',
    '(?:split|divided|distributed|spread|allocated)(?= (?:across|between|among|by|over)\\b)',
    'make up|makes up|made up',
    'mix(?= (?:by|per|across)\\b)',
  ]
    .map((cue) => `(?<![a-z0-9])(?:${cue})(?![a-z0-9])`)
    .join('|'),
  'g',
);

/**
 * Reads the segment words of a question, before the date grammar (which would read "18-24" as
 * dates) and the name rules. Names the catalog holds are already blanked out of `text`; `full` is
 * the whole normalised question and `original` the question as typed, whose capitals tell the
 * country "US" from the pronoun "us".
 */
export function findSegments(text: string, full: string, original: string, catalog: Catalog): SegmentWords {
  const out: SegmentWords = { by: [], filters: [], groups: [], share: false, metrics: [], spans: [] };
  const taken: [number, number][] = [];
  const free = (start: number, end: number) => !taken.some(([a, b]) => start < b && a < end);
  const mentions: Mention[] = [];
  const facebook: Mention[] = [];

  const scan = (values: SegmentValue[], list: Mention[] = mentions, weakness?: (m: Mention) => boolean) => {
    for (const value of values) {
      for (const match of text.matchAll(re(value.pattern))) {
        const start = match.index;
        const end = start + match[0].length;
        if (!free(start, end)) continue;
        // Words a name holds are the name rules' to read; a weak word's fate is decided below.
        if (!weakness && nameFragment(text, match[0], end, catalog)) continue;
        if (/^\s*(?:'s|s'|account)/.test(text.slice(end))) continue;
        const mention: Mention = { value, start, end, ...exclusion(text, start) };
        if (weakness?.(mention)) mention.weak = true;
        list.push(mention);
        taken.push([start, end]);
      }
    }
  };
  scan(placementValues);
  scan(ageValues);
  scan(countryValues);
  for (const code of countryCodes(text, full, original)) {
    if (!free(code.start, code.end)) continue;
    mentions.push({ ...code, ...exclusion(text, code.start) });
    taken.push([code.start, code.end]);
  }
  scan(deviceValues);
  scan(platformValues);
  scan([facebookValue], facebook);
  scan(genderValues);
  // A format word is a name fragment where ads are named that way ("video ads" → "Video - …").
  scan(formatValues, mentions, (m) => nameWordsOf(text.slice(m.start, m.end), catalog));
  scan(bareFormatValues, mentions, () => true);
  scan(surfaceValues, mentions, () => true);

  const dimensionWords = findDimensionWords(text, free);
  for (const word of dimensionWords) taken.push([word.start, word.end]);

  // Chains of values of one segment joined by "vs", "or", "and": the sides of a comparison.
  const all = [...mentions, ...facebook].sort((a, b) => a.start - b.start);
  const chains: Mention[][] = [];
  for (const mention of all) {
    const chain = chains.at(-1);
    const last = chain?.at(-1);
    if (chain && last && joined(text, last, mention)) chain.push(mention);
    else chains.push([mention]);
  }
  const formatsNamed = dimensionWords.some((word) => word.dimensions.includes('format'));
  const placementsNamed =
    dimensionWords.some((word) => word.dimensions.includes('placement')) ||
    all.some((m) => m.value.dimension === 'placement' && !m.weak);
  const shareCue = [...text.matchAll(SHARE)];
  const kept: Mention[][] = [];
  for (const chain of chains) {
    const sides = chain.length >= 2;
    const strong = chain.some((m) => !m.weak);
    const accepted = chain.filter((m) => {
      if (m.value === facebookValue) return sides || plainlyPlatform(text, m) || shareCue.length > 0;
      if (!m.weak) return true;
      if (m.value.dimension === 'format') return sides ? strong || formatsNamed : formatsNamed;
      // A surface ("reels", "stories") is a placement next to another placement or after "on".
      return (
        sides ||
        placementsNamed ||
        /(?:on|in|via|through|from|across)\s+(?:the\s+)?$/.test(text.slice(0, m.start))
      );
    });
    if (accepted.length) kept.push(accepted);
  }

  for (const chain of kept) {
    for (const m of chain) out.spans.push([m.from ?? m.start, m.end]);
    if (chain.length >= 2 && chain.every((m) => !m.excluded)) {
      const from = chain[0]?.end ?? 0;
      const to = chain.at(-1)?.start ?? 0;
      // The joining words belong to the comparison: left, "vs last month" would read as a period.
      for (let i = 1; i < chain.length; i++)
        out.spans.push([chain[i - 1]?.end ?? from, chain[i]?.start ?? to]);
      out.groups.push(...sidesOf(chain));
      continue;
    }
    // "excluding Audience Network and Messenger": the exclusion covers the whole list.
    const excluded = chain[0]?.excluded ?? false;
    for (const m of chain) out.filters.push(filterOf({ ...m, excluded: excluded || m.excluded }));
  }

  for (const word of dimensionWords) {
    out.spans.push([word.start, word.end]);
    for (const dimension of word.dimensions) if (!out.by.includes(dimension)) out.by.push(dimension);
  }
  // "the 18-24 age group", "age 25-34": the dimension word names the value's own segment.
  const narrowed = new Set(out.filters.filter((f) => f.op === 'in').map((f) => f.dimension));
  const compared = new Set(out.groups.flatMap((g) => g.filters.map((f) => f.dimension)));
  out.by = out.by.filter((dimension, i) => {
    const word = dimensionWords.find((w) => w.dimensions.includes(dimension));
    const asked = word?.split;
    if (compared.has(dimension)) return false;
    if (narrowed.has(dimension) && !asked) return false;
    return out.by.indexOf(dimension) === i;
  });

  const segmentsNamed = out.by.length > 0 || out.filters.length > 0 || out.groups.length > 0;
  // "As a share", "as a pie" ask for shares whatever else the question names ("and as a share?").
  const plainlyShare = shareCue.filter((match) => PLAIN_SHARE.test(match[0]));
  const claimed = segmentsNamed ? shareCue : plainlyShare;
  if (claimed.length) {
    out.share = true;
    for (const match of claimed) out.spans.push([match.index, match.index + match[0].length]);
    // "comes from mobile", "went to Audience Network": the verbs of a share.
    if (segmentsNamed)
      for (const match of text.matchAll(SHARE_VERBS))
        out.spans.push([match.index, match.index + match[0].length]);
  }
  for (const match of text.matchAll(CONVERT)) {
    if (!free(match.index, match.index + match[0].length)) continue;
    const cheap = CHEAP_AFTER.test(text.slice(match.index + match[0].length));
    out.metrics.push({ metric: cheap ? 'cpa' : 'cvr', index: match.index });
    out.spans.push([match.index, match.index + match[0].length]);
  }
  return out;
}

/** "excluding", "not on", "other than" right before a value: where the exclusion starts. */
function exclusion(text: string, start: number): { excluded: boolean; from?: number } {
  const before = text.slice(Math.max(0, start - 40), start);
  const match = EXCLUDED_BEFORE.exec(before);
  return match ? { excluded: true, from: start - before.length + match.index } : { excluded: false };
}

/** "video ads" where some ads are named "Video - …": the name rules read it, not this one. */
function nameFragment(text: string, matched: string, end: number, catalog: Catalog): boolean {
  const words = matched.trim().split(/\s+/);
  const named = words.filter((w) => !LEVEL_WORD.test(w));
  const levelled = words.some((w) => LEVEL_WORD.test(w)) || LEVEL_AFTER.test(text.slice(end));
  if (!levelled || !named.length) return false;
  return (
    named.every((w) => catalog.nameWords.has(w)) &&
    !/^(?:images|photos|videos|pictures)$/.test(named.at(-1) ?? '')
  );
}

function nameWordsOf(matched: string, catalog: Catalog): boolean {
  const words = matched
    .trim()
    .split(/\s+/)
    .filter((w) => !LEVEL_WORD.test(w));
  return words.length > 0 && words.every((w) => catalog.nameWords.has(w));
}

/** "Facebook placements", "only Facebook", "Facebook itself": the platform, not Meta as a whole. */
function plainlyPlatform(text: string, m: Mention): boolean {
  const before = text.slice(Math.max(0, m.start - 20), m.start);
  const after = text.slice(m.end, m.end + 30);
  return (
    /(?:only|just|exclusively|solely)\s+(?:(?:on|in|the)\s+)*$/.test(before) ||
    /^\s+(?:only|placements?|platform|itself|alone|proper|app|news feed)(?![a-z0-9])/.test(after)
  );
}

function joined(text: string, a: Mention, b: Mention): boolean {
  if (family(a) !== family(b)) return false;
  const between = text.slice(a.end, b.start);
  if (JOINER.test(between)) return true;
  // "Instagram CPA vs Facebook CPA": a few words between, one of them a contrast.
  return CONTRAST.test(between) && between.trim().split(/\s+/).length <= 5 && !/[.?!;]/.test(between);
}

/** Values that can be set side by side: one segment, or a platform against a placement. */
function family(m: Mention): string {
  return m.value.dimension === 'publisher_platform' ? 'placement' : m.value.dimension;
}

function filterOf(m: Mention): Filters[number] {
  return { dimension: m.value.dimension, op: m.excluded ? 'not_in' : 'in', values: m.value.values };
}

/** The sides of a comparison; a platform set against placements becomes its placements. */
function sidesOf(chain: Mention[]): CompareGroup[] {
  const mixed = new Set(chain.map((m) => m.value.dimension)).size > 1;
  return chain.map((m) => {
    const asPlacements = mixed && m.value.dimension === 'publisher_platform';
    return {
      label: m.value.label,
      filters: [
        asPlacements
          ? { dimension: 'placement', op: 'in', values: m.value.values.flatMap(positionsOf) }
          : { dimension: m.value.dimension, op: 'in', values: m.value.values },
      ],
    };
  });
}

interface DimensionWord {
  dimensions: SegmentDimension[];
  start: number;
  end: number;
  /** Written after a word that asks for a split ("by age", "which country"). */
  split: boolean;
}

function findDimensionWords(text: string, free: (start: number, end: number) => boolean): DimensionWord[] {
  const found: DimensionWord[] = [];
  const claim = (dimensions: SegmentDimension[], start: number, end: number, split: boolean) => {
    if (!free(start, end) || found.some((w) => start < w.end && w.start < end)) return;
    found.push({ dimensions, start, end, split });
  };
  for (const [dimensions, source] of DIMENSION_WORDS) {
    for (const match of text.matchAll(re(source))) {
      const end = match.index + match[0].length;
      const split =
        SPLIT_BEFORE.test(text.slice(Math.max(0, match.index - 30), match.index)) ||
        SPLIT_AFTER.test(text.slice(end));
      claim(dimensions, match.index, end, split);
    }
  }
  for (const [dimensions, source] of SPLIT_ONLY_WORDS) {
    for (const match of text.matchAll(re(source))) {
      const end = match.index + match[0].length;
      const split =
        SPLIT_BEFORE.test(text.slice(Math.max(0, match.index - 30), match.index)) ||
        SPLIT_AFTER.test(text.slice(end));
      if (split) claim(dimensions, match.index, end, true);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Country codes: "US" or "DE" written in capitals, "uk" in any case, and "us" where it cannot be
 * the pronoun ("in the us", "uk vs us"). "Give us", "for us" and "cost us" stay pronouns.
 */
function countryCodes(text: string, full: string, original: string): Omit<Mention, 'excluded'>[] {
  const out: Omit<Mention, 'excluded'>[] = [];
  for (const match of text.matchAll(/(?<![a-z0-9.])([a-z]{2})(?![a-z0-9])/g)) {
    const token = match[1] ?? '';
    const code = token.toUpperCase();
    if (!SAFE_CODES.has(code)) continue;
    const start = match.index;
    const end = start + token.length;
    if (LEVEL_AFTER.test(text.slice(end)) || /^\s+account/.test(text.slice(end))) continue;
    const capital = writtenInCapitals(full, original, token, start);
    if (token === 'us' && !capital && !usAsCountry(text, start, end)) continue;
    if (token !== 'us' && token !== 'uk' && !capital) continue;
    const value = countryOfCode(code);
    if (value) out.push({ value, start, end });
  }
  return out;
}

/** "in the us", "across the us", "uk vs us", "us and canada": the country, not "us". */
function usAsCountry(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 30), start);
  const after = text.slice(end, end + 40);
  if (/(?:in|from|across|within|outside|throughout|to|for|of|vs|versus|and|or|than) the\s+$/.test(before))
    return true;
  const country = countryValues.map((v) => v.pattern).join('|');
  const place = `(?:${country}|uk|ca|au|canada)`;
  return (
    new RegExp(`${place}\\s+(?:vs\\.?|versus|or|and|against|compared (?:to|with))\\s+(?:the\\s+)?$`).test(
      before,
    ) ||
    new RegExp(
      `^\\s+(?:vs\\.?|versus|or|and|against|compared (?:to|with))\\s+(?:the\\s+)?${place}(?![a-z])`,
    ).test(after)
  );
}

/** Whether the token at `index` of the normalised question was typed in capitals ("US", not "us"). */
function writtenInCapitals(full: string, original: string, token: string, index: number): boolean {
  const word = new RegExp(`(?<![A-Za-z0-9])${token}(?![A-Za-z0-9])`, 'gi');
  const ordinal = [...full.slice(0, index).matchAll(word)].length;
  const typed = [...original.matchAll(word)][ordinal]?.[0];
  return typed === token.toUpperCase();
}

/** The breakdown keys a set of segment dimensions needs (format needs none). */
export function breakdownsOf(dimensions: readonly SegmentDimension[]): string[] {
  return [...new Set(dimensions.map((d) => breakdownOf([d])).filter((k): k is NonNullable<typeof k> => !!k))];
}

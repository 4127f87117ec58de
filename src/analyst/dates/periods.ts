/**
 * Finds every period a question names, in order, and decides how the pieces relate: "Oct 1 to Oct 15" is
 * one range, "since Nov 1" runs to yesterday, and a period after "vs"/"compared to" is the baseline.
 */
import { addDays, parseDay } from './calendar';
import { explicitCandidates, resolveExplicit } from './explicit';
import { formatDay, formatRange } from './labels';
import { tailBefore, wordsBefore } from './lookback';
import { namedCandidates } from './named';
import { type Normalized, normalize } from './normalize';
import { relativeCandidates } from './relative';
import { rollingCandidates } from './rolling';
import type { Candidate } from './types';

export interface Found extends Candidate {
  /** Start of the phrase including its lead-in ("in the", "compared to"), in the normalized text. */
  from: number;
  /** Introduced by a comparison word, so it is the period to compare against. */
  cue: boolean;
}

const W = '(?<![a-z0-9])';
const COMPARE_WORD = new RegExp(`${W}(?:compar\\w*|vs|versus)(?![a-z0-9])`);
const CHANGE_WORD = new RegExp(
  `${W}(?:chang\\w*|grow\\w*|grew|go|goes|going|up|down|improv\\w*|declin\\w*|worse\\w*|better|increas\\w*|decreas\\w*|drop\\w*|rise|rose|risen|fall|fell|fallen|went|gone|mov\\w*|shift\\w*|jump\\w*|climb\\w*|differ\\w*)(?![a-z0-9])`,
);
const JOINER = /^\s*(-|to|through|until|and)\s*$/;
const OPENER = new RegExp(`${W}(between|from)\\s+$`);
const SINCE = new RegExp(`${W}(since|from)\\s+(?:the\\s+)?$`);
const FILLER = '(?:(?:in|during|for|on|over|of)\\s+)?(?:the\\s+)?';
const CUE = new RegExp(
  `${W}(?:(?:compared?|comparing)(?:\\s+(?:it|this|that|them))?\\s+(?:to|with|against)|vs\\.?|versus|v\\.?|against|relative\\s+to|than|(?:as\\s+)?opposed\\s+to)\\s+${FILLER}$`,
);
const COMPARE_JOIN = new RegExp(`${W}(?:to|with|and)\\s+${FILLER}$`);
const CHANGE_FROM = new RegExp(`${W}from\\s+(?:the\\s+)?$`);
const LEAD_IN = new RegExp(
  `(?:${W}(?:so\\s+far\\s+)?(?:in|during|over|for|on|within|throughout|across|of|from|between)\\s+)?(?:${W}the\\s+)?$`,
);
const DATE_CONTEXT = new RegExp(
  `${W}(?:on|from|between|since|for|in|during|until|through|to|and|vs\\.?|versus|than|of|with|against)\\s+$`,
);

/** Where phrases overlap the longest wins: "the day before yesterday" over "yesterday". */
function longestFirst(all: Candidate[]): Candidate[] {
  const byLength = [...all].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Candidate[] = [];
  for (const candidate of byLength) {
    if (kept.every((k) => candidate.end <= k.start || candidate.start >= k.end)) kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The question's text with the lookups the decisions below repeat for every phrase. */
interface Context {
  text: string;
  /** A lead-in pattern (ending in `$`) tested against the text before `end`; the index is the text's. */
  leadIn(pattern: RegExp, end: number): { index: number; 1?: string } | null;
  compareBefore(end: number): boolean;
  changeBefore(end: number): boolean;
}

function context(text: string): Context {
  return {
    text,
    leadIn(pattern, end) {
      const tail = tailBefore(text, end);
      const match = pattern.exec(tail.text);
      return match && { index: match.index + tail.offset, 1: match[1] };
    },
    compareBefore: wordsBefore(text, COMPARE_WORD),
    changeBefore: wordsBefore(text, CHANGE_WORD),
  };
}

/** "Oct 1 to Oct 15", "between September and October", "from 10/1 - 10/15" as one range. */
function joinPair(ctx: Context, a: Candidate, b: Candidate, today: string): Candidate | undefined {
  if (!a.joinable || !b.joinable || !a.range || !b.range) return undefined;
  const joiner = JOINER.exec(ctx.text.slice(a.end, b.start))?.[1];
  if (!joiner) return undefined;
  const opener = ctx.leadIn(OPENER, a.start);
  if (joiner === 'and' && opener?.[1] !== 'between') return undefined;
  // "compare October to September" and "change from May to June" are two periods, not one range.
  if (!opener && ctx.compareBefore(a.start)) return undefined;
  if (opener?.[1] === 'from' && ctx.changeBefore(opener.index)) return undefined;
  const both = a.parts && b.parts && !a.parts.end && !b.parts.end;
  const range =
    a.parts && b.parts && both
      ? resolveExplicit(a.parts.start, b.parts.start, today)
      : { start: a.range.start, end: b.range.end };
  if (!range || range.start > range.end) return undefined;
  return { start: opener ? opener.index : a.start, end: b.end, range, label: formatRange(range) };
}

function join(ctx: Context, list: Candidate[], today: string): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as Candidate;
    const b = list[i + 1];
    const joined = b ? joinPair(ctx, a, b, today) : undefined;
    out.push(joined ?? a);
    if (joined) i++;
  }
  return out;
}

/** "since Nov 1" = Nov 1 .. yesterday: today's rows are partial, as in the "last N days" presets. */
function since(ctx: Context, candidate: Candidate, today: string): Candidate | undefined {
  const lead = ctx.leadIn(SINCE, candidate.start);
  const plain = candidate.point ? undefined : candidate;
  // A written range ("from Oct 1-15") already has its end.
  if (!candidate.range || !(candidate.joinable || candidate.point) || candidate.parts?.end || !lead)
    return plain;
  if (lead[1] === 'from' && ctx.changeBefore(lead.index)) return plain;
  const start = candidate.range.start;
  if (start > today) return plain;
  const yesterday = addDays(today, -1);
  if (start >= yesterday) {
    // "since today" can only mean today; "since yesterday" is yesterday once today is left out.
    const range = { start, end: start };
    const label = `${start === today ? 'today' : 'yesterday'} (${formatDay(start)})`;
    return { start: lead.index, end: candidate.end, range, label };
  }
  const range = { start, end: yesterday };
  const label = `since ${formatDay(start)}, through yesterday (${formatRange(range)})`;
  return { start: lead.index, end: candidate.end, range, label };
}

function classify(ctx: Context, candidate: Candidate): Found {
  const cue = ctx.leadIn(CUE, candidate.start);
  if (cue) return { ...candidate, from: cue.index, cue: true };
  const compareJoin = ctx.compareBefore(candidate.start) ? ctx.leadIn(COMPARE_JOIN, candidate.start) : null;
  if (compareJoin) return { ...candidate, from: compareJoin.index, cue: true };
  const changeFrom = ctx.leadIn(CHANGE_FROM, candidate.start);
  if (changeFrom && ctx.changeBefore(changeFrom.index)) {
    return { ...candidate, from: changeFrom.index, cue: true };
  }
  return { ...candidate, from: ctx.leadIn(LEAD_IN, candidate.start)?.index ?? candidate.start, cue: false };
}

export interface Periods {
  normalized: Normalized;
  found: Found[];
}

// The analyst asks for the main period and then the comparison of the same text: read it once.
let last: { question: string; today: string; periods: Periods } | undefined;

/** Every period `question` names, in order. The result is shared between calls: do not change it. */
export function findPeriods(question: string, today: string): Periods {
  if (last && last.question === question && last.today === today) return last.periods;
  const periods = readPeriods(question, today);
  last = { question, today, periods };
  return periods;
}

function readPeriods(question: string, today: string): Periods {
  parseDay(today);
  const normalized = normalize(question);
  const text = normalized.text;
  const ctx = context(text);
  const all = [
    ...rollingCandidates(text, today),
    ...namedCandidates(text, today),
    ...explicitCandidates(text, today),
    ...relativeCandidates(normalized, today),
  ];
  const found: Found[] = [];
  for (const candidate of join(ctx, longestFirst(all), today)) {
    if (candidate.weak && !ctx.leadIn(DATE_CONTEXT, candidate.start)) continue;
    const resolved = since(ctx, candidate, today);
    if (resolved) found.push(classify(ctx, resolved));
  }
  return { normalized, found };
}

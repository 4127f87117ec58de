import { AFTER, BEFORE } from '../../dates/types';

export type UnsupportedKind =
  | 'platform'
  | 'breakdown'
  | 'funnel'
  | 'video'
  | 'object'
  | 'language'
  | 'off_topic'
  | 'unavailable';

export interface Unsupported {
  kind: UnsupportedKind;
  /** What ARLO could not do and why, one or two sentences, for the reply's error section. */
  message: string;
  /** Two or three questions ARLO can answer instead, in plain English. */
  suggestions: string[];
  /** [start, end) character spans in the given text that the cue consumed (for coverage). */
  spans: [number, number][];
}

/** One way of asking for something ARLO can't do, written as regex source over normalised text. */
export interface CueSpec {
  /**
   * A space matches any run of spaces, because the caller may blank out names it has already read.
   * Keep spaces out of character classes, and quantify only disjoint pieces (no nested `+`).
   */
  cue: string;
  /** The thing asked for, as the reply names it ("Google Ads", "age group"). */
  thing: string;
  /** What the thing belongs to, shared by things one explanation covers ("demographic"). */
  detail?: string;
  /** Text right before the cue that gives it another meaning ("move budget" is advice). */
  notBefore?: string;
  /** Text right after the cue that gives it another meaning ("budget spent" is spend). */
  notAfter?: string;
  /** Anywhere in the question, this cancels the cue ("profit" next to "ROI" asks for ROI). */
  unless?: string;
  /** Cues with their own explanation, in tables whose cues are unrelated. */
  kind?: UnsupportedKind;
  message?: string;
  suggestions?: readonly string[];
}

export interface Cue extends CueSpec {
  pattern: RegExp;
  before?: RegExp;
  after?: RegExp;
  anywhere?: RegExp;
}

export interface Hit {
  cue: Cue;
  start: number;
  end: number;
}

/** Cues scanned together; the first table with a hit decides the reply. */
export interface CueTable {
  kind: UnsupportedKind;
  cues: readonly Cue[];
  /** The reply for the hits of one kind, in question order (the first hit leads). */
  explain(hits: readonly Hit[], text: string): { message: string; suggestions: string[] };
}

/** How far around a match the before/after guards look. */
const GUARD_WINDOW = 40;

/** " " needs some space and " ?" allows none ("tik tok", "tiktok"), however long the run. */
function spaced(source: string): string {
  return source.replace(/ \?/g, '\\s*').replace(/ /g, '\\s+');
}

export function compileCues(specs: readonly CueSpec[]): Cue[] {
  return specs.map((spec) => ({
    ...spec,
    pattern: new RegExp(`${BEFORE}(?:${spaced(spec.cue)})${AFTER}`, 'g'),
    before: spec.notBefore ? new RegExp(`(?:${spaced(spec.notBefore)})\\s*$`) : undefined,
    after: spec.notAfter ? new RegExp(`^\\s*(?:${spaced(spec.notAfter)})`) : undefined,
    anywhere: spec.unless ? new RegExp(`${BEFORE}(?:${spaced(spec.unless)})${AFTER}`) : undefined,
  }));
}

function guarded(text: string, cue: Cue, start: number, end: number): boolean {
  return Boolean(
    cue.before?.test(text.slice(Math.max(0, start - GUARD_WINDOW), start)) ||
      cue.after?.test(text.slice(end, end + GUARD_WINDOW)),
  );
}

function cueHits(text: string, cue: Cue): { hits: Hit[]; matched: boolean } {
  const hits: Hit[] = [];
  let matched = false;
  if (cue.anywhere?.test(text)) return { hits, matched: text.search(cue.pattern) !== -1 };
  for (const match of text.matchAll(cue.pattern)) {
    matched = true;
    const end = match.index + match[0].length;
    if (!guarded(text, cue, match.index, end)) hits.push({ cue, start: match.index, end });
  }
  return { hits, matched };
}

/**
 * The cues' hits in `text`, first in the question first. The caller may have blanked out words a
 * guard needs ("budget was spent" with "spent" read as a metric), so when the whole question
 * (`plain`) holds the cue only where a guard cancels it, the cue does not count.
 */
export function findHits(text: string, cues: readonly Cue[], plain = text): Hit[] {
  const hits: Hit[] = [];
  for (const cue of cues) {
    const found = cueHits(text, cue).hits;
    if (found.length === 0) continue;
    if (plain !== text) {
      const inPlain = cueHits(plain, cue);
      if (inPlain.matched && inPlain.hits.length === 0) continue;
    }
    hits.push(...found);
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** The distinct values in first-seen order. */
export function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** "a", "a and b", "a, b and c". */
export function listWords(words: readonly string[], joiner = 'and'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${joiner} ${words[words.length - 1]}`;
}

/** For tables whose cues each carry their own explanation: the first hit speaks. */
export function ownExplanation(fallback: readonly string[]) {
  return (hits: readonly Hit[]) => {
    const cue = (hits[0] as Hit).cue;
    return { message: cue.message ?? '', suggestions: [...(cue.suggestions ?? fallback)] };
  };
}

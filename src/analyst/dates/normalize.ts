/**
 * Puts a question into the form the grammar is written for (lower case, typos in date words corrected,
 * "seven days" as "7 days") while remembering where every character came from, so a match can be
 * reported as the exact substring of what the user typed.
 */
import { plainCharacter } from '../text/normalise';
import { createTypoCorrector } from '../text/typo-corrector';
import { ALIASES, NUMBER_WORDS, PROTECTED, TOLERANCE, UNIT_WORDS } from './lexicon';

export interface Normalized {
  original: string;
  text: string;
  /** The original substring behind text[start, end). */
  span(start: number, end: number): { index: number; matched: string };
}

interface Segment {
  from: number;
  to: number;
  out: string;
  word: boolean;
}

const numbers = new Map(Object.entries(NUMBER_WORDS));

/**
 * Typos rarely hit the first letter, so a correction must keep it ("blast" stays, not "last"); words of
 * four letters or fewer forgive a dropped, doubled or swapped letter, never a replaced one ("list" is a
 * word, not a typo of "last").
 */
const correctWord = createTypoCorrector({
  words: new Map(Object.entries(TOLERANCE)),
  aliases: new Map(Object.entries(ALIASES)),
  protectedWords: PROTECTED,
  minLength: 3,
  sameStart: true,
  noSubstitutionUpTo: 4,
});

function toSegments(original: string): Segment[] {
  const segments: Segment[] = [];
  for (const match of original.matchAll(/[A-Za-z]+|[\s\S]/g)) {
    const from = match.index;
    const raw = match[0];
    const word = /^[A-Za-z]/.test(raw);
    let out = word ? correctWord(raw.toLowerCase()) : plainCharacter(raw);
    // chrono cannot split "10/1-10/15"; spaced out, it reads two dates that the grammar then joins.
    if (
      out === '-' &&
      /\d/.test(original[from - 1] ?? '') &&
      /^\d{1,2}\/\d/.test(original.slice(from + 1, from + 5))
    ) {
      out = ' - ';
    }
    segments.push({ from, to: from + raw.length, out, word });
  }
  return segments;
}

/** Index of the next word segment after `i`, if only spaces (and, when allowed, one hyphen) come between. */
function nextWord(segments: Segment[], i: number, allowHyphen: boolean): number | undefined {
  let hyphens = 0;
  for (let j = i + 1; j < segments.length; j++) {
    const segment = segments[j] as Segment;
    if (segment.word) return j;
    if (segment.out === '-' && allowHyphen && hyphens++ === 0) continue;
    if (segment.out !== ' ') return undefined;
  }
  return undefined;
}

/** "seven days" → "7 days", "twenty-one days" → "21 days"; numbers not followed by a unit stay words. */
function spellOutCounts(segments: Segment[]): Segment[] {
  const result: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as Segment;
    let value = segment.word ? numbers.get(segment.out) : undefined;
    if (value === undefined) {
      result.push(segment);
      continue;
    }
    let last = i;
    const next = nextWord(segments, i, true);
    const ones = next === undefined ? undefined : numbers.get((segments[next] as Segment).out);
    if (value >= 20 && next !== undefined && ones !== undefined && ones < 10) {
      value += ones;
      last = next;
    }
    const unit = nextWord(segments, last, false);
    if (unit === undefined || !UNIT_WORDS.has((segments[unit] as Segment).out)) {
      result.push(segment);
      continue;
    }
    result.push({ from: segment.from, to: (segments[last] as Segment).to, out: String(value), word: false });
    i = last;
  }
  return result;
}

export function normalize(original: string): Normalized {
  const segments = spellOutCounts(toSegments(original));
  // Every output character remembers its whole segment; matches always start and end on segment edges.
  const froms: number[] = [];
  const tos: number[] = [];
  for (const segment of segments) {
    for (let k = 0; k < segment.out.length; k++) {
      froms.push(segment.from);
      tos.push(segment.to);
    }
  }
  const text = segments.map((segment) => segment.out).join('');
  return {
    original,
    text,
    span(start, end) {
      const index = froms[start] ?? original.length;
      const stop = end > start ? (tos[end - 1] ?? index) : index;
      return { index, matched: original.slice(index, stop) };
    },
  };
}

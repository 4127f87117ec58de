/**
 * Puts a question into the form the grammar is written for (lower case, typos in date words corrected,
 * "seven days" as "7 days") while remembering where every character came from, so a match can be
 * reported as the exact substring of what the user typed.
 */
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

const aliases = new Map(Object.entries(ALIASES));
const tolerances = new Map(Object.entries(TOLERANCE));
const numbers = new Map(Object.entries(NUMBER_WORDS));

// Dashes and quotes that keyboards and phones substitute; the grammar only knows the ASCII ones.
const CHAR_FIXES = new Map([
  ['\u2013', '-'],
  ['\u2014', '-'],
  ['\u2212', '-'],
  ['\u2018', "'"],
  ['\u2019', "'"],
  ['\u00a0', ' '],
]);

/** Optimal string alignment distance; a replaced letter costs 2 when `noSubstitution` (short words). */
function typoDistance(a: string, b: string, noSubstitution: boolean): number {
  const substitution = noSubstitution ? 2 : 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1];
      let best = Math.min(
        (above[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (above[j - 1] ?? 0) + (same ? 0 : substitution),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row[j] = best;
    }
  }
  return rows[a.length]?.[b.length] ?? Number.POSITIVE_INFINITY;
}

// Typos rarely hit the first letter; requiring it keeps "blast" from becoming "last".
function sameStart(word: string, canonical: string): boolean {
  return word[0] === canonical[0] || (word[0] === canonical[1] && word[1] === canonical[0]);
}

export function correctWord(word: string): string {
  const alias = aliases.get(word);
  if (alias) return alias;
  if (tolerances.has(word) || PROTECTED.has(word) || word.length < 3) return word;
  let best = word;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [canonical, tolerance] of tolerances) {
    if (tolerance === 0 || Math.abs(canonical.length - word.length) > tolerance) continue;
    if (!sameStart(word, canonical)) continue;
    const distance = typoDistance(word, canonical, canonical.length <= 4);
    if (distance <= tolerance && distance < bestDistance) {
      best = canonical;
      bestDistance = distance;
    }
  }
  return best;
}

function toSegments(original: string): Segment[] {
  const segments: Segment[] = [];
  for (const match of original.matchAll(/[A-Za-z]+|[\s\S]/g)) {
    const from = match.index;
    const raw = match[0];
    const word = /^[A-Za-z]/.test(raw);
    let out = word ? correctWord(raw.toLowerCase()) : (CHAR_FIXES.get(raw) ?? raw.toLowerCase());
    // chrono cannot split "10/1-10/15"; spaced out, it reads two dates that the grammar then joins.
    if (out === '-' && /\d$/.test(original.slice(0, from)) && /^\d{1,2}\/\d/.test(original.slice(from + 1))) {
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

import { editDistance } from './edit-distance';

export interface TypoCorrectorOptions {
  /** Canonical word → how many typos a typed word may have and still be read as it (0: exact only). */
  words: ReadonlyMap<string, number>;
  /** Shorthand and misspellings too far from their word for the fuzzy match, read as that word. */
  aliases?: ReadonlyMap<string, string>;
  /** Real words a typo away from a canonical word; they are never corrected. */
  protectedWords?: ReadonlySet<string>;
  /** Shorter typed words are left alone: too many short words are one letter from another. */
  minLength?: number;
  /** A further cap on typos that depends on the typed word's length (long words forgive more). */
  maxTyposForLength?: (length: number) => number;
  /** Only correct to words with the same first letter (or the first two letters swapped). */
  sameStart?: boolean;
  /** Canonical words this short forgive a dropped, doubled or swapped letter but not a replaced one. */
  noSubstitutionUpTo?: number;
}

/** Reads a typed word (lower case) as its canonical word; `alsoProtected` adds words for this call. */
export type TypoCorrector = (word: string, alsoProtected?: ReadonlySet<string>) => string;

// Typos rarely hit the first letter; requiring it keeps "blast" from becoming "last".
function startsAlike(word: string, canonical: string): boolean {
  return word[0] === canonical[0] || (word[0] === canonical[1] && word[1] === canonical[0]);
}

/**
 * Builds a corrector: an alias wins, a canonical or protected word stays, otherwise the closest canonical
 * word within its tolerance (the first listed wins a tie), else the word unchanged.
 */
export function createTypoCorrector(options: TypoCorrectorOptions): TypoCorrector {
  const {
    words,
    aliases = new Map<string, string>(),
    protectedWords = new Set<string>(),
    minLength = 1,
    maxTyposForLength = () => Number.POSITIVE_INFINITY,
    sameStart = false,
    noSubstitutionUpTo = 0,
  } = options;
  const candidates = [...words].filter(([, tolerance]) => tolerance > 0);
  return (word, alsoProtected) => {
    const alias = aliases.get(word);
    if (alias) return alias;
    if (word.length < minLength || words.has(word) || protectedWords.has(word) || alsoProtected?.has(word))
      return word;
    const cap = maxTyposForLength(word.length);
    let best = word;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [canonical, tolerance] of candidates) {
      const allowed = Math.min(tolerance, cap);
      if (Math.abs(canonical.length - word.length) > allowed) continue;
      if (sameStart && !startsAlike(word, canonical)) continue;
      const substitutionCost = canonical.length <= noSubstitutionUpTo ? 2 : 1;
      const distance = editDistance(word, canonical, allowed, substitutionCost);
      if (distance <= allowed && distance < bestDistance) {
        best = canonical;
        bestDistance = distance;
      }
    }
    return best;
  };
}

/**
 * The text just before a phrase, for the patterns that read a phrase's lead-in ("compared to the",
 * "since", "between"). Testing a `$`-anchored pattern on the whole prefix makes the engine try every
 * position of it, once per phrase: quadratic, and hundreds of milliseconds on a long question that
 * repeats dates. Lead-ins are a few words, so a bounded tail reads the same.
 */

/**
 * Enough for the longest lead-in ("compared them against during the"). A run of spaces counts as
 * one character: a name cut out of the question leaves one between the words of a lead-in.
 */
const LOOKBACK = 64;

export interface Tail {
  /** What a pattern ending at the phrase needs of text[0, end). */
  text: string;
  /** Add to an index into `text` to get an index into the whole text. */
  offset: number;
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';
const isWordChar = (char: string | undefined) => char !== undefined && /[a-z0-9]/.test(char);

export function tailBefore(text: string, end: number): Tail {
  let from = end;
  let kept = 0;
  while (from > 0 && kept < LOOKBACK) {
    from--;
    if (!(isSpace(text[from]) && from + 1 < end && isSpace(text[from + 1]))) kept++;
  }
  if (from === 0) return { text: text.slice(0, end), offset: 0 };
  // One character stands for everything cut off: a letter if a word was cut (so the word
  // boundaries the patterns check stay right), else a mark that is neither a space nor a word
  // character, so `^` cannot match where the text did not start.
  const mark = isWordChar(text[from - 1]) ? 'x' : '\u0001';
  return { text: mark + text.slice(from, end), offset: from - 1 };
}

/**
 * Whether `word` (a pattern without `^` or `$`) occurs anywhere in text[0, end), for many `end`s
 * over one text: one scan of the whole text, then a bounded check per call.
 */
export function wordsBefore(text: string, word: RegExp): (end: number) => boolean {
  const first = new RegExp(word.source).exec(text);
  const firstEnd = first ? first.index + first[0].length : Number.POSITIVE_INFINITY;
  // A word that the full text continues ("compare" in "comparex") still counts when it ends right
  // at `end`, as it would in the cut-off prefix.
  const endingHere = new RegExp(`(?:${word.source})$`);
  return (end) => firstEnd <= end || endingHere.test(tailBefore(text, end).text);
}

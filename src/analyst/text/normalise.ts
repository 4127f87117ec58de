/**
 * Puts typed text into the plain form the parser's word lists are written in. The character rules are
 * shared with the date grammar (which keeps its own offset-remembering segmentation), so both read a
 * phone's curly quote or long dash the same way.
 */

// Dashes, quotes and spaces that keyboards and phones substitute; the grammars only know the ASCII
// ones. A backquote is typed for an apostrophe ("jan `24", "client`s").
const TYPOGRAPHIC_SUBSTITUTES = new Map([
  ['\u2013', '-'],
  ['\u2014', '-'],
  ['\u2212', '-'],
  ['\u2018', "'"],
  ['\u2019', "'"],
  ['`', "'"],
  ['\u00a0', ' '],
]);
const SUBSTITUTE = new RegExp(`[${[...TYPOGRAPHIC_SUBSTITUTES.keys()].join('')}]`, 'g');

/** One character as the grammars expect it: its ASCII stand-in if it has one, else lower-cased. */
export function plainCharacter(character: string): string {
  return TYPOGRAPHIC_SUBSTITUTES.get(character) ?? character.toLowerCase();
}

/**
 * Lower case, ASCII quotes and dashes, every other mark but `%`, `$`, `.` and `'` turned into a space
 * (they carry meaning in "$500", "2.5%", "women's"), runs of spaces collapsed.
 */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(SUBSTITUTE, plainCharacter)
    .replace(/[^a-z0-9%$.'\s]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

import { editDistance } from '../text/edit-distance';
import type { Catalog, CatalogEntity } from './entities';
import { perCatalog } from './per-catalog';

/**
 * "Is some name within a few typos of this text?", asked of up to 15,000 names for every window of a
 * question. One edit changes the character counts by at most two, so only names whose counts are
 * close can be close; the names are kept sorted by length and then by their coarse counts, and a
 * search walks down that order, leaving whole runs of names out once their counts have drifted too
 * far. The names it cannot leave out get the exact comparison, so the answer is the one comparing
 * the text with every name gives.
 */

/** Letters, digits, space, every other printable character: coarse counts, one per group. */
const GROUPS = 38;
/** Below this many names a search compares them one by one. */
const FEW_ROWS = 16;
/** Per row: the key's length, then its group counts. */
const ROW = 1 + GROUPS;

function groupOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 48 + 26;
  return code === 32 ? 36 : 37;
}

interface CountIndex {
  /** Catalog positions, sorted by their row. */
  order: Int32Array;
  /** The rows in that order, ROW numbers each. */
  rows: Uint32Array;
  /** Per catalog position, the counts the exact comparison uses. */
  letterCounts: Uint8Array[];
  /** Which row column each stored column holds: the length, then the groups in search order. */
  columns: number[];
}

const countIndex = perCatalog(buildIndex);

function buildIndex(catalog: Catalog): CountIndex {
  const letterCounts = catalog.entities.map((entity) => countLetters(entity.key));
  const plain = catalog.entities.map((entity, position) =>
    rowOf(entity.key.length, letterCounts[position] as Uint8Array),
  );
  // The groups that tell names apart most come first, so a search leaves most names out early.
  const spreads = Array.from({ length: ROW }, (_, column) => spread(plain, column));
  const columns = [
    0,
    ...[...Array(GROUPS).keys()]
      .map((g) => g + 1)
      .sort((a, b) => (spreads[b] as number) - (spreads[a] as number)),
  ];
  const unsorted = plain.map((row) => Uint32Array.from(columns, (column) => row[column] as number));
  const order = Int32Array.from(unsorted.keys()).sort((a, b) => compareRows(unsorted[a], unsorted[b]));
  const rows = new Uint32Array(order.length * ROW);
  order.forEach((position, r) => {
    rows.set(unsorted[position] as Uint32Array, r * ROW);
  });
  return { order, rows, letterCounts, columns };
}

/** How much a column's values vary between names (their variance). */
function spread(rows: Uint32Array[], column: number): number {
  let sum = 0;
  let squares = 0;
  for (const row of rows) {
    const value = row[column] as number;
    sum += value;
    squares += value * value;
  }
  const mean = sum / Math.max(1, rows.length);
  return squares / Math.max(1, rows.length) - mean * mean;
}

function compareRows(a: Uint32Array | undefined, b: Uint32Array | undefined): number {
  for (let i = 0; i < ROW; i++) {
    const difference = (a?.[i] as number) - (b?.[i] as number);
    if (difference) return difference;
  }
  return 0;
}

/** Counts per character code folded to 7 bits (at most 255), as the exact comparison counts them. */
function countLetters(text: string): Uint8Array {
  const counts = new Uint8Array(128);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) & 127;
    counts[code] = Math.min(255, (counts[code] as number) + 1);
  }
  return counts;
}

/** The length, then the counts summed per group: groups never differ more than their codes do. */
function rowOf(length: number, letters: Uint8Array): Uint32Array {
  const row = new Uint32Array(ROW);
  row[0] = length;
  for (let code = 32; code < 128; code++) {
    const column = 1 + groupOf(code);
    row[column] = (row[column] as number) + (letters[code] as number);
  }
  return row;
}

function countDifference(a: Uint8Array, b: Uint8Array): number {
  let total = 0;
  for (let i = 32; i < 128; i++) total += Math.abs((a[i] as number) - (b[i] as number));
  return total;
}

/** Whether some name is within `maxTypos` typos (edits, a swap of neighbours counting one) of the text. */
export function withinTypos(text: string, catalog: Catalog, maxTypos: number): boolean {
  const index = countIndex(catalog);
  const letters = countLetters(text);
  const plain = rowOf(text.length, letters);
  const target = index.columns.map((column) => plain[column] as number);
  const maxCountDifference = 2 * maxTypos;
  const { rows, order } = index;
  const valueAt = (r: number, column: number) => rows[r * ROW + column] as number;
  /** The first row in [lo, hi) whose value in this column is at least `value` (rows there agree before it). */
  const firstAtLeast = (lo: number, hi: number, column: number, value: number) => {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (valueAt(mid, column) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const close = (r: number) => {
    const position = order[r] as number;
    const entity = catalog.entities[position] as CatalogEntity;
    return (
      Math.abs(entity.key.length - text.length) <= maxTypos &&
      countDifference(letters, index.letterCounts[position] as Uint8Array) <= maxCountDifference &&
      editDistance(text, entity.key, maxTypos) <= maxTypos
    );
  };
  /** Whether row r's columns from `column` on differ from the text's by at most `budget` in all. */
  const within = (r: number, column: number, budget: number) => {
    let left = budget;
    for (let c = column; c < ROW && left >= 0; c++) left -= Math.abs(valueAt(r, c) - (target[c] as number));
    return left >= 0;
  };
  // Rows in [lo, hi) agree on every column before `column`; `budget` is what their counts may still differ by.
  const search = (lo: number, hi: number, column: number, budget: number): boolean => {
    // A few rows are quicker compared one by one than split further.
    if (column > 0 && hi - lo <= FEW_ROWS) {
      for (let r = lo; r < hi; r++) if (within(r, column, budget) && close(r)) return true;
      return false;
    }
    if (column === ROW) {
      for (let r = lo; r < hi; r++) if (close(r)) return true;
      return false;
    }
    const wanted = target[column] as number;
    // The length is bounded on its own; the counts share the budget.
    const reach = column === 0 ? maxTypos : budget;
    let r = firstAtLeast(lo, hi, column, wanted - reach);
    while (r < hi) {
      const value = valueAt(r, column);
      if (value > wanted + reach) break;
      const end = firstAtLeast(r, hi, column, value + 1);
      const left = column === 0 ? budget : budget - Math.abs(value - wanted);
      if (search(r, end, column + 1, left)) return true;
      r = end;
    }
    return false;
  };
  return search(0, order.length, 0, maxCountDifference);
}

/**
 * Damerau–Levenshtein distance (optimal string alignment: a swap of two neighbouring letters is one
 * edit), stopping early once it is sure to exceed `limit`; past the limit it returns some number above
 * it rather than the exact distance. `substitutionCost` 2 makes a replaced letter cost as much as
 * dropping one and adding another, for words where one replaced letter makes another real word.
 */
export function editDistance(
  a: string,
  b: string,
  limit = Number.POSITIVE_INFINITY,
  substitutionCost = 1,
): number {
  // The length gap alone is a lower bound; the parser calls this for every word against every name.
  const gap = Math.abs(a.length - b.length);
  if (gap > limit) return gap;
  const cols = b.length + 1;
  // Only cells within `limit` of the diagonal can stay within the limit; the rest stay "too far".
  const band = Math.min(limit, a.length + cols);
  const far = band + 1;
  // Three rolling rows (two back for a transposition) instead of the whole matrix.
  let beforePrev = new Int32Array(cols).fill(far);
  let prev = new Int32Array(cols).fill(far);
  let row = new Int32Array(cols).fill(far);
  for (let j = 0; j <= band && j < cols; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - band);
    const to = Math.min(cols - 1, i + band);
    if (from > 1) row[from - 1] = far;
    row[0] = i <= band ? i : far;
    let rowMin = row[0] as number;
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : substitutionCost;
      let value = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (beforePrev[j - 2] as number) + 1);
      }
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to + 1 < cols) row[to + 1] = far;
    // Every alignment crosses this row (a swap skips it only past a cell one deletion away, also in
    // it), so its smallest cell bounds the distance from below.
    if (rowMin > limit) return rowMin;
    [beforePrev, prev, row] = [prev, row, beforePrev];
  }
  return prev[cols - 1] as number;
}

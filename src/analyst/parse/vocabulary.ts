import { dimensions, type EntityDimension, entityDimensions } from '../dimensions';
import { type MetricKey, metricKeys, metrics } from '../metrics';

/**
 * Words marketers use for each metric, from the metric registry. Phrases are matched longest
 * first, so "cost per click" wins over "cost" and "click", and "conversion rate" over "conversion".
 */
const metricPhraseList: [string, MetricKey][] = metricKeys.flatMap((key) =>
  metrics[key].words.map((word): [string, MetricKey] => [word, key]),
);
const metricPhrases = [...metricPhraseList].sort((a, b) => b[0].length - a[0].length);

// Only entity levels: time grains are read by the parser's own period rules.
const levelPhrases: [string, EntityDimension][] = entityDimensions.flatMap((key) => {
  const { one, many } = dimensions[key].words;
  return [...many, ...one].map((word): [string, EntityDimension] => [word, key]);
});

export interface Found<T> {
  value: T;
  index: number;
  length: number;
}

function findPhrases<T>(text: string, phrases: [string, T][]): Found<T>[] {
  const found: Found<T>[] = [];
  const taken = new Array(text.length).fill(false);
  for (const [phrase, value] of phrases) {
    // Most phrases are absent; a substring test is far cheaper than building their pattern.
    if (!text.includes(phrase)) continue;
    const pattern = new RegExp(`(?<![a-z0-9])${escapeRegExp(phrase)}(?![a-z0-9])`, 'g');
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + phrase.length;
      if (taken.slice(start, end).some(Boolean)) continue;
      for (let i = start; i < end; i++) taken[i] = true;
      found.push({ value, index: start, length: phrase.length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

type Term = { kind: 'metric'; metric: MetricKey } | { kind: 'level'; level: EntityDimension };

// One list, longest first, so a metric phrase such as "ad spend" claims its words before the
// level word "ad" can.
const termPhrases: [string, Term][] = [
  ...metricPhrases.map(([phrase, metric]): [string, Term] => [phrase, { kind: 'metric', metric }]),
  ...levelPhrases.map(([phrase, level]): [string, Term] => [phrase, { kind: 'level', level }]),
].sort((a, b) => b[0].length - a[0].length);

/** Metrics in the order the question names them, without repeats. */
export function findMetrics(text: string): MetricKey[] {
  const found = findPhrases(text, termPhrases).flatMap((f) =>
    f.value.kind === 'metric' ? [f.value.metric] : [],
  );
  return [...new Set(found)];
}

export function findLevels(text: string): Found<EntityDimension>[] {
  return findPhrases(text, termPhrases).flatMap((f) =>
    f.value.kind === 'level' ? [{ value: f.value.level, index: f.index, length: f.length }] : [],
  );
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Words the parser acts on; a misspelling of one of these is corrected before parsing.
const keywords = [
  ...new Set(
    [
      ...metricPhrases.flatMap(([phrase]) => phrase.split(/[\s-]+/)),
      ...levelPhrases.flatMap(([phrase]) => phrase.split(' ')),
      'top',
      'best',
      'worst',
      'highest',
      'lowest',
      'bottom',
      'most',
      'least',
      'daily',
      'weekly',
      'monthly',
      'compare',
      'compared',
      'versus',
      'previous',
      'breakdown',
      'break',
      'down',
      'why',
      'increase',
      'increased',
      'decrease',
      'decreased',
      'fatigue',
      'fatigued',
      'performance',
      'performing',
      'report',
      'revenue',
      'total',
      'average',
      'show',
      'trend',
      'campaigns',
    ].filter((word) => word.length >= 4),
  ),
];
const keywordSet = new Set(keywords);

/** Corrects misspelt keywords (edit distance 1, or 2 for long words), leaving names and other words alone. */
export function correctTypos(text: string, protectedWords: Set<string>): string {
  // Short words are too easily another real word ("last" is one letter from "least").
  return text.replace(/[a-z]{5,}/g, (word) => {
    if (keywordSet.has(word) || protectedWords.has(word)) return word;
    const allowed = word.length >= 8 ? 2 : 1;
    let best: string | undefined;
    let bestDistance = allowed + 1;
    for (const keyword of keywords) {
      if (Math.abs(keyword.length - word.length) > allowed) continue;
      const distance = editDistance(word, keyword, allowed);
      if (distance < bestDistance) {
        best = keyword;
        bestDistance = distance;
      }
    }
    return best ?? word;
  });
}

/** Damerau–Levenshtein (optimal string alignment), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
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
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
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
    if (rowMin > limit) return rowMin;
    [beforePrev, prev, row] = [prev, row, beforePrev];
  }
  return prev[cols - 1] as number;
}

/** Metric and level phrases with where each sits, longest first (for rules that claim their words). */
export function findTerms(text: string): Found<Term>[] {
  return findPhrases(text, termPhrases);
}
export type { Term };

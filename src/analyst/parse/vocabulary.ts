import { dimensions, type EntityDimension, entityDimensions } from '../dimensions';
import { type MetricKey, metricKeys, metrics } from '../metrics';
import { createTypoCorrector } from '../text/typo-corrector';

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

// A typed word of eight letters or more may be two typos from a keyword, a shorter one only one; words
// under five letters are left alone: they are too easily another real word ("last" is one from "least").
const correctKeyword = createTypoCorrector({
  words: new Map(keywords.map((keyword) => [keyword, 2])),
  minLength: 5,
  maxTyposForLength: (length) => (length >= 8 ? 2 : 1),
});

/** Corrects misspelt keywords (edit distance 1, or 2 for long words), leaving names and other words alone. */
export function correctTypos(text: string, protectedWords: Set<string>): string {
  return text.replace(/[a-z]{5,}/g, (word) => correctKeyword(word, protectedWords));
}

/** Metric and level phrases with where each sits, longest first (for rules that claim their words). */
export function findTerms(text: string): Found<Term>[] {
  return findPhrases(text, termPhrases);
}
export type { Term };

import type { Catalog } from '../entities';
import type { CompareGroup, Filters } from '../plan';
import { findTerms } from '../vocabulary';
import { FILLERS } from './fillers';

type Level = 'campaign' | 'adset' | 'ad';
const LEVEL = '(campaigns?|ad ?sets?|adsets?|ad groups?|ads|ad|creatives?)(?![a-z0-9])';
const levelOf = (word: string): Level =>
  /^camp/.test(word) ? 'campaign' : /^(ad ?sets?|adsets?|ad groups?)$/.test(word) ? 'adset' : 'ad';

/** Words that are never a name fragment on their own, even when some name contains them. */
const notFragments = new Set([
  'top',
  'best',
  'worst',
  'all',
  'my',
  'our',
  'the',
  'new',
  'old',
  'active',
  'paused',
  'running',
  'which',
  'what',
  'those',
  'these',
  'other',
  'both',
  'two',
  'single',
  'each',
  'every',
  'of',
  'and',
  'or',
  'vs',
  'versus',
  'only',
  'just',
  'in',
  'on',
  'for',
  'by',
  'per',
  'with',
  'us',
  'meta',
  'facebook',
  'instagram',
  'i',
  'a',
  'an',
  'many',
]);

const exclusion =
  /(?:excluding|exclude|except(?: for)?|without|not|minus|other than|apart from|non|ignoring|but not)\s+(?:the\s+)?$/;

export interface FragmentReading {
  filters: Filters;
  groups: CompareGroup[];
  spans: [number, number][];
}

const wordsCache = new WeakMap<Catalog, Map<Level, Set<string>>>();

function nameWordsByLevel(catalog: Catalog): Map<Level, Set<string>> {
  let cached = wordsCache.get(catalog);
  if (!cached) {
    cached = new Map();
    for (const entity of catalog.entities) {
      if (entity.level === 'account') continue;
      const set = cached.get(entity.level) ?? new Set<string>();
      for (const word of entity.key.split(' ')) if (/[a-z]/.test(word)) set.add(word);
      cached.set(entity.level, set);
    }
    wordsCache.set(catalog, cached);
  }
  return cached;
}

/**
 * Name fragments that narrow a question: "video ads", "Retargeting campaigns", "Lookalike ad sets",
 * "ads with 'Bestsellers' in the name", "without retargeting", and groups set against each other
 * ("carousel vs video ads"). A fragment must occur in a name at that level, so ordinary words do
 * not become filters.
 */
export function findFragments(text: string, catalog: Catalog): FragmentReading {
  const byLevel = nameWordsByLevel(catalog);
  const out: FragmentReading = { filters: [], groups: [], spans: [] };
  const isFragmentWord = (word: string, level: Level) =>
    !notFragments.has(word) &&
    !FILLERS.has(word) &&
    !/^\d+$/.test(word) &&
    (byLevel.get(level)?.has(word) ?? false) &&
    !findTerms(word).some((t) => t.value.kind === 'metric' && t.length === word.length && word !== 'video');

  // "ads with 'bestsellers' in the name", "campaigns containing retargeting".
  const named = new RegExp(
    `${LEVEL}\\s+(?:with|having|containing|that contain|whose names? (?:contains?|includes?|has)|with names? (?:containing|including)|named|called)\\s+'?([a-z0-9][a-z0-9 ]{0,40}?)'?(?:\\s+in\\s+(?:the|their|its)\\s+names?)?(?=\\s|$)`,
    'g',
  );
  for (const match of text.matchAll(named)) {
    const level = levelOf(match[1] ?? '');
    const fragment = (match[2] ?? '').trim();
    if (!fragment || !/in\s+(?:the|their|its)\s+names?|named|called|contain|whose|names?/.test(match[0]))
      continue;
    out.filters.push({ dimension: level, op: 'contains', values: [fragment] });
    const start = match.index + (match[1] ?? '').length;
    out.spans.push([start, match.index + match[0].length]);
  }
  const withName = /'([a-z0-9][a-z0-9 ]{0,40}?)'\s+in\s+(?:the|their|its)\s+names?/g;
  for (const match of text.matchAll(withName)) {
    if (out.spans.some(([a, b]) => match.index >= a && match.index < b)) continue;
    const after = text.slice(0, match.index);
    const levelWord = [...after.matchAll(new RegExp(LEVEL, 'g'))].at(-1)?.[1] ?? 'campaigns';
    out.filters.push({ dimension: levelOf(levelWord), op: 'contains', values: [(match[1] ?? '').trim()] });
    out.spans.push([match.index, match.index + match[0].length]);
  }

  // "<fragment words> <level>": up to three name words right before a level word.
  const levelWords = new RegExp(`(?<![a-z0-9])${LEVEL}`, 'g');
  for (const match of text.matchAll(levelWords)) {
    const level = levelOf(match[1] ?? '');
    const before = text.slice(0, match.index);
    const words = [...before.matchAll(/[a-z0-9']+/g)].slice(-3);
    let first = words.length;
    for (let i = words.length - 1; i >= 0; i--) {
      const w = words[i];
      if (!w) break;
      // Only contiguous words count: a gap of blanked text breaks the run.
      const end = w.index + w[0].length;
      const nextStart = i === words.length - 1 ? match.index : (words[i + 1]?.index ?? match.index);
      if (text.slice(end, nextStart).trim() !== '' || nextStart - end > 2) break;
      if (!isFragmentWord(w[0].replace(/'s$/, ''), level)) break;
      first = i;
    }
    if (first === words.length) continue;
    const startWord = words[first];
    const lastWord = words[words.length - 1];
    if (!startWord || !lastWord) continue;
    const start = startWord.index;
    const end = lastWord.index + lastWord[0].length;
    const fragment = text.slice(start, end).replace(/'s$/, '');
    if (out.spans.some(([a, b]) => start < b && a < end)) continue;
    const lead = text.slice(0, start);
    const excluded = exclusion.exec(lead);
    // "carousel vs video ads": another fragment joined by vs/or/and makes a group comparison.
    const joined = /([a-z0-9']+)\s+(?:vs|versus|or|against|and|compared to|compared with)\s+$/.exec(lead);
    if (joined && isFragmentWord(joined[1] ?? '', level)) {
      out.groups.push(
        {
          label: `${title(joined[1] ?? '')} ${plural(level)}`,
          filters: [{ dimension: level, op: 'contains', values: [joined[1] ?? ''] }],
        },
        {
          label: `${title(fragment)} ${plural(level)}`,
          filters: [{ dimension: level, op: 'contains', values: [fragment] }],
        },
      );
      out.spans.push([joined.index, end]);
      continue;
    }
    out.filters.push({ dimension: level, op: excluded ? 'not_contains' : 'contains', values: [fragment] });
    out.spans.push([excluded ? excluded.index : start, end]);
  }
  // "without retargeting", "excluding video": a fragment with no level word after it.
  const bare =
    /(?<![a-z0-9])(?:excluding|exclude|except(?: for)?|without|minus|other than|apart from|but not)\s+(?:the\s+)?([a-z0-9']+)(?![a-z0-9])/g;
  for (const match of text.matchAll(bare)) {
    const start = match.index;
    const end = start + match[0].length;
    if (out.spans.some(([a, b]) => start < b && a < end)) continue;
    const word = match[1] ?? '';
    const level = (['campaign', 'adset', 'ad'] as Level[]).find((l) => isFragmentWord(word, l));
    if (!level) continue;
    out.filters.push({ dimension: level, op: 'not_contains', values: [word] });
    out.spans.push([start, end]);
  }
  return out;
}

function plural(level: Level): string {
  return level === 'campaign' ? 'campaigns' : level === 'adset' ? 'ad sets' : 'ads';
}

function title(words: string): string {
  return words.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

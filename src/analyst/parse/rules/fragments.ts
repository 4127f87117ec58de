import { type Catalog, normalise } from '../entities';
import { perCatalog } from '../per-catalog';
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

const nameWordsByLevel = perCatalog((catalog): Map<Level, Set<string>> => {
  const cached = new Map<Level, Set<string>>();
  for (const entity of catalog.entities) {
    if (entity.level === 'account') continue;
    const set = cached.get(entity.level) ?? new Set<string>();
    for (const word of entity.key.split(' ')) if (/[a-z]/.test(word)) set.add(word);
    cached.set(entity.level, set);
  }
  return cached;
});

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
  return spelledAsInNames(asGroups(text, out), catalog);
}

/**
 * Names are matched as stored ("Advantage+ Audience", "Static - Offer #121"), but a fragment is
 * read from the normalised question ("advantage audience"): a fragment of several words also takes
 * each other spelling the names at its level use, or it would match nothing and the answer would
 * say so.
 */
function spelledAsInNames<T extends FragmentReading>(out: T, catalog: Catalog): T {
  const respell = (filter: Filters[number]): Filters[number] => {
    if (filter.op !== 'contains' && filter.op !== 'not_contains') return filter;
    const values = filter.values.flatMap((value) => {
      const words = value.split(' ').filter(Boolean);
      if (words.length < 2) return [value];
      const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const pattern = new RegExp(`(?<![a-z0-9])${escaped.join("[^a-z0-9%$.']+")}(?![a-z0-9])`, 'i');
      // Names that hold the words as typed already match; only the others need their own spelling.
      const spellings = new Set<string>();
      let asTyped = false;
      for (const entity of catalog.entities) {
        if (entity.level !== filter.dimension) continue;
        const found = pattern.exec(entity.name)?.[0];
        if (!found) continue;
        if (found.toLowerCase() === value) asTyped = true;
        else spellings.add(found);
      }
      return asTyped || !spellings.size ? [value, ...spellings] : [...spellings];
    });
    return { ...filter, values };
  };
  return {
    ...out,
    filters: out.filters.map(respell),
    groups: out.groups.map((group) => ({ ...group, filters: group.filters.map(respell) })),
  };
}

/**
 * "the bestsellers ads vs the founder story ads": two name filters at one level joined by a
 * comparison word are two sides to set against each other, not one filter that needs both names.
 */
function asGroups<T extends FragmentReading>(text: string, out: T): T {
  if (out.groups.length) return out;
  const sides = out.filters
    .map((filter, index) => ({ filter, span: out.spans[index] as [number, number] }))
    .filter(({ filter }) => filter.op === 'contains');
  for (let i = 0; i + 1 < sides.length; i++) {
    const a = sides[i];
    const b = sides[i + 1];
    if (!a || !b || a.filter.dimension !== b.filter.dimension) continue;
    const between = text.slice(a.span[1], b.span[0]);
    if (!/\b(?:vs|versus|or|against|compared (?:to|with)|next to)\b/.test(between)) continue;
    const level = a.filter.dimension as Level;
    out.groups = [a, b].map(({ filter }) => ({
      label: `${title(filter.values[0] ?? '')} ${plural(level)}`,
      filters: [filter],
    }));
    out.filters = out.filters.filter((filter) => filter !== a.filter && filter !== b.filter);
    return out;
  }
  return out;
}

/** One side of a comparison of name fragments: "Carousel ads". */
export function fragmentGroup(filter: Filters[number]): CompareGroup {
  return {
    label: `${title(filter.values[0] ?? '')} ${plural(filter.dimension as Level)}`,
    filters: [filter],
  };
}

function plural(level: Level): string {
  return level === 'campaign' ? 'campaigns' : level === 'adset' ? 'ad sets' : 'ads';
}

function title(words: string): string {
  return words.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** Words that start some name yet are too ordinary to narrow a question on their own. */
const ordinaryStarts = new Set([
  'end',
  'day',
  'new',
  'old',
  'last',
  'first',
  'best',
  'top',
  'high',
  'low',
  'past',
]);

interface NameIndex {
  /** Each name, space-padded, by level. */
  padded: [FragmentLevel, string][];
  /** Words that open a name or a part of one ("Retargeting - …", "… | Lookalike 1%"), with those names. */
  starts: Map<string, { level: FragmentLevel; key: string }[]>;
}
type FragmentLevel = Level | 'account';

const nameIndex = perCatalog((catalog): NameIndex => {
  const starts = new Map<string, { level: FragmentLevel; key: string }[]>();
  for (const entity of catalog.entities)
    for (const word of new Set(
      entity.name.split(/\s+[-–—:]\s+|\|/).map((part) => normalise(part).split(' ')[0]),
    ))
      if (word) starts.set(word, [...(starts.get(word) ?? []), { level: entity.level, key: entity.key }]);
  return { padded: catalog.entities.map((e) => [e.level, ` ${e.key} `]), starts };
});

/** A question names a handful of things; a crafted one must not cost a scan of every name per word. */
const MAX_LOOSE_RUNS = 8;

/**
 * Name words no other rule read: "only retargeting", "end of season sale roas", "what about image".
 * A run of them written as in some name (two or more words, or one word that opens a name or a
 * part of one) narrows to the names holding it, at the broadest level that has it (for one word,
 * the broadest level where it opens a name), as a bare exclusion does. A run that is also part of an account's name is named back as unclear: the
 * reader may mean the account.
 */
export function findLooseNames(text: string, catalog: Catalog): FragmentReading & { unclear: string[] } {
  const out: FragmentReading & { unclear: string[] } = { filters: [], groups: [], spans: [], unclear: [] };
  const index = nameIndex(catalog);
  const tokens = [...text.matchAll(/[a-z0-9][a-z0-9%$.']*/g)].map((m) => ({
    word: m[0].replace(/[.']+$/, ''),
    start: m.index,
    end: m.index + m[0].length,
  }));
  const holders = (phrase: string) => index.padded.filter(([, key]) => key.includes(` ${phrase} `));
  let runs = 0;
  for (let i = 0; i < tokens.length && runs < MAX_LOOSE_RUNS; i++) {
    const first = tokens[i];
    if (!first || !catalog.nameWords.has(first.word)) continue;
    // "us" or "top" alone is not a name, but "US 25-44" written out is.
    const weak = FILLERS.has(first.word) || notFragments.has(first.word);
    const after = tokens[i + 1];
    if (weak && (!after || after.start - first.end > 2 || !catalog.nameWords.has(after.word))) continue;
    runs++;
    let last = i;
    let phrase = first.word;
    if (!holders(phrase).length) continue;
    for (let j = i + 1; j < tokens.length; j++) {
      const next = tokens[j];
      const previous = tokens[j - 1];
      if (!next || !previous || next.start - previous.end > 2 || !catalog.nameWords.has(next.word)) break;
      const longer = `${phrase} ${next.word}`;
      if (!holders(longer).length) break;
      phrase = longer;
      last = j;
    }
    // A run ends on a word of its own, not on "of" or "the".
    while (last > i && FILLERS.has(tokens[last]?.word ?? '')) {
      last--;
      phrase = phrase.slice(0, phrase.lastIndexOf(' '));
    }
    if (weak && last === i) continue;
    // A run of numbers written as in a name ("25-44") narrows as words do; one number alone does not.
    const words = phrase.split(' ').filter((w) => (!FILLERS.has(w) || weak) && (/[a-z]/.test(w) || last > i));
    const single = words.length === 1 && last === i;
    const opens = index.starts.get(first.word);
    if (!words.length || (single && (!opens || ordinaryStarts.has(first.word)))) continue;
    // One word is read where it opens names ("video" ads, not the "Brand Video" campaign); a longer
    // run wherever it is written.
    const level = single && opens ? openingLevel(opens) : broadest(holders(phrase).map(([l]) => l));
    if (!level) {
      out.unclear.push(...words);
      continue;
    }
    const start = first.start;
    const end = tokens[last]?.end ?? first.end;
    const excluded = exclusion.exec(text.slice(0, start));
    out.filters.push({ dimension: level, op: excluded ? 'not_contains' : 'contains', values: [phrase] });
    out.spans.push([excluded ? excluded.index : start, end]);
    i = last;
  }
  return spelledAsInNames(asGroups(text, out), catalog);
}

const LEVELS: FragmentLevel[] = ['account', 'campaign', 'adset', 'ad'];

/** The broadest level, or none when an account holds the words: the reader may mean the account. */
function broadest(levels: FragmentLevel[]): Level | undefined {
  const found = LEVELS.find((l) => levels.includes(l));
  return found === 'account' ? undefined : found;
}

/**
 * The level a word opening names at several levels means. Ad set names that repeat their campaign's
 * name ("Retargeting - Cart | US") open with the same word as it: that is the campaign. A word that
 * also opens unrelated names at a narrower level ("Video - Founder Story" ads beside a "Video
 * Viewers" ad set) is ambiguous, and left for the reader to say.
 */
function openingLevel(opens: { level: FragmentLevel; key: string }[]): Level | undefined {
  const top = broadest(opens.map((o) => o.level));
  if (!top) return undefined;
  const tops = opens.filter((o) => o.level === top).map((o) => `${o.key} `);
  const nested = opens.every((o) => o.level === top || tops.some((key) => `${o.key} `.startsWith(key)));
  return nested ? top : undefined;
}

/**
 * Crafted 2,000-character questions: repetitions that make a grammar rescan, match or backtrack
 * over and over. Pure and seeded, so the benchmark and the no-throw property test see the same
 * strings.
 */
import { mulberry32 } from '../../src/analyst/demo/random';

/** The longest question the chat accepts is about this long; the parser must stay fast up to it. */
export const LONG_QUESTION_CHARS = 2000;

/** Words the parser acts on: metrics, levels, dates, rankings, comparisons, filler. */
export const questionVocabulary: readonly string[] = [
  ...['spend', 'roas', 'cpa', 'ctr', 'cpc', 'cpm', 'clicks', 'impressions', 'reach', 'frequency'],
  ...['leads', 'purchases', 'revenue', 'aov', 'conversions', 'cost per lead', 'conversion rate'],
  ...['campaign', 'campaigns', 'ad set', 'ad sets', 'ads', 'creative', 'account', 'objective'],
  ...['last', 'past', 'previous', 'this', 'week', 'month', 'quarter', 'year', 'days', '7', '30'],
  ...['yesterday', 'today', 'october', 'may', 'q3', '2025', 'since', 'from', 'to', 'between', 'and'],
  ...['vs', 'compared to', 'versus', 'over', 'week over week', 'mtd', 'ytd', 'l30d', 'ago'],
  ...['top', 'best', 'worst', 'highest', 'lowest', 'which', 'by', 'per', 'daily', 'trend'],
  ...['why', 'did', 'go', 'up', 'down', 'fatigue', 'break down', 'report', 'overview', 'how'],
  ...['above', 'below', 'more than', 'under', '$500', '3%', '1.5', 'the', 'my', 'is', '?'],
];

export interface LongQuestion {
  name: string;
  text: string;
}

/** `unit` repeated and cut to the length. */
export function repeatTo(unit: string, length = LONG_QUESTION_CHARS): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Words drawn from `words` with a fixed seed, joined by spaces, cut to the length. */
export function wordSalad(words: readonly string[], seed: number, length = LONG_QUESTION_CHARS): string {
  const random = mulberry32(seed);
  let text = '';
  while (text.length < length) text += `${words[Math.floor(random() * words.length)]} `;
  return text.slice(0, length);
}

/**
 * The crafted questions. `names` are entity names from the catalog in use (campaigns first), so
 * the entity matcher sees real names, many times over.
 */
export function longQuestions(names: readonly string[]): LongQuestion[] {
  const [first = 'Prospecting', second = 'Retargeting'] = names;
  return [
    { name: '"last 30 days vs " repeated', text: repeatTo('last 30 days vs ') },
    { name: 'one word repeated', text: repeatTo('spend ') },
    { name: 'metric words', text: repeatTo(`${questionVocabulary.slice(0, 17).join(' ')} `) },
    { name: 'campaign names', text: repeatTo(`${names.join(', ')}, `) },
    { name: '"top " repeated', text: repeatTo('top ') },
    { name: 'digits', text: repeatTo('1234567890') },
    { name: '"$500 " repeated', text: repeatTo('$500 ') },
    { name: 'mixed punctuation', text: repeatTo('?!.,;:-/()[]{}"\'%$#@&*_+=<>|\\~` ') },
    { name: '"compare X vs Y and " repeated', text: repeatTo(`compare ${first} vs ${second} and `) },
    { name: "'a' with no spaces", text: 'a'.repeat(LONG_QUESTION_CHARS) },
    { name: 'emoji and non-Latin', text: repeatTo('😀📈 日本語のテスト Ünïcödé ошибка عربى ') },
    { name: 'word salad (seed 1)', text: wordSalad(questionVocabulary, 1) },
    { name: 'word salad (seed 2)', text: wordSalad(questionVocabulary, 2) },
    { name: 'word salad with names', text: wordSalad([...questionVocabulary, ...names], 3) },
    { name: 'date ranges', text: repeatTo('october 1 to october 15 vs september ') },
    { name: 'slash dates', text: repeatTo('10/1-10/15 vs ') },
    { name: 'quarters and years', text: repeatTo('q3 2025 vs q2 from 2025 to 2026 ') },
    { name: 'misspelt words', text: repeatTo('campaings lst wek convrsions ') },
    { name: 'spaces only', text: ' '.repeat(LONG_QUESTION_CHARS) },
  ];
}

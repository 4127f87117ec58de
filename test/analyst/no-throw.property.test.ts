/**
 * No question breaks an answer: whatever a user types (word salad, names, numbers, symbols, other
 * scripts, 2,000 characters of one thing), the parser returns a plan and the engine returns
 * messages that match the answer schema. A throw here is a 500 in the chat.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longQuestions, questionVocabulary, repeatTo } from '../../scripts/bench/long-questions';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { type Answer, answerQuestion } from '../../src/analyst/engine';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../../src/analyst/parse/parse-question';
import { assistantMessageSchema } from '../../src/shared/api/answer';
import { type DemoWarehouse, demoWarehouse } from '../helpers/demo-warehouse';

const today = '2026-11-20';
// Fixed, so a run is repeatable; change it locally to explore further.
const SEED = 20261120;

const catalog = catalogFromDataset(generateDemoData({ today }));
const names = catalog.entities.map((entity) => entity.name);
const campaignNames = catalog.entities.filter((e) => e.level === 'campaign').map((e) => e.name);

const fifteenMetrics =
  'spend, impressions, clicks, ctr, cpc, cpm, reach, frequency, leads, cost per lead, purchases, revenue, roas, aov and conversion rate for the last 30 days';

/** Questions that broke, or nearly broke, an answer once; each is checked on every run. */
const fixedQuestions: { name: string; text: string }[] = [
  // Read once as a request for every metric, which the query schema caps at 12.
  { name: 'the Reel ad headline', text: 'What headline is the Reel ad using?' },
  { name: 'fifteen metrics', text: fifteenMetrics },
  // chrono reads "30 be(tween)" as the year 30 of the Buddhist era.
  { name: 'a Buddhist-era year', text: 'spend on 30 oct 1 between' },
  { name: 'empty', text: '' },
  { name: 'whitespace', text: ' \n\t ' },
  ...longQuestions(campaignNames),
];

const typo = (word: string) =>
  fc
    .nat({ max: Math.max(0, word.length - 1) })
    .map((i) => (word.length > 3 ? word.slice(0, i) + word.slice(i + 1) : word));

const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...questionVocabulary) },
  { weight: 2, arbitrary: fc.constantFrom(...names) },
  { weight: 1, arbitrary: fc.constantFrom(...names).chain(typo) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 100_000 }).map(String) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1000, noNaN: true }).map((n) => `$${n.toFixed(2)}`) },
  { weight: 1, arbitrary: fc.nat({ max: 200 }).map((n) => `${n}%`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('?', '!', ',', '.', '-', '/', ':', '"', "'", '(', ')', '&', '#', '|'),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

const salad = fc
  .tuple(fc.array(token, { maxLength: 25 }), fc.constantFrom(' ', ' ', ' ', '', ', ', '  '))
  .map(([tokens, separator]) => tokens.join(separator));

const question = fc.oneof(
  { weight: 8, arbitrary: salad },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', '\t \n ', '?') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(salad, fc.integer({ min: 200, max: 2000 }))
      .map(([text, length]) => (text ? repeatTo(`${text} `, length) : text)),
  },
);

/** Up to three earlier questions: follow-ups are read against them. */
const history = fc.array(salad, { maxLength: 3 });

function expectValidAnswer(answer: Answer, label: string): void {
  for (const message of [answer.message, ...(answer.sections ?? []).map((section) => section.message)]) {
    const checked = assistantMessageSchema.safeParse(message);
    expect(checked.success, `${label}: ${checked.error?.message ?? ''}`).toBe(true);
  }
}

describe('the parser reads any question without throwing', () => {
  it.each(fixedQuestions)('$name', ({ text }) => {
    expect(parseQuestion(text, { catalog, today }).kind).toEqual(expect.any(String));
  });

  it('generated questions, with and without earlier turns', () => {
    fc.assert(
      fc.property(question, history, (text, earlier) => {
        expect(parseQuestion(text, { catalog, today, history: earlier }).kind).toEqual(expect.any(String));
      }),
      { numRuns: 300, seed: SEED },
    );
  });
});

describe('the engine answers any question with valid messages', () => {
  let warehouse: DemoWarehouse;
  beforeAll(async () => {
    warehouse = await demoWarehouse(today);
  });
  afterAll(async () => {
    await warehouse?.drop();
  });
  const answer = (text: string, earlier: readonly string[] = []) =>
    answerQuestion({ db: warehouse.db, scope: warehouse.scope, today }, text, earlier);

  it.each(fixedQuestions)('$name', async ({ name, text }) => {
    expectValidAnswer(await answer(text), name);
  });

  it('generated questions', async () => {
    await fc.assert(
      fc.asyncProperty(question, history, async (text, earlier) => {
        expectValidAnswer(await answer(text, earlier), JSON.stringify(text));
      }),
      { numRuns: 60, seed: SEED },
    );
  }, 120_000);
});

/**
 * `npm run bench:parse`: times the question parser alone, without a database, on realistic
 * questions (target p95 ≤ 5 ms) and on crafted 2,000-character questions (target worst ≤ 50 ms).
 * It reports; it never fails on a missed target (exit 0).
 *
 *   npx tsx scripts/bench-parse.ts [--now YYYY-MM-DD] [--rounds N] [--size demo|large]
 *
 * For each crafted question it also times the date grammar and the entity matcher on their own,
 * so a slow one shows which part is to blame.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { resolveComparison, resolveDateRange } from '../src/analyst/dates';
import { generateDemoData } from '../src/analyst/demo/generate';
import { catalogFromDataset } from '../src/analyst/parse/catalog-from-dataset';
import { findEntities, normalise } from '../src/analyst/parse/entities';
import { parseQuestion } from '../src/analyst/parse/parse-question';
import { longQuestions } from './bench/long-questions';
import { realisticQuestions } from './bench/parse-questions';
import { oneLine } from './bench/profile';
import { max, median, ms, quantile, table } from './bench/stats';

const TARGET_P95_MS = 5;
const TARGET_LONG_MS = 50;
const ABOVE = 'ABOVE TARGET';

const usage = 'Usage: tsx scripts/bench-parse.ts [--now YYYY-MM-DD] [--rounds N] [--size demo|large]';

class UsageError extends Error {}

function options() {
  const { values } = parseArgs({
    options: {
      now: { type: 'string' },
      rounds: { type: 'string', default: '30' },
      size: { type: 'string', default: 'demo' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.now !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.now))
    throw new UsageError(`--now must be YYYY-MM-DD\n${usage}`);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new UsageError(`--rounds must be a whole number ≥ 1\n${usage}`);
  if (values.size !== 'demo' && values.size !== 'large')
    throw new UsageError(`--size must be demo or large\n${usage}`);
  const size: 'demo' | 'large' = values.size;
  return { today: values.now ?? new Date().toISOString().slice(0, 10), rounds, size };
}

function timed(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** "median 0.4 ms, p95 1.2 ms, min–max 0.1–3.0 ms", the form the other benchmarks print. */
function spread(samples: number[]): string {
  return `median ${ms(median(samples))}, p95 ${ms(quantile(samples, 0.95))}, min–max ${ms(Math.min(...samples))}–${ms(max(samples))}`;
}

const verdict = (value: number, target: number) => (value <= target ? 'holds' : ABOVE);

interface Sampled {
  name: string;
  text: string;
  samples: number[];
  error?: string;
}

/** Parses each question once to warm the JIT and catch throws, then `rounds` timed passes. */
function sample(
  questions: { name: string; text: string }[],
  rounds: number,
  parse: (text: string) => unknown,
): Sampled[] {
  const sampled: Sampled[] = questions.map((q) => {
    try {
      parse(q.text);
      return { ...q, samples: [] };
    } catch (error) {
      return { ...q, samples: [], error: error instanceof Error ? error.message : String(error) };
    }
  });
  for (let round = 0; round < rounds; round++) {
    for (const entry of sampled) if (!entry.error) entry.samples.push(timed(() => parse(entry.text)));
  }
  return sampled;
}

function printErrors(sampled: Sampled[]): void {
  for (const entry of sampled.filter((e) => e.error))
    console.log(`THROWS  ${oneLine(entry.name, 60)}: ${oneLine(entry.error ?? '', 120)}`);
}

function main(): void {
  const { today, rounds, size } = options();
  const catalog = catalogFromDataset(generateDemoData({ today, size }));
  console.log(
    `ARLO parser benchmark · today ${today} · ${size} catalog (${catalog.entities.length} names) · ${rounds} rounds · Node ${process.version}`,
  );
  const parse = (text: string) => parseQuestion(text, { catalog, today });

  // 1. Realistic questions
  const realistic = sample(
    realisticQuestions.map((text) => ({ name: text, text })),
    rounds,
    parse,
  );
  const all = realistic.flatMap((e) => e.samples);
  const slowest = [...realistic].sort((a, b) => max(b.samples) - max(a.samples)).slice(0, 8);
  console.log(`\nrealistic questions, slowest ${slowest.length} by max`);
  console.log(
    table(
      [
        ['question', 'median', 'max'],
        ...slowest.map((e) => [oneLine(e.text, 70), ms(median(e.samples)), ms(max(e.samples))]),
      ],
      [1, 2],
    ),
  );
  printErrors(realistic);
  const p95 = quantile(all, 0.95);
  const realisticLine = `realistic (${realistic.length} questions × ${rounds}): ${spread(all)} (target p95 ≤ ${TARGET_P95_MS} ms: ${verdict(p95, TARGET_P95_MS)})`;

  // 2. Crafted long questions: fewer rounds, each is a worst case on purpose.
  const longRounds = Math.max(3, Math.ceil(rounds / 6));
  const names = catalog.entities.filter((e) => e.level === 'campaign').map((e) => e.name);
  const crafted = sample(longQuestions(names), longRounds, parse);
  console.log(`\ncrafted questions (${longRounds} rounds each; dates and entities timed alone, once)`);
  console.log(
    table(
      [
        ['question', 'chars', 'median', 'max', 'dates', 'entities'],
        ...crafted.map((e) => {
          const text = normalise(e.text);
          const dates = timed(() => {
            const range = resolveDateRange(text, today);
            resolveComparison(text, today, range ?? { start: today, end: today });
          });
          return [
            e.name,
            String(e.text.length),
            e.error ? 'THROWS' : ms(median(e.samples)),
            e.error ? '' : `${ms(max(e.samples))}${max(e.samples) > TARGET_LONG_MS ? `  ${ABOVE}` : ''}`,
            ms(dates),
            ms(timed(() => findEntities(text, catalog))),
          ];
        }),
      ],
      [1, 2, 3, 4, 5],
    ),
  );
  printErrors(crafted);
  const longSamples = crafted.flatMap((e) => e.samples);
  const worst = max(longSamples);
  const worstName = crafted.find((e) => e.samples.includes(worst))?.name ?? '';

  console.log(`\n${realisticLine}`);
  console.log(
    `crafted (${crafted.length} questions × ${longRounds}): ${spread(longSamples)}; worst ${ms(worst)} (${worstName}) (target worst ≤ ${TARGET_LONG_MS} ms: ${verdict(worst, TARGET_LONG_MS)})`,
  );
  const throws = [...realistic, ...crafted].filter((e) => e.error).length;
  if (throws) console.log(`note: ${throws} question(s) threw (see THROWS above)`);
}

try {
  main();
} catch (error) {
  if (error instanceof UsageError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
}

/**
 * `npm run bench:analyst`: ARLO's full answers at agency scale (0.18 M, 1 M and 5 M ad-day rows:
 * copies of the generated 'large' account with their own seeds, ids and names), on PGlite with a
 * data dir on disk and on PostgreSQL, against DuckDB over the same raw rows. It reports; it never
 * fails on a missed target (exit 0).
 *
 *   npx tsx scripts/bench-analyst.ts [--rows 0.18m,1m,5m] [--engines pglite,postgres,duckdb]
 *     [--rounds N] [--quick] [--fresh | --reuse] [--now YYYY-MM-DD] [--pg-url URL] [--profile] [--explain N]
 *     [--no-memory]
 *
 * Loaded databases are kept in .bench-cache/ (PGlite data dirs, DuckDB files) and as PostgreSQL
 * databases arlo_bench_<rows>, each with a marker naming the data and migration set; a mismatch
 * (or --fresh) rebuilds them. --reuse keeps a cache built by older loader code (same data and
 * migrations), for iterating while the loader changes; the DuckDB number check still runs.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Answer, answerQuestion } from '../src/analyst/engine';
import { type Database, queryRows } from '../src/server/db/client';
import { type AgencySize, agencyAccount, agencySize } from './bench/agency-data';
import {
  benchDatabaseUrl,
  type CachedWarehouse,
  type CachePolicy,
  cacheDir,
  type LoadTarget,
  loadAgency,
  openCachedPglite,
  openCachedPostgres,
  pgliteCacheDir,
} from './bench/bench-cache';
import { compareRows } from './bench/compare-rows';
import { compileProbe } from './bench/compile-probe';
import { type DuckReference, openDuckReference } from './bench/duckdb-reference';
import { oneLine } from './bench/profile';
import { profileAnswers } from './bench/profile-report';
import { type BenchQuestion, type Names, pickNames, planMismatch, questionMix } from './bench/questions';
import { type ReferenceQuestion, referenceQuestions } from './bench/reference-questions';
import { count, max, median, megabytes, min, ms, quantile, seconds, table } from './bench/stats';

const ABOVE = 'MISSED';
// Any fixed day works: the data always ends the day before. A fixed one lets the caches last.
const DEFAULT_TODAY = '2026-11-20';
const ENGINES = ['pglite', 'postgres', 'duckdb'] as const;
type EngineKey = (typeof ENGINES)[number];
type ArloKey = Exclude<EngineKey, 'duckdb'>;
const engineLabel: Record<EngineKey, string> = { pglite: 'PGlite', postgres: 'PostgreSQL', duckdb: 'DuckDB' };

/** The issue's targets: full-answer p95 by size, and how far from DuckDB ARLO may be at 1 M rows. */
const p95TargetMs = (rows: number) => (rows > 2_000_000 ? 300 : 100);
const MIX_RATIO_TARGET = 2;
const QUESTION_RATIO_TARGET = 3;
const RSS_TARGET_MB = 300;
/** The size the DuckDB and memory targets are set at. */
const TARGET_SIZE = agencySize('1m');
const atTargetSize = (size: AgencySize) => size.accounts === TARGET_SIZE.accounts;

const usage =
  'Usage: tsx scripts/bench-analyst.ts [--rows 0.18m,1m,5m] [--engines pglite,postgres,duckdb] [--rounds N] [--quick] [--fresh | --reuse] [--now YYYY-MM-DD] [--pg-url URL] [--profile] [--explain N] [--no-memory]';

class UsageError extends Error {}

function options() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      engines: { type: 'string', default: ENGINES.join(',') },
      rounds: { type: 'string' },
      quick: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      reuse: { type: 'boolean', default: false },
      now: { type: 'string', default: DEFAULT_TODAY },
      'pg-url': {
        type: 'string',
        default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
      },
      profile: { type: 'boolean', default: false },
      explain: { type: 'string', default: '0' },
      'no-memory': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.now)) throw new UsageError(`--now must be YYYY-MM-DD\n${usage}`);
  const rounds = Number(values.rounds ?? (values.quick ? 2 : 5));
  const explain = Number(values.explain);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new UsageError(`--rounds must be a whole number ≥ 1\n${usage}`);
  if (!Number.isInteger(explain) || explain < 0)
    throw new UsageError(`--explain must be a whole number ≥ 0\n${usage}`);
  const engines = values.engines.split(',').map((e) => e.trim());
  for (const engine of engines)
    if (!(ENGINES as readonly string[]).includes(engine))
      throw new UsageError(`unknown engine ${engine}: choose from ${ENGINES.join(', ')}\n${usage}`);
  let sizes: AgencySize[];
  try {
    sizes = (values.rows ?? (values.quick ? '0.18m' : '0.18m,1m,5m')).split(',').map(agencySize);
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  return {
    today: values.now,
    rounds,
    sizes,
    engines: engines as EngineKey[],
    quick: values.quick,
    cache: (values.fresh ? 'fresh' : values.reuse ? 'reuse' : 'match') as CachePolicy,
    pgUrl: values['pg-url'],
    profile: values.profile,
    explain,
    memory: !values['no-memory'],
  };
}

type Options = ReturnType<typeof options>;

interface ArloEngine {
  key: ArloKey;
  warehouse: CachedWarehouse;
  request: { db: Database['db']; scope: { accountIds: string[] }; today: string; dataVersion: string };
}

/** A target and what was measured against it, for the closing summary. */
interface Verdict {
  target: string;
  measured: string;
  missed: boolean;
}

const flag = (missed: boolean) => (missed ? `  ${ABOVE}` : '');
const sumOf = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Other work on the machine skews every timing: printed next to them. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

async function main(): Promise<void> {
  const opts = options();
  const arloKeys = opts.engines.filter((e): e is ArloKey => e !== 'duckdb');
  console.log(
    `ARLO analyst benchmark · Node ${process.version} · ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}) · ${megabytes(os.totalmem())} RAM · ${loadAverage()}`,
  );
  console.log(
    `today ${opts.today} · rows ${opts.sizes.map((s) => `${s.label} (${s.accounts} accounts, ${count(s.rows)} ad-day rows)`).join(', ')} · engines ${opts.engines.map((e) => engineLabel[e]).join(', ')} · ${opts.rounds} rounds · cache ${cacheDir}`,
  );
  // Every size's first account is the same copy, so its names serve every size's questions.
  const names = pickNames(agencyAccount(opts.today, 0));
  const verdicts: Verdict[] = [];
  for (const size of opts.sizes) verdicts.push(...(await benchSize(size, arloKeys, names, opts)));

  const memorySize = opts.sizes.find(atTargetSize) ?? (opts.quick ? opts.sizes[0] : undefined);
  if (opts.memory && memorySize && arloKeys.length)
    verdicts.push(...(await memoryProbe(memorySize, arloKeys, questionMix(names), opts)));

  console.log('\ntargets');
  console.log(
    table(
      [['target', 'measured', ''], ...verdicts.map((v) => [v.target, v.measured, v.missed ? ABOVE : 'met'])],
      [],
    ),
  );
}

async function benchSize(
  size: AgencySize,
  arloKeys: ArloKey[],
  names: Names,
  opts: Options,
): Promise<Verdict[]> {
  console.log(`\n=== ${size.label}: ${size.accounts} accounts, ${count(size.rows)} ad-day rows ===`);
  const warehouses = new Map<ArloKey, CachedWarehouse>();
  let duck: DuckReference | undefined;
  try {
    for (const key of arloKeys)
      warehouses.set(
        key,
        key === 'pglite'
          ? await openCachedPglite(size, opts.today, opts.cache)
          : await openCachedPostgres(opts.pgUrl, size, opts.today, opts.cache),
      );
    if (opts.engines.includes('duckdb'))
      duck = await openDuckReference(cacheDir, size, opts.today, opts.cache);
    const stale = [...[...warehouses.values()].map((w) => w.target), duck?.target].filter(
      (t): t is LoadTarget => t !== undefined,
    );
    if (stale.length) {
      console.log(`loading ${stale.map((t) => t.name).join(', ')} (no matching cache)`);
      const [spent, wallMs] = await timed(() =>
        loadAgency(size, opts.today, stale, (line) => console.log(line)),
      );
      console.log(
        `load      ${seconds(wallMs)} wall; generate ${seconds(spent.get('generate') ?? 0)}; ${stale
          .map(
            (t) =>
              `${t.name} ${seconds(spent.get(t.name) ?? 0)} (${count(size.rows / ((spent.get(t.name) ?? 1) / 1000))} ad rows/s)`,
          )
          .join('; ')}`,
      );
    } else console.log('load      every engine reused its cache');

    const engines: ArloEngine[] = [];
    for (const [key, warehouse] of warehouses) {
      const accounts = await queryRows<{ id: string }>(
        warehouse.database.db,
        sql`select id from meta_ad_accounts order by id`,
      );
      await printSize(engineLabel[key], warehouse);
      engines.push({
        key,
        warehouse,
        request: {
          db: warehouse.database.db,
          scope: { accountIds: accounts.map((a) => a.id) },
          today: opts.today,
          // What the server passes: the names catalog is read once per data version.
          dataVersion: `bench-${size.label}`,
        },
      });
    }

    const verdicts: Verdict[] = [];
    if (duck) verdicts.push(...(await againstDuck(size, engines, duck, names, opts)));
    if (engines.length) verdicts.push(...(await fullMix(size, engines, names, opts)));
    return verdicts;
  } finally {
    duck?.close();
    for (const warehouse of warehouses.values()) await warehouse.database.close();
  }
}

async function printSize(label: string, warehouse: CachedWarehouse): Promise<void> {
  try {
    const [size] = await queryRows<{
      database: string;
      insights: string;
      breakdowns: string;
      rollups: string;
    }>(
      warehouse.database.db,
      sql`select pg_database_size(current_database())::text as database,
        pg_total_relation_size('meta_insights_daily')::text as insights,
        pg_total_relation_size('meta_insights_breakdown_daily')::text as breakdowns,
        coalesce((select sum(pg_total_relation_size(c.oid)) from pg_class c
          where c.relkind = 'r' and c.relname like 'meta_insights_%' and c.relname not in ('meta_insights_daily', 'meta_insights_breakdown_daily')), 0)::text as rollups`,
    );
    if (size)
      console.log(
        `size      ${label}: database ${megabytes(Number(size.database))}, ad-day rows ${megabytes(Number(size.insights))}, breakdown rows ${megabytes(Number(size.breakdowns))}, roll-ups ${megabytes(Number(size.rollups))} · ${warehouse.location}`,
      );
  } catch (error) {
    console.log(
      `size      ${label}: unavailable (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** The ten reference questions: ARLO's numbers checked against DuckDB's, then timed round-robin. */
async function againstDuck(
  size: AgencySize,
  engines: ArloEngine[],
  duck: DuckReference,
  names: Names,
  opts: Options,
): Promise<Verdict[]> {
  const questions = referenceQuestions(opts.today, names);
  console.log(
    `\nagainst DuckDB (1 thread, raw rows): ${questions.length} questions, numbers checked, then timed`,
  );
  let mismatches = 0;
  for (const question of questions) {
    const reference = await duck.rows(question.sql);
    for (const engine of engines) {
      let problems: string[];
      try {
        const answer = await answerQuestion(engine.request, question.text);
        problems = compareRows(question.arloRows(answer), reference, question);
      } catch (error) {
        problems = [`ARLO failed: ${error instanceof Error ? error.message : String(error)}`];
      }
      if (problems.length) {
        mismatches += 1;
        console.log(`  !!! MISMATCH ${engineLabel[engine.key]} · ${question.id} · "${question.text}"`);
        for (const problem of problems.slice(0, 6)) console.log(`  !!!   ${problem}`);
        if (problems.length > 6) console.log(`  !!!   … and ${problems.length - 6} more`);
      }
    }
  }
  if (!mismatches)
    console.log(`  every number matched (${questions.length} questions × ${engines.length} ARLO engines)`);

  const samples = new Map<string, number[]>();
  const sample = (id: string, engine: EngineKey, value: number) => {
    const key = `${id}/${engine}`;
    samples.set(key, [...(samples.get(key) ?? []), value]);
  };
  for (let round = 0; round < opts.rounds; round++)
    for (const question of questions) {
      for (const engine of engines) {
        const start = performance.now();
        await answerQuestion(engine.request, question.text).catch(() => undefined);
        sample(question.id, engine.key, performance.now() - start);
      }
      const start = performance.now();
      await duck.rows(question.sql);
      sample(question.id, 'duckdb', performance.now() - start);
    }

  const med = (id: string, engine: EngineKey) => median(samples.get(`${id}/${engine}`) ?? []);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  const header = [
    'question',
    ...engines.map((e) => `ARLO ${engineLabel[e.key]}`),
    'DuckDB',
    ...engines.map((e) => `${engineLabel[e.key]} ÷ DuckDB`),
  ];
  const rows = questions.map((q) => [
    oneLine(q.text, 60),
    ...engines.map((e) => ms(med(q.id, e.key))),
    ms(med(q.id, 'duckdb')),
    ...engines.map((e) => {
      const r = med(q.id, e.key) / med(q.id, 'duckdb');
      return `${ratio(med(q.id, e.key), med(q.id, 'duckdb'))}${flag(atTargetSize(size) && r > QUESTION_RATIO_TARGET)}`;
    }),
  ]);
  const mixSum = (engine: EngineKey) => sumOf(questions.map((q) => med(q.id, engine)));
  rows.push([
    'whole mix (sum of medians)',
    ...engines.map((e) => ms(mixSum(e.key))),
    ms(mixSum('duckdb')),
    ...engines.map(
      (e) =>
        `${ratio(mixSum(e.key), mixSum('duckdb'))}${flag(atTargetSize(size) && mixSum(e.key) / mixSum('duckdb') > MIX_RATIO_TARGET)}`,
    ),
  ]);
  console.log(
    `medians of ${opts.rounds} rounds, interleaved (ARLO: full answer; DuckDB: the query and its rows) · ${loadAverage()}`,
  );
  console.log(table([header, ...rows], header.map((_, i) => i).slice(1)));

  const verdicts: Verdict[] = [];
  if (mismatches)
    verdicts.push({
      target: `${size.label}: ARLO's numbers equal DuckDB's`,
      measured: `${mismatches} mismatches`,
      missed: true,
    });
  if (!atTargetSize(size)) return verdicts;
  for (const engine of engines) {
    const mixRatio = mixSum(engine.key) / mixSum('duckdb');
    verdicts.push({
      target: `${size.label} ${engineLabel[engine.key]}: 10-question mix ≤ ${MIX_RATIO_TARGET}× DuckDB`,
      measured: `${ms(mixSum(engine.key))} vs ${ms(mixSum('duckdb'))} = ${mixRatio.toFixed(1)}×`,
      missed: mixRatio > MIX_RATIO_TARGET,
    });
    const worst = [...questions].sort(
      (a, b) => med(b.id, engine.key) / med(b.id, 'duckdb') - med(a.id, engine.key) / med(a.id, 'duckdb'),
    )[0] as ReferenceQuestion;
    const worstRatio = med(worst.id, engine.key) / med(worst.id, 'duckdb');
    verdicts.push({
      target: `${size.label} ${engineLabel[engine.key]}: no question > ${QUESTION_RATIO_TARGET}× DuckDB`,
      measured: `worst ${worstRatio.toFixed(1)}× (${worst.id}); ${questions.filter((q) => med(q.id, engine.key) / med(q.id, 'duckdb') > QUESTION_RATIO_TARGET).length} above`,
      missed: worstRatio > QUESTION_RATIO_TARGET,
    });
  }
  return verdicts;
}

/** The ~40-question mix on every ARLO engine, round-robin, for the p95 target; then where the time goes. */
async function fullMix(
  size: AgencySize,
  engines: ArloEngine[],
  names: Names,
  opts: Options,
): Promise<Verdict[]> {
  const mix = questionMix(names);
  const target = p95TargetMs(size.rows);
  console.log(`\nfull question mix: ${mix.length} questions × ${opts.rounds} rounds, engines interleaved`);
  // A question that fails is left out of the timings (a failure is fast) and listed instead.
  const failed = new Set<string>();
  const notes = new Map<BenchQuestion, string>();
  for (const [i, question] of mix.entries())
    for (const engine of engines) {
      try {
        const answer: Answer = await answerQuestion(engine.request, question.text);
        const mismatch = planMismatch(question, answer.plan);
        if (mismatch && !notes.has(question)) notes.set(question, mismatch);
      } catch (error) {
        failed.add(`${i}/${engine.key}`);
        const message = oneLine(error instanceof Error ? error.message : String(error), 160);
        const earlier = notes.get(question);
        notes.set(
          question,
          earlier?.startsWith('FAILED')
            ? earlier.replace(' (left out', `, ${engineLabel[engine.key]} (left out`)
            : `FAILED on ${engineLabel[engine.key]} (left out of the timings): ${message}`,
        );
      }
    }
  for (const [question, problem] of notes) console.log(`  note: "${oneLine(question.text, 60)}": ${problem}`);

  const samples = new Map<string, number[]>();
  for (let round = 0; round < opts.rounds; round++)
    for (const [i, question] of mix.entries())
      for (const engine of engines) {
        const key = `${i}/${engine.key}`;
        if (failed.has(key)) continue;
        const start = performance.now();
        await answerQuestion(engine.request, question.text);
        samples.set(key, [...(samples.get(key) ?? []), performance.now() - start]);
      }

  const perQuestion = mix.map((question, i) => [
    String(i + 1),
    question.intent,
    ...engines.map((e) => ms(median(samples.get(`${i}/${e.key}`) ?? []))),
    ...engines.map((e) => ms(max(samples.get(`${i}/${e.key}`) ?? []))),
    oneLine(question.text, 64),
  ]);
  const columns = engines.length;
  console.log(
    table(
      [
        [
          '#',
          'intent',
          ...engines.map((e) => `${engineLabel[e.key]} median`),
          ...engines.map((e) => `${engineLabel[e.key]} max`),
          'question',
        ],
        ...perQuestion,
      ],
      Array.from({ length: 2 * columns }, (_, i) => i + 2),
    ),
  );

  const verdicts: Verdict[] = [];
  const summary = [['engine', 'answers', 'median', 'p95', 'min – max', `target p95 ≤ ${target} ms`]];
  for (const engine of engines) {
    const all = mix.flatMap((_, i) => samples.get(`${i}/${engine.key}`) ?? []);
    const p95 = quantile(all, 0.95);
    summary.push([
      engineLabel[engine.key],
      String(all.length),
      ms(median(all)),
      ms(p95),
      `${ms(min(all))} – ${ms(max(all))}`,
      p95 > target ? ABOVE : 'met',
    ]);
    verdicts.push({
      target: `${size.label} ${engineLabel[engine.key]}: full-answer p95 ≤ ${target} ms`,
      measured: `p95 ${ms(p95)}, median ${ms(median(all))} (${all.length} answers)`,
      missed: p95 > target,
    });
  }
  console.log(`\nfull answers at ${size.label} (${count(size.rows)} rows) · ${loadAverage()}`);
  console.log(table(summary, [1, 2, 3, 4]));

  console.log('\nwhere the time goes (one more pass, every statement recorded)');
  for (const engine of engines)
    await profileAnswers(
      engineLabel[engine.key],
      engine.request,
      mix.map((q) => q.text),
      { detail: opts.profile, explain: opts.explain },
    );
  return verdicts;
}

/**
 * Peak RSS of a separate process that only answers questions, against the cached warehouse. The
 * probe runs compiled, as the product does (dist/cli): under tsx, compiling TypeScript at run time
 * would add some 90 MB that no user's process holds.
 */
async function memoryProbe(
  size: AgencySize,
  arloKeys: ArloKey[],
  mix: BenchQuestion[],
  opts: Options,
): Promise<Verdict[]> {
  console.log(`\nmemory: a separate process that only answers questions (${size.label}, mix × 3)`);
  const source = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench', 'answer-only.ts');
  const outDir = path.join(cacheDir, `answer-only-${process.pid}`);
  try {
    const script = await compileProbe(source, outDir);
    return arloKeys.flatMap((key) => memoryOf(key, script, size, mix, opts));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** One engine's probe: its verdict, or none when the probe failed (said on the console). */
function memoryOf(
  key: ArloKey,
  script: string,
  size: AgencySize,
  mix: BenchQuestion[],
  opts: Options,
): Verdict[] {
  const location = key === 'pglite' ? pgliteCacheDir(size) : benchDatabaseUrl(opts.pgUrl, size);
  const job = { kind: key, location, today: opts.today, rounds: 3, questions: mix.map((q) => q.text) };
  const child = spawnSync(process.execPath, [script, JSON.stringify(job)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  try {
    const result = JSON.parse(line) as {
      peakRssMb: number;
      startRssMb: number;
      afterOpenRssMb: number;
      answers: number;
      failed: number;
    };
    const missed = result.peakRssMb >= RSS_TARGET_MB;
    console.log(
      `  ${engineLabel[key]}: peak RSS ${result.peakRssMb.toFixed(0)} MB (target < ${RSS_TARGET_MB} MB)${flag(missed)} · at start ${result.startRssMb.toFixed(0)} MB, after opening ${result.afterOpenRssMb.toFixed(0)} MB · ${result.answers} answers, ${result.failed} failed · ${loadAverage()}`,
    );
    return [
      {
        target: `${size.label} ${engineLabel[key]}: answering process RSS < ${RSS_TARGET_MB} MB`,
        measured: `peak ${result.peakRssMb.toFixed(0)} MB`,
        missed,
      },
    ];
  } catch {
    console.log(
      `  ${engineLabel[key]}: the probe failed (exit ${child.status}): ${oneLine(child.stderr, 300)}`,
    );
    return [];
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});

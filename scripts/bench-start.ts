/**
 * `npm run bench:start`: times how long `arlo` takes from process start to being useful, the way
 * a person meets it. It reports; it never fails on a missed target (exit 0).
 *
 *   npx tsx scripts/bench-start.ts [--rounds N] [--now YYYY-MM-DD]
 *
 * Cases, run interleaved (one of each per round), each a new `node bin/arlo.mjs` process:
 *   ask --data   a demo fixture folder (written by `arlo demo --out` into a temp folder), to the answer
 *   ask          the built-in demo data, to the answer
 *                (both open the database a previous run over the same data kept, after the first)
 *   ask first    the fixture folder with nothing kept (ARLO_ASK_CACHE=off): read, load, answer
 *   ask demo first  the built-in demo with an empty ARLO_ASK_CACHE folder: generate, load, answer
 *   serve old    `serve` (what `npm start` runs) on a DATA_DIR a first start already made, to a 200 from /api/health
 *   serve new    `serve` on an empty DATA_DIR, to a 200 from /api/health
 * Whether dist/cli (the compiled CLI) is current decides what runs: `npm run build:cli` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { max, median, min, quantile, seconds, table } from './bench/stats';

const bin = path.resolve('bin/arlo.mjs');
const question = 'spend last 7 days';

interface Case {
  name: string;
  targetMs: number;
  /** One timed run; resolves with the milliseconds from spawn to useful. */
  run(): Promise<number>;
}

function options() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      now: { type: 'string', default: new Date().toISOString().slice(0, 10) },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('Usage: tsx scripts/bench-start.ts [--rounds N] [--now YYYY-MM-DD]');
    process.exit(0);
  }
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number ≥ 1');
  return { rounds, now: values.now };
}

/** The environment of a child: this one's, minus a DATABASE_URL (the targets are PGlite's). */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'info', ...extra };
}

function spawnArlo(args: string[], env?: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [bin, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs `arlo ask` and resolves when its answer (its first line) is out; fails if it exits non-zero. */
function timeAsk(args: string[], env?: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawnArlo(['ask', ...args, '--json', question], env);
    let answeredAt: number | undefined;
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      if (answeredAt === undefined && stdout.includes('\n')) answeredAt = performance.now();
    });
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      if (code !== 0 || answeredAt === undefined) reject(new Error(`arlo ask exited ${code}:\n${stderr}`));
      else resolve(answeredAt - started);
    });
  });
}

/** Starts `arlo serve` on DATA_DIR, waits for a healthy answer, stops it; the time to healthy. */
async function timeServe(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawnArlo(['serve'], { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  try {
    for (;;) {
      const url = output.match(/ARLO is running at (http:\/\/[\d.]+:\d+)/)?.[1];
      if (url) {
        const health = await fetch(`${url}/api/health`).catch(() => undefined);
        if (health?.status === 200) return performance.now() - started;
      }
      if (child.exitCode !== null) throw new Error(`arlo serve exited ${child.exitCode}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Whether bin/arlo.mjs will run the compiled CLI: the same test it makes, reported, not enforced. */
async function compiledIsCurrent(): Promise<boolean> {
  try {
    const info = JSON.parse(await readFile('dist/cli/build-info.json', 'utf8')) as {
      builtAt: number;
      inputs: string[];
    };
    for (const input of info.inputs) if ((await stat(input)).mtimeMs > info.builtAt) return false;
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { rounds, now } = options();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'arlo-bench-start-'));
  try {
    const fixture = path.join(scratch, 'demo');
    await new Promise<void>((resolve, reject) => {
      const child = spawnArlo(['demo', '--out', fixture, '--now', now]);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`arlo demo exited ${code}`))));
    });
    const existing = path.join(scratch, 'existing');
    // The first start makes the folder, seeds the demo data and (when missing) builds the web app.
    await timeServe(existing);
    let fresh = 0;
    const cases: Case[] = [
      { name: 'ask --data fixture', targetMs: 2000, run: () => timeAsk(['--data', fixture, '--now', now]) },
      { name: 'ask (built-in demo)', targetMs: 2000, run: () => timeAsk(['--now', now]) },
      // The first run over new data: nothing kept, so it loads the rows (and would keep them).
      {
        name: 'ask --data, first run',
        targetMs: 2000,
        run: () => timeAsk(['--data', fixture, '--now', now], { ARLO_ASK_CACHE: 'off' }),
      },
      // The built-in demo's first run of the day: nothing kept yet, so it generates and loads.
      {
        name: 'ask (built-in demo), first run',
        targetMs: 2000,
        run: async () => {
          const cache = path.join(scratch, `ask-cache-${fresh++}`);
          try {
            return await timeAsk(['--now', now], { ARLO_ASK_CACHE: cache });
          } finally {
            await rm(cache, { recursive: true, force: true });
          }
        },
      },
      { name: 'serve, existing DATA_DIR', targetMs: 3000, run: () => timeServe(existing) },
      {
        name: 'serve, new DATA_DIR',
        targetMs: 6000,
        run: async () => {
          const dir = path.join(scratch, `new-${fresh++}`);
          try {
            return await timeServe(dir);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      },
    ];
    const compiled = await compiledIsCurrent();
    const image = existsSync('dist/pglite/migrated.json');
    console.log(
      `bench:start — ${rounds} rounds, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}; ` +
        `${compiled ? 'compiled CLI (dist/cli)' : 'TypeScript sources through tsx (dist/cli missing or stale)'}; ` +
        `${image ? 'with' : 'without'} the migrated PGlite image`,
    );
    const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const c of cases) times.get(c.name)?.push(await c.run());
      process.stdout.write(`round ${round}/${rounds} done\n`);
    }
    if (compiled && !(await compiledIsCurrent()))
      console.log(
        'note: a source changed during the run, so later runs used tsx (npm run build:cli, then run again)',
      );
    const rows = cases.map((c) => {
      const values = times.get(c.name) ?? [];
      const p95 = quantile(values, 0.95);
      return [
        c.name,
        seconds(median(values)),
        seconds(p95),
        `${seconds(min(values))} – ${seconds(max(values))}`,
        `≤ ${seconds(c.targetMs)}`,
        median(values) <= c.targetMs ? 'ok' : 'ABOVE TARGET',
      ];
    });
    console.log(
      table([['case', 'median', 'p95', 'min – max', 'target', 'median vs target'], ...rows], [1, 2, 3]),
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();

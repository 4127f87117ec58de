/**
 * `npm run bench:load` (issue 9): `--users` virtual users (default 50) mix logins, status checks,
 * session lists and questions for `--seconds` (default 60), twice back to back, against one server
 * in production mode on a fresh PostgreSQL database (DATABASE_URL, default the local `test` one;
 * the bench database beside it is dropped at the end). The server runs in its own process
 * (scripts/bench/load-server.ts) so this load generator never shares its event loop.
 *
 * Prints, for each run, the requests, requests per second, per-route count and p50/p99 latency and
 * the errors; then the server's memory at start and after each run; then the targets. It reports;
 * it never fails on a missed target (exit 0).
 *
 *   npm run bench:load -- [--seconds 60] [--users 50]
 *   BENCH_SERVER_NODE_ARGS='--cpu-prof' npm run bench:load   # node flags for the server process
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { hashPassword, verifyPassword } from '../src/server/auth/passwords';
import { type Reply, UserClient, userAddress } from './bench/load-http';
import { chatQuestions } from './bench/questions';
import { serverNodeArgs } from './bench/server-node-args';
import { count, megabytes, ms, quantile, table } from './bench/stats';

const TARGET_P99_MS = 50;
/** "Growth": after run 2 more than this fraction above after run 1 (RSS, and heap after a full GC). */
const GROWTH_THRESHOLD = 0.1;
/** One question every 4 s per user: 15 a minute, under the fair-use limit of 20 a minute per user. */
const ASK_EVERY_MS = 4_000;
/** A user logs in again now and then (a new tab, an expired page): a login every ~20 s per user. */
const LOGIN_EVERY_MS = 20_000;
/** The pause between a user's cheap requests: people click, servers do not get a steady stream. */
const THINK_MS = { min: 200, max: 800 };
/** Users arrive spread over this, not all in the same millisecond. */
const ARRIVAL_SPREAD_MS = 2_000;

const ROUTES = {
  login: 'POST /auth/login',
  status: 'GET /auth/user/status',
  recent: 'GET /api/sessions/recent',
  current: 'GET /api/sessions/current',
  ask: 'POST /api/ask (to [DONE])',
} as const;
type Route = (typeof ROUTES)[keyof typeof ROUTES];

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, users: { type: 'string', default: '50' } },
});
const seconds = Math.max(1, Number(values.seconds) || 60);
const userCount = Math.max(1, Number(values.users) || 50);

// ---------------------------------------------------------------------------------------------
// The server process.

interface ServerInfo {
  base: string;
  emails: string[];
  password: string;
}
type Memory = NodeJS.MemoryUsage;
/** The server's event-loop delay (ms) over a run: how long ready work waited for the loop. */
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}
interface Probe {
  memory: Memory;
  loop: LoopDelay;
}

/** The server in its own process; `BENCH ` lines on its stdout answer us, anything else is its log. */
class BenchServer {
  private readonly waiting: ((value: unknown) => void)[] = [];
  logLines = 0;

  private constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('BENCH ')) {
        this.waiting.shift()?.(JSON.parse(line.slice('BENCH '.length)));
      } else {
        // Warnings and errors the server logs are worth seeing next to the figures.
        this.logLines++;
        process.stderr.write(`[server] ${line}\n`);
      }
    });
  }

  static async start(users: number): Promise<{ server: BenchServer; info: ServerInfo }> {
    // --expose-gc only lets the server collect fully before reporting its memory.
    const child = spawn(
      process.execPath,
      [
        ...serverNodeArgs(),
        '--expose-gc',
        '--import',
        'tsx',
        'scripts/bench/load-server.ts',
        '--users',
        String(users),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const server = new BenchServer(child);
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`the bench server exited with ${code} before it was ready`);
    });
    const info = (await Promise.race([server.next(), exited])) as ServerInfo;
    return { server, info };
  }

  private next(): Promise<unknown> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Its memory now (after a full GC), and its event-loop delay since the previous probe. */
  async probe(): Promise<Probe> {
    const answer = this.next();
    this.child.stdin.write('memory\n');
    return (await answer) as Probe;
  }

  async stop(): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}

// ---------------------------------------------------------------------------------------------
// What one run records.

class Recorder {
  readonly latencies = new Map<Route, number[]>(Object.values(ROUTES).map((route) => [route, []]));
  /** "route: what went wrong" -> how many times, with the first answer seen, to tell what it was. */
  readonly errors = new Map<string, { times: number; sample: string }>();

  /** Records a response; returns whether it counts as a success. */
  response(route: Route, reply: Reply, problem?: string): boolean {
    this.latencies.get(route)?.push(reply.ms);
    const wrong = problem ?? (reply.status >= 200 && reply.status < 300 ? undefined : `HTTP ${reply.status}`);
    if (wrong) this.error(route, wrong, reply.body);
    return !wrong;
  }

  error(route: Route, what: string, sample: string): void {
    const key = `${route}: ${what}`;
    const seen = this.errors.get(key);
    if (seen) seen.times++;
    else this.errors.set(key, { times: 1, sample: sample.replace(/\s+/g, ' ').slice(0, 200) });
  }

  get requests(): number {
    let total = 0;
    for (const values of this.latencies.values()) total += values.length;
    return total;
  }

  get errorCount(): number {
    let total = 0;
    for (const { times } of this.errors.values()) total += times;
    return total;
  }
}

// ---------------------------------------------------------------------------------------------
// One virtual user.

/** What a user keeps from one run to the next: its connection, and when it may ask again. */
interface User {
  index: number;
  email: string;
  client: UserClient;
  token?: string;
  sessionId?: string;
  nextAskAt: number;
  nextLoginAt: number;
}

const between = (min: number, max: number) => min + Math.random() * (max - min);

/** Sends one request and records it; a network failure is an error with no latency. */
async function send(
  user: User,
  recorder: Recorder,
  route: Route,
  path: string,
  json?: unknown,
  check?: (reply: Reply) => string | undefined,
): Promise<Reply | undefined> {
  const method = route.startsWith('POST') ? 'POST' : 'GET';
  try {
    const reply = await user.client.request(method, path, { token: user.token, json });
    const problem = reply.status >= 200 && reply.status < 300 ? check?.(reply) : undefined;
    return recorder.response(route, reply, problem) ? reply : undefined;
  } catch (error) {
    recorder.error(route, 'network error', error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

async function login(user: User, password: string, recorder: Recorder): Promise<void> {
  const reply = await send(user, recorder, ROUTES.login, '/auth/login', { email: user.email, password });
  if (reply) user.token = (JSON.parse(reply.body) as { token: string }).token;
  user.nextLoginAt = Date.now() + between(LOGIN_EVERY_MS / 2, (LOGIN_EVERY_MS * 3) / 2);
}

async function currentSession(user: User, recorder: Recorder): Promise<void> {
  const reply = await send(user, recorder, ROUTES.current, '/api/sessions/current');
  if (reply) user.sessionId = (JSON.parse(reply.body) as { sessionId: string }).sessionId;
}

/** A stream that ends without `[DONE]`, or says the answer failed, is an error even if it was a 200. */
function streamProblem(reply: Reply): string | undefined {
  if (!reply.body.includes('data: [DONE]')) return 'stream ended without [DONE]';
  if (reply.body.includes('"type":"error"')) return 'answer failed (error event)';
  return undefined;
}

async function ask(user: User, recorder: Recorder): Promise<void> {
  // At least the interval from start to start, even across the two runs: a late question must not
  // bunch with the next one, or the user could go past the fair-use limit.
  user.nextAskAt = Date.now() + ASK_EVERY_MS;
  if (!user.sessionId) return currentSession(user, recorder);
  const message = chatQuestions[Math.floor(Math.random() * chatQuestions.length)] as string;
  const body = { message, sessionId: user.sessionId, timezone: 'America/New_York', model: 'arlo_auto' };
  await send(user, recorder, ROUTES.ask, '/api/ask', body, streamProblem);
}

/** One of the cheap reads, the bulk of what an open page sends. */
async function browse(user: User, recorder: Recorder): Promise<void> {
  const pick = Math.floor(Math.random() * 3);
  if (pick === 0) await send(user, recorder, ROUTES.status, '/auth/user/status');
  else if (pick === 1) await send(user, recorder, ROUTES.recent, '/api/sessions/recent');
  else await currentSession(user, recorder);
}

/** Arrive (log in, open the page), then until the deadline: a question when due, else browse. */
async function runUser(user: User, password: string, deadline: number, recorder: Recorder): Promise<void> {
  await sleep(between(0, ARRIVAL_SPREAD_MS));
  await login(user, password, recorder);
  await currentSession(user, recorder);
  while (Date.now() < deadline) {
    if (!user.token || Date.now() >= user.nextLoginAt) await login(user, password, recorder);
    else if (Date.now() >= user.nextAskAt) await ask(user, recorder);
    else await browse(user, recorder);
    await sleep(between(THINK_MS.min, THINK_MS.max));
  }
}

interface Run {
  recorder: Recorder;
  elapsedMs: number;
  /** The server's state at the end of the run. */
  after: Probe;
  /** This machine's 1-minute load average at the end: other work on it shows up in the tails. */
  loadAverage: number;
}

async function runMix(users: User[], password: string, server: BenchServer): Promise<Run> {
  const recorder = new Recorder();
  const started = Date.now();
  // Requests in flight at the deadline finish and count; none start after it.
  await Promise.all(users.map((user) => runUser(user, password, started + seconds * 1000, recorder)));
  const elapsedMs = Date.now() - started;
  return { recorder, elapsedMs, after: await server.probe(), loadAverage: os.loadavg()[0] ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// The report.

function printRun(run: number, { recorder, elapsedMs, after, loadAverage }: Run): void {
  const total = recorder.requests;
  console.log(
    `\nrun ${run}: ${count(total)} requests in ${(elapsedMs / 1000).toFixed(1)} s, ` +
      `${(total / (elapsedMs / 1000)).toFixed(1)} requests/s, ${count(recorder.errorCount)} errors`,
  );
  const rows = [['route', 'count', 'p50', 'p99']];
  for (const [route, values] of recorder.latencies) {
    rows.push([route, count(values.length), ms(quantile(values, 0.5)), ms(quantile(values, 0.99))]);
  }
  console.log(table(rows, [1, 2, 3]));
  for (const [what, { times, sample }] of recorder.errors)
    console.log(`  error ×${times} ${what} — ${sample}`);
  const { loop } = after;
  console.log(
    `server event-loop delay: p50 ${ms(loop.p50)}, p99 ${ms(loop.p99)}, max ${ms(loop.max)}; ` +
      `machine load average ${loadAverage.toFixed(1)} on ${os.cpus().length} CPUs`,
  );
}

const growth = (before: number, after: number) => (after - before) / before;
const percent = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`;

function printMemory(start: Memory, afterRun1: Memory, afterRun2: Memory): void {
  console.log('\nserver memory (after a full GC)');
  const rows = [['', 'rss', 'heap used', 'heap total', 'external']];
  const row = (name: string, m: Memory) => [
    name,
    megabytes(m.rss),
    megabytes(m.heapUsed),
    megabytes(m.heapTotal),
    megabytes(m.external),
  ];
  rows.push(row('at start', start), row('after run 1', afterRun1), row('after run 2', afterRun2));
  rows.push([
    'run 1 → run 2',
    percent(growth(afterRun1.rss, afterRun2.rss)),
    percent(growth(afterRun1.heapUsed, afterRun2.heapUsed)),
    percent(growth(afterRun1.heapTotal, afterRun2.heapTotal)),
    percent(growth(afterRun1.external, afterRun2.external)),
  ]);
  console.log(table(rows, [1, 2, 3, 4]));
}

function printTargets(runs: Recorder[], afterRun1: Memory, afterRun2: Memory): void {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log('\ntargets');
  const errors = runs.map((r) => r.errorCount);
  console.log(`  zero errors: ${errors.join(' / ')} (runs 1 / 2) — ${verdict(errors.every((n) => n === 0))}`);
  const slow = runs.flatMap((recorder, i) =>
    [...recorder.latencies]
      .filter(([route]) => route !== ROUTES.ask)
      .map(([route, values]) => ({ route, run: i + 1, p99: quantile(values, 0.99) }))
      .filter(({ p99 }) => p99 > TARGET_P99_MS),
  );
  const slowText = slow.map(({ route, run, p99 }) => `${route} run ${run}: ${ms(p99)}`).join('; ');
  console.log(
    `  p99 ≤ ${TARGET_P99_MS} ms on every non-ask route: ${verdict(slow.length === 0)}${slow.length ? ` (${slowText})` : ''}`,
  );
  const rss = growth(afterRun1.rss, afterRun2.rss);
  const heap = growth(afterRun1.heapUsed, afterRun2.heapUsed);
  const limit = `${(GROWTH_THRESHOLD * 100).toFixed(0)}%`;
  console.log(
    `  no memory growth (run 2 within ${limit} of run 1, RSS and heap used after GC): ` +
      `RSS ${percent(rss)}, heap ${percent(heap)} — ${verdict(rss <= GROWTH_THRESHOLD && heap <= GROWTH_THRESHOLD)}`,
  );
}

/**
 * A login's floor: one argon2id check (the production parameters) with nothing else running, spaced
 * out as logins are. Printed beside the login figures, since on a shared machine its tail alone
 * can be most of the 50 ms. Its kernel time is printed too: @node-rs/argon2 maps a fresh 19 MiB
 * for every check, and the kernel zeroes it; on a VM that hands freed memory back to its host,
 * faulting it back in is where the slow checks spend their time.
 */
async function passwordCheckAlone(times = 50): Promise<{ wall: number[]; kernel: number[] }> {
  const hash = await hashPassword(PASSWORD_PROBE);
  const wall: number[] = [];
  const kernel: number[] = [];
  for (let i = 0; i < times; i++) {
    const kernelBefore = process.resourceUsage().systemCPUTime;
    const started = performance.now();
    await verifyPassword(hash, PASSWORD_PROBE);
    wall.push(performance.now() - started);
    kernel.push((process.resourceUsage().systemCPUTime - kernelBefore) / 1000);
    await sleep(100);
  }
  return { wall, kernel };
}
const PASSWORD_PROBE = 'Probe-password-for-bench-1';

// ---------------------------------------------------------------------------------------------
// Main.

console.log(`bench:load — ${userCount} users, 2 runs of ${seconds} s, PostgreSQL, server in its own process`);
console.log(
  `mix per user: a question every ${ASK_EVERY_MS / 1000} s, a login every ~${LOGIN_EVERY_MS / 1000} s, ` +
    `status / recent / current sessions between, ${THINK_MS.min}–${THINK_MS.max} ms think time`,
);
const alone = await passwordCheckAlone();
console.log(
  `one argon2id password check alone (the floor of a login), ${alone.wall.length} spaced checks: ` +
    `p50 ${ms(quantile(alone.wall, 0.5))}, p99 ${ms(quantile(alone.wall, 0.99))}; ` +
    `of which kernel time p50 ${ms(quantile(alone.kernel, 0.5))}, p99 ${ms(quantile(alone.kernel, 0.99))}`,
);
const { server, info } = await BenchServer.start(userCount);
const base = new URL(info.base);
const users: User[] = info.emails.map((email, index) => ({
  index,
  email,
  client: new UserClient(base, userAddress(index)),
  // Spread the first questions over one interval, so the users do not ask in step.
  nextAskAt: Date.now() + ARRIVAL_SPREAD_MS + Math.random() * ASK_EVERY_MS,
  nextLoginAt: Number.POSITIVE_INFINITY,
}));
try {
  const start = await server.probe();
  const run1 = await runMix(users, info.password, server);
  const run2 = await runMix(users, info.password, server);
  printRun(1, run1);
  printRun(2, run2);
  printMemory(start.memory, run1.after.memory, run2.after.memory);
  printTargets([run1.recorder, run2.recorder], run1.after.memory, run2.after.memory);
  if (server.logLines)
    console.log(`\nthe server logged ${server.logLines} warning/error lines (above, on stderr)`);
} finally {
  for (const user of users) user.client.close();
  await server.stop();
}

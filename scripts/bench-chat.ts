/**
 * `npm run bench:chat`: 20 concurrent users ask over SSE on the demo data, through the real server
 * (HTTP, auth, fair-use bookkeeping, engine, persistence) in demo mode on an in-memory PGlite.
 * The server runs in its own process (scripts/bench/chat-server.ts), as it would behind real
 * clients; this process only sends questions and reads the streams. Prints the time to the first
 * `data:` event and to `[DONE]` (median and p95) against the targets. It reports; it never fails
 * on a missed target (exit 0).
 *
 *   npx tsx scripts/bench-chat.ts [--users 20] [--rounds 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:chat   # on PostgreSQL
 *   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench:chat   # profile the server
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startChatBenchServer } from './bench/chat-server-process';
import { chatQuestions } from './bench/questions';
import { median, ms, quantile } from './bench/stats';

const TARGET_FIRST_P95_MS = 150;
const TARGET_FULL_P95_MS = 400;

const { values } = parseArgs({
  options: { users: { type: 'string', default: '20' }, rounds: { type: 'string', default: '5' } },
});
const userCount = Math.max(1, Number(values.users) || 20);
const rounds = Math.max(1, Number(values.rounds) || 5);

const { base, users, stop } = await startChatBenchServer(userCount);
console.log(`bench:chat — ${userCount} users, ${rounds} rounds, demo data synced, server in its own process`);

async function ask(
  token: string,
  sessionId: string,
  message: string,
): Promise<{ first: number; full: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message, sessionId, timezone: 'America/New_York', model: 'arlo_auto' }),
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  let first = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(first) && text.includes('data: ')) first = performance.now() - started;
  }
  if (!text.includes('data: [DONE]')) throw new Error(`stream did not finish: ${text.slice(0, 200)}`);
  return { first, full: performance.now() - started };
}

const firsts: number[] = [];
const fulls: number[] = [];
try {
  // One unmeasured round warms the server's code paths, as a running server's would be.
  await Promise.all(
    users.map(({ token, sessionId }, i) =>
      ask(token, sessionId, chatQuestions[i % chatQuestions.length] as string),
    ),
  );
  for (let round = 0; round < rounds; round++) {
    const results = await Promise.all(
      users.map(({ token, sessionId }, i) =>
        ask(token, sessionId, chatQuestions[(i + round + 1) % chatQuestions.length] as string),
      ),
    );
    for (const r of results) {
      firsts.push(r.first);
      fulls.push(r.full);
    }
  }
} finally {
  await stop();
}
const line = (name: string, values: number[], target: number) => {
  const p95 = quantile(values, 0.95);
  return `${name}: median ${ms(median(values))}, p95 ${ms(p95)} (target p95 ≤ ${target} ms${p95 <= target ? '' : ', ABOVE TARGET'})`;
};
console.log(line('first event', firsts, TARGET_FIRST_P95_MS));
console.log(line('full answer', fulls, TARGET_FULL_P95_MS));

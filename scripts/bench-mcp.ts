/**
 * `npm run bench:mcp`: how long one MCP client waits for each tool, through the real server (HTTP,
 * token lookup, the SDK's transport, engine, persistence), against the chat answering the same
 * question over SSE in the same run. The server is the one `bench:chat` uses, in its own process,
 * in demo mode on an in-memory PGlite (or a throwaway PostgreSQL database with DATABASE_URL), with
 * one pro user. Calls are sequential: this measures latency, not load. Prints median, p95 and
 * min–max per tool, and MCP `ask` over the chat's full answer as a ratio. It never fails on a
 * number (exit 0).
 *
 *   npx tsx scripts/bench-mcp.ts [--rounds 5]   (at most 5: the per-minute question limit)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:mcp
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { addDays } from '../src/analyst/dates/calendar';
import { todayIn } from '../src/server/demo/seed';
import { startChatBenchServer } from './bench/chat-server-process';
import { chatQuestions } from './bench/questions';
import { max, median, min, ms, quantile } from './bench/stats';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
// The chat, MCP ask and MCP query share one user's 20 questions a minute: 3 a round, plus the
// warm-up round, so at most 5 measured rounds fit in one window.
const rounds = Math.min(5, Math.max(1, Number(values.rounds) || 5));

const { base, users, stop } = await startChatBenchServer(1);
const user = users[0];
if (!user) throw new Error('the bench server made no user');
const session = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };

/** The chat's answer to one question, read to `[DONE]`: the reference for MCP `ask`. */
async function chatAsk(message: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/ask`, {
    method: 'POST',
    headers: session,
    body: JSON.stringify({
      message,
      sessionId: user?.sessionId,
      timezone: 'America/New_York',
      model: 'arlo_auto',
    }),
  });
  const text = await response.text();
  if (!text.includes('data: [DONE]')) throw new Error(`the chat did not finish: ${text.slice(0, 200)}`);
  return performance.now() - started;
}

const made = await fetch(`${base}/api/mcp-tokens`, {
  method: 'POST',
  headers: session,
  body: JSON.stringify({ name: 'bench' }),
});
if (!made.ok) throw new Error(`no MCP token: ${made.status} ${await made.text()}`);
const { token } = (await made.json()) as { token: string };
const client = new Client({ name: 'arlo-bench', version: '1.0.0' });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  }),
);

const today = todayIn('America/New_York');
const typedQuery = {
  metrics: ['spend', 'roas', 'cpa'],
  dimensions: ['campaign'],
  time: { range: { start: addDays(today, -7), end: addDays(today, -1) } },
  order: { metric: 'spend', direction: 'desc' },
  limit: 10,
};

async function timed(call: () => Promise<{ isError?: unknown }>): Promise<number> {
  const started = performance.now();
  const result = await call();
  if (result.isError) throw new Error(`a tool failed: ${JSON.stringify(result).slice(0, 300)}`);
  return performance.now() - started;
}

const times: Record<string, number[]> = {
  chat: [],
  ask: [],
  query: [],
  list_accounts: [],
  describe_metrics: [],
};
const push = (name: string, value: number) => times[name]?.push(value);
try {
  // One unmeasured round warms the server's code paths, as a running server's would be.
  for (let round = -1; round < rounds; round++) {
    const question = chatQuestions[(round + 1) % chatQuestions.length] as string;
    const chat = await chatAsk(question);
    const ask = await timed(() => client.callTool({ name: 'ask', arguments: { question } }) as never);
    const query = await timed(() => client.callTool({ name: 'query', arguments: typedQuery }) as never);
    const accounts = await timed(() => client.callTool({ name: 'list_accounts', arguments: {} }) as never);
    const metrics = await timed(() => client.callTool({ name: 'describe_metrics', arguments: {} }) as never);
    if (round < 0) continue;
    push('chat', chat);
    push('ask', ask);
    push('query', query);
    push('list_accounts', accounts);
    push('describe_metrics', metrics);
  }
} finally {
  await client.close();
  await stop();
}

const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`bench:mcp — ${store}, 1 pro user, ${rounds} rounds, sequential calls, demo data synced`);
for (const [name, list] of Object.entries(times)) {
  const label = name === 'chat' ? 'chat /api/ask (reference)' : `MCP ${name}`;
  console.log(
    `${label}: median ${ms(median(list))}, p95 ${ms(quantile(list, 0.95))}, min–max ${ms(min(list))}–${ms(max(list))}`,
  );
}
const ratio = median(times.ask ?? []) / median(times.chat ?? []);
console.log(`MCP ask / chat ask (medians, same questions, same run): ${ratio.toFixed(2)}×`);

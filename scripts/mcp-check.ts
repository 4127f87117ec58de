/**
 * An MCP client from outside the project: it knows ARLO only by its URL, its public API and the
 * MCP SDK. It signs in (or takes a session token), makes a personal access token through
 * `POST /api/mcp-tokens`, connects to `POST /mcp` with the SDK's Streamable HTTP client, lists
 * the tools, calls ask and query and checks that their spend agrees, then revokes the token and
 * shows that it is refused. Exits 1 when any step does not hold.
 *
 *   npx tsx scripts/mcp-check.ts --url http://localhost:3000 --email you@example.com --password '…'
 *   npx tsx scripts/mcp-check.ts --url http://localhost:3000 --session <session bearer token>
 */
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    email: { type: 'string' },
    password: { type: 'string' },
    session: { type: 'string' },
  },
});
const base = values.url.replace(/\/$/, '');
let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function sessionToken(): Promise<string> {
  if (values.session) return values.session;
  if (!values.email || !values.password) throw new Error('give --email and --password, or --session');
  const login = await api('/auth/login', {
    method: 'POST',
    body: { email: values.email, password: values.password },
  });
  return String(login.token);
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'arlo-mcp-check', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/** A day in a time zone, YYYY-MM-DD, shifted by whole days. */
function dayIn(timeZone: string, offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const session = await sessionToken();
const created = await api('/api/mcp-tokens', { method: 'POST', token: session, body: { name: 'mcp-check' } });
const token = String(created.token);
console.log(`token ${String(created.id)} created (${token.slice(0, 13)}…)`);

const client = await connect(token);
console.log(`connected to ${client.getServerVersion()?.name} ${client.getServerVersion()?.version}`);
const { tools } = await client.listTools();
console.log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
check(
  ['ask', 'query', 'list_accounts', 'describe_metrics'].every((name) =>
    tools.some((tool) => tool.name === name),
  ),
  'the four tools are listed',
);

const listed = (await client.callTool({ name: 'list_accounts', arguments: {} })) as CallToolResult;
const accounts = (
  listed.structuredContent as {
    accounts: { account_id: string; name: string; currency: string; time_zone: string; active: boolean }[];
  }
).accounts;
for (const account of accounts)
  console.log(
    `account ${account.account_id} ${account.name} ${account.currency} ${account.time_zone} ${account.active ? 'active' : 'off'}`,
  );
const active = accounts
  .filter((account) => account.active)
  .sort((a, b) => a.account_id.localeCompare(b.account_id));
check(active.length > 0, 'at least one active account');

// ARLO's "today" is the first active account's date in its own time zone.
const zone = active[0]?.time_zone ?? 'UTC';
const range = { start: dayIn(zone, -7), end: dayIn(zone, -1) };
const query = (await client.callTool({
  name: 'query',
  arguments: { metrics: ['spend', 'purchases', 'roas'], dimensions: ['account'], time: { range } },
})) as CallToolResult;
check(!query.isError, 'query answered');
console.log(textOf(query));
const rows = (query.structuredContent as { rows: { spend: number | null }[] }).rows;
const total = rows.reduce((sum, row) => sum + (row.spend ?? 0), 0);
console.log(`query: spend ${range.start} to ${range.end} = ${money(total)}`);

const ask = (await client.callTool({
  name: 'ask',
  arguments: { question: 'How much did I spend in the last 7 days?' },
})) as CallToolResult;
check(!ask.isError, 'ask answered');
console.log(textOf(ask));
check(textOf(ask).includes(money(total)), `ask's answer states the query's total ${money(total)}`);

await api(`/api/mcp-tokens/${String(created.id)}`, { method: 'DELETE', token: session });
console.log('token revoked');
const refusal = await client.callTool({ name: 'list_accounts', arguments: {} }).then(
  () => undefined,
  (error: unknown) => error as { code?: number; message?: string },
);
check(refusal?.code === 401, `the revoked token is refused (${refusal?.code ?? 'accepted!'})`);
await client.close();
process.exit(failures === 0 ? 0 : 1);

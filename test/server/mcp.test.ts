import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { eq, sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { dimensionKeys } from '../../src/analyst/dimensions';
import { metricKeys } from '../../src/analyst/metrics';
import { queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import type { AssistantMessage } from '../../src/shared/api/answer';
import { CONNECT_ADS_MESSAGE } from '../../src/shared/api/chat';
import { formatNumber } from '../../src/shared/number-format';
import { connectDemoAccounts } from '../helpers/ad-accounts';
import type { TestApp } from '../helpers/app';
import { expect, test as it, SYNCED_SETUP_MS } from '../helpers/fixtures';
import { callTool, connectMcp, createMcpToken, textOf } from '../helpers/mcp-client';
import { bearer, userIdOf } from '../helpers/users';

// Many questions through the chat and MCP on a loaded 2-core machine.
const SYNCS_AND_ASKS_MS = 120_000;

// Users come connected and synced from the synced template.
it.override({ appDatabase: 'synced' });

let t: TestApp;
let baseUrl: string;
/** A Pro user (no daily quota), whose answers are compared with the chat's. */
let pro: { session: string; client: Client };

it.beforeAll(async ({ app, connectUser }) => {
  t = app;
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await connectUser();
  await t.testDatabase.database.db.update(users).set({ userType: 'pro' }).where(eq(users.id, user.id));
  pro = {
    session: user.token,
    client: await connectMcp(baseUrl, (await createMcpToken(t.app, user.token)).token),
  };
}, SYNCED_SETUP_MS);
// Before the app closes, which the fixtures do after the file's hooks.
it.afterAll(async () => {
  await pro?.client.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Asks in the chat, as the web app does, and returns the saved assistant messages of that answer. */
async function chatAsk(token: string, message: string, sessionId?: string) {
  const session =
    sessionId ??
    ((
      await t.app.inject({ method: 'POST', url: '/api/new-chat', headers: bearer(token), payload: {} })
    ).json().sessionId as string);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ask',
    headers: bearer(token),
    payload: { message, sessionId: session, timezone: 'UTC', model: 'arlo_pro' },
  });
  return { session, response };
}

async function lastAnswer(token: string, sessionId: string): Promise<AssistantMessage> {
  const history = (await get(`/api/sessions/${sessionId}`, token)).json().history.messages as {
    response?: AssistantMessage;
  }[];
  const last = history.at(-1)?.response;
  if (!last) throw new Error('no answer saved');
  return last;
}

const structured = <T>(result: { structuredContent?: unknown }) => result.structuredContent as T;

const today = () => todayIn(DEMO_TIME_ZONE);
const lastWeek = () => ({ start: addDays(today(), -7), end: addDays(today(), -1) });

/** Spend and purchases summed straight from the synced ad-day rows, per account. */
async function seededSums(accountIds: string[], range: { start: string; end: string }) {
  const rows = await queryRows<{ account_id: string; spend: string; purchases: string }>(
    t.testDatabase.database.db,
    sql`select account_id, sum(spend)::text as spend, sum(purchases)::text as purchases
      from meta_insights_daily
      where account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and day between ${range.start}::date and ${range.end}::date
      group by account_id`,
  );
  return new Map(
    rows.map((row) => [row.account_id, { spend: Number(row.spend), purchases: Number(row.purchases) }]),
  );
}

describe('the tools', () => {
  it('lists ask, query, list_accounts and describe_metrics, read-only, with schemas from the zod types', async () => {
    const { tools } = await pro.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'ask',
      'describe_metrics',
      'list_accounts',
      'query',
    ]);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    const ask = tools.find((tool) => tool.name === 'ask');
    expect(ask?.inputSchema.required).toEqual(['question']);
    expect(ask?.inputSchema.properties).toMatchObject({
      question: { type: 'string', maxLength: 2000 },
      conversation_id: { type: 'string', format: 'uuid' },
    });
    const query = tools.find((tool) => tool.name === 'query');
    expect(Object.keys(query?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['metrics', 'dimensions', 'time', 'filters', 'order', 'limit', 'having']),
    );
    const metrics = query?.inputSchema.properties?.metrics as { items: { enum: string[] } };
    expect(metrics.items.enum).toEqual(metricKeys);
  });

  it('describe_metrics gives every metric and dimension of the registries, with units', async () => {
    const result = await callTool(pro.client, 'describe_metrics');
    const { metrics, dimensions } = structured<{
      metrics: { key: string; unit: string; definition: string }[];
      dimensions: { key: string }[];
    }>(result);
    expect(metrics.map((m) => m.key)).toEqual(metricKeys);
    expect(dimensions.map((d) => d.key)).toEqual(dimensionKeys);
    expect(metrics.find((m) => m.key === 'roas')).toMatchObject({
      unit: 'multiplier',
      definition: expect.any(String),
    });
    expect(metrics.find((m) => m.key === 'spend')?.unit).toBe('money');
    expect(textOf(result)).toContain('| roas |');
  });

  it('list_accounts gives what Settings shows: currency, time zone, active flag and sync state', async () => {
    const { accounts } = structured<{
      accounts: {
        account_id: string;
        currency: string;
        time_zone: string;
        active: boolean;
        sync: { status: string };
      }[];
    }>(await callTool(pro.client, 'list_accounts'));
    const settings = (await get('/api/accounts', pro.session)).json().accounts as {
      account_id: string;
      currency: string;
      timezone: string;
      active: boolean;
    }[];
    expect(accounts.map((a) => [a.account_id, a.currency, a.time_zone, a.active, a.sync.status])).toEqual(
      settings.map((a) => [a.account_id, a.currency, a.timezone, a.active, 'ok']),
    );
  });

  it('query returns exact rows with units, the dates, the accounts and the conversion event', async () => {
    const range = lastWeek();
    const result = await callTool(pro.client, 'query', {
      metrics: ['spend', 'purchases', 'roas'],
      dimensions: ['account'],
      time: { range },
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const answer = structured<{
      dates: { start: string; end: string };
      columns: { key: string; unit: string }[];
      rows: { account_id: string; spend: number; purchases: number; currency: string }[];
      accounts: { account_id: string }[];
      conversion_event: { metric: string; action_types?: string[] }[];
    }>(result);
    expect(answer.dates).toEqual({ ...range, inclusive: true });
    const sums = await seededSums(
      answer.accounts.map((a) => a.account_id),
      range,
    );
    expect(answer.rows).toHaveLength(sums.size);
    for (const row of answer.rows) {
      expect(row.spend).toBeCloseTo(sums.get(row.account_id)?.spend ?? Number.NaN, 6);
      expect(row.purchases).toBe(sums.get(row.account_id)?.purchases);
      expect(row.currency).toBe('USD');
    }
    expect(answer.columns).toEqual(
      expect.arrayContaining([
        { key: 'spend', label: 'Spend', unit: 'money' },
        { key: 'roas', label: 'ROAS', unit: 'multiplier' },
      ]),
    );
    expect(answer.conversion_event).toContainEqual({
      metric: 'purchases',
      counts: expect.any(String),
      action_types: ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'],
    });
    // The text a model reads carries the same figures, formatted.
    const first = answer.rows[0];
    expect(textOf(result)).toContain(formatNumber(first?.spend ?? 0, 'money', 'USD'));
    expect(textOf(result)).toContain(`${range.start} to ${range.end}`);
  });

  it('query runs a comparison period as its own rows', async () => {
    const range = lastWeek();
    const compare = { start: addDays(range.start, -7), end: addDays(range.end, -7) };
    const result = await callTool(pro.client, 'query', { metrics: ['spend'], time: { range, compare } });
    const answer = structured<{
      rows: { spend: number }[];
      compare: { dates: { start: string; end: string }; rows: { spend: number }[] };
      accounts: { account_id: string }[];
    }>(result);
    const ids = answer.accounts.map((a) => a.account_id);
    const total = async (period: { start: string; end: string }) =>
      [...(await seededSums(ids, period)).values()].reduce((sum, account) => sum + account.spend, 0);
    expect(answer.rows[0]?.spend).toBeCloseTo(await total(range), 6);
    expect(answer.compare.dates).toEqual({ ...compare, inclusive: true });
    expect(answer.compare.rows[0]?.spend).toBeCloseTo(await total(compare), 6);
    expect(textOf(result)).toContain(`**Compared with:** ${compare.start} to ${compare.end}`);
  });

  it('query refuses bad arguments with an error naming the field', async () => {
    const range = lastWeek();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ metrics: ['profit'], time: { range } }, /metrics/],
      [{ metrics: ['spend'] }, /time/],
      [{ metrics: ['spend'], time: { range: { start: 'Nov 1', end: range.end } } }, /time\.range\.start/],
      [
        { metrics: ['spend'], time: { range: { start: '2025-02-30', end: range.end } } },
        /time\.range\.start/,
      ],
      [{ metrics: ['spend'], dimensions: ['age', 'country'], time: { range } }, /dimensions/],
      [{ metrics: ['spend'], time: { range }, limit: 0 }, /limit/],
    ];
    for (const [args, field] of cases) {
      const result = await callTool(pro.client, 'query', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(field);
    }
  });

  it(
    'ask gives the same answer as the chat, as markdown plus the assistant message',
    async () => {
      const question = 'How much did I spend in the last 7 days?';
      const chat = await chatAsk(pro.session, question);
      expect(chat.response.statusCode).toBe(200);
      const chatAnswer = await lastAnswer(pro.session, chat.session);

      const result = await callTool(pro.client, 'ask', { question });
      expect(result.isError, textOf(result)).toBeFalsy();
      const answer = structured<{ conversation_id: string; messages: AssistantMessage[] }>(result);
      expect(answer.messages).toHaveLength(1);
      expect(answer.messages[0]?.analytics).toEqual(chatAnswer.analytics);
      expect(answer.messages[0]?.reasoning).toEqual(chatAnswer.reasoning);
      // The figure is the sum of the synced rows, in the text a model reads too.
      const accounts = (await get('/api/accounts', pro.session)).json().accounts as { account_id: string }[];
      const sums = await seededSums(
        accounts.map((a) => a.account_id),
        lastWeek(),
      );
      const total = [...sums.values()].reduce((sum, account) => sum + account.spend, 0);
      expect(textOf(result)).toContain(formatNumber(total, 'money', 'USD'));
      expect(textOf(result)).toContain('How this was computed');
      // The conversation is an ARLO chat session of the owner's, with the question and the answer.
      const history = (await get(`/api/sessions/${answer.conversation_id}`, pro.session)).json();
      expect(history.history.messages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'lynceus']);
    },
    SYNCS_AND_ASKS_MS,
  );

  it(
    'follows up inside a conversation exactly as the chat does',
    async () => {
      const first = 'Top 3 campaigns by spend in the last 7 days';
      const followUp = 'and last month?';
      const chat = await chatAsk(pro.session, first);
      await chatAsk(pro.session, followUp, chat.session);
      const chatAnswer = await lastAnswer(pro.session, chat.session);

      const opened = structured<{ conversation_id: string }>(
        await callTool(pro.client, 'ask', { question: first }),
      );
      const result = await callTool(pro.client, 'ask', {
        question: followUp,
        conversation_id: opened.conversation_id,
      });
      const answer = structured<{ conversation_id: string; messages: AssistantMessage[] }>(result);
      expect(answer.conversation_id).toBe(opened.conversation_id);
      expect(answer.messages[0]?.analytics).toEqual(chatAnswer.analytics);
      expect(JSON.stringify(answer.messages[0]?.reasoning)).toContain('Period');
      // Without the conversation, the same words are not read as a follow-up.
      const alone = structured<{ messages: AssistantMessage[] }>(
        await callTool(pro.client, 'ask', { question: followUp }),
      );
      expect(alone.messages[0]?.analytics).not.toEqual(chatAnswer.analytics);
    },
    SYNCS_AND_ASKS_MS,
  );

  it('ask refuses bad arguments naming the field, and never reads another user’s conversation', async ({
    connectUser,
  }) => {
    for (const [args, field] of [
      [{}, /question/],
      [{ question: 'x'.repeat(2001) }, /question/],
      [{ question: 'Spend yesterday', conversation_id: 'nope' }, /conversation_id/],
    ] as const) {
      const result = await callTool(pro.client, 'ask', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(field);
    }
    const { session: strangersChat } = await chatAsk(pro.session, 'Spend yesterday');
    const before = (await get(`/api/sessions/${strangersChat}`, pro.session)).json().history.messages.length;
    const other = (await connectUser()).token;
    const client = await connectMcp(baseUrl, (await createMcpToken(t.app, other)).token);
    const result = await callTool(client, 'ask', {
      question: 'and last month?',
      conversation_id: strangersChat,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/conversation_id/);
    expect((await get(`/api/sessions/${strangersChat}`, pro.session)).json().history.messages).toHaveLength(
      before,
    );
    await client.close();
  });
});

describe('limits and scope', () => {
  it(
    'a free user’s MCP questions count against the same 3 a day as the chat’s',
    async ({ connectedUser }) => {
      const session = connectedUser.token;
      const client = await connectMcp(baseUrl, (await createMcpToken(t.app, session)).token);
      for (const question of ['Spend yesterday', 'Clicks yesterday']) {
        const { response } = await chatAsk(session, question);
        expect(response.payload).toContain('"type":"analytics"');
      }
      const third = await callTool(client, 'ask', { question: 'Impressions yesterday' });
      expect(third.isError, textOf(third)).toBeFalsy();
      const fourth = await callTool(client, 'ask', { question: 'Reach yesterday' });
      expect(fourth.isError).toBe(true);
      expect(textOf(fourth)).toContain('You have used your 3 free questions for today');
      expect(structured<{ quota_exceeded: boolean }>(fourth).quota_exceeded).toBe(true);
      const { response } = await chatAsk(session, 'CTR yesterday');
      expect(response.payload).toContain('"type":"quota_exceeded"');
      // query reads numbers without using up questions.
      const query = await callTool(client, 'query', { metrics: ['spend'], time: { range: lastWeek() } });
      expect(query.isError, textOf(query)).toBeFalsy();
      await client.close();
    },
    SYNCS_AND_ASKS_MS,
  );

  it('ask refuses as the chat does: no connected ads, then a paused subscription', async ({
    signedUpUser,
  }) => {
    const session = signedUpUser.token;
    const client = await connectMcp(baseUrl, (await createMcpToken(t.app, session)).token);
    const unconnected = await callTool(client, 'ask', { question: 'Spend yesterday' });
    expect(unconnected.isError).toBe(true);
    expect(textOf(unconnected)).toBe(CONNECT_ADS_MESSAGE);
    const query = await callTool(client, 'query', { metrics: ['spend'], time: { range: lastWeek() } });
    expect(query.isError).toBe(true);
    expect(textOf(query)).toContain('You have no active ad accounts');
    await connectDemoAccounts(t.app, session);
    const { db } = t.testDatabase.database;
    await db.update(users).set({ status: 'paused' }).where(eq(users.id, signedUpUser.id));
    const paused = await callTool(client, 'ask', { question: 'Spend yesterday' });
    expect(paused.isError).toBe(true);
    expect(textOf(paused)).toBe('Your subscription is paused. Please resume your plan to keep asking.');
    await client.close();
  });

  it('chat and MCP questions share the 20-a-minute limit', async ({ connectedUser }) => {
    const session = connectedUser.token;
    const client = await connectMcp(baseUrl, (await createMcpToken(t.app, session)).token);
    for (let i = 0; i < 20; i++) {
      const result = await callTool(client, 'query', { metrics: ['spend'], time: { range: lastWeek() } });
      expect(result.isError, `query ${i + 1}: ${textOf(result)}`).toBeFalsy();
    }
    const chat = await chatAsk(session, 'Spend yesterday');
    expect(chat.response.statusCode).toBe(429);
    expect(chat.response.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const ask = await callTool(client, 'ask', { question: 'Spend yesterday' });
    expect(ask.isError).toBe(true);
    expect(textOf(ask)).toContain('You are asking very quickly');
    await client.close();
  });

  it('reads only active accounts', async () => {
    const accounts = (await get('/api/accounts', pro.session)).json().accounts as { account_id: string }[];
    const off = accounts[1]?.account_id ?? '';
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${off}/status`,
      headers: bearer(pro.session),
      payload: { active: false },
    });
    expect(switched.statusCode).toBe(200);
    const listed = structured<{ accounts: { account_id: string; active: boolean }[] }>(
      await callTool(pro.client, 'list_accounts'),
    );
    expect(listed.accounts.find((a) => a.account_id === off)?.active).toBe(false);
    const query = structured<{ rows: { account_id: string }[]; accounts: { account_id: string }[] }>(
      await callTool(pro.client, 'query', {
        metrics: ['spend'],
        dimensions: ['account'],
        // Even when asked for by id.
        filters: [{ dimension: 'account', values: accounts.map((a) => a.account_id) }],
        time: { range: lastWeek() },
      }),
    );
    expect(query.rows.map((row) => row.account_id)).not.toContain(off);
    expect(query.rows.length).toBe(accounts.length - 1);
    expect(query.accounts.map((a) => a.account_id)).not.toContain(off);
    const ask = structured<{ messages: AssistantMessage[] }>(
      await callTool(pro.client, 'ask', { question: 'Spend by account in the last 7 days' }),
    );
    expect(JSON.stringify(ask.messages)).not.toContain(off);
    expect(userIdOf(pro.session)).toBeTruthy();
  });
});

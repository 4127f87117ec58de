import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatValue } from '../../src/analyst/compose/evidence';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { type AnalystRequest, answerQuestion } from '../../src/analyst/engine';
import { executeQuery, type Scope } from '../../src/analyst/executor';
import type { LlmConfig } from '../../src/analyst/llm/client';
import { numbersIn, onlyKnownNumbers } from '../../src/analyst/llm/phrase-reasoning';
import type { AnalyticsQueryInput } from '../../src/analyst/query';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const TODAY = '2026-11-20';
// The parser finds no metric, level keyword or report here, so it asks to clarify.
const UNMAPPED = 'Tell me something interesting about my ads';
const SPEND_QUESTION = 'How much did I spend in the last 7 days?';

/** What the fake model answers: a tool call, a text, an HTTP error, or nothing at all. */
type Reply =
  | { kind: 'tool'; input: unknown }
  /** A tool call whose arguments are sent as given, JSON or not. */
  | { kind: 'rawTool'; arguments: string }
  | { kind: 'text'; content: string | ((prompt: string) => string) }
  | { kind: 'error' }
  | { kind: 'hang' };

interface Received {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    tools?: { function: { name: string; parameters: Record<string, unknown> } }[];
  };
}

/** A minimal OpenAI-compatible server: POST /v1/chat/completions, non-streaming, scripted replies. */
class FakeModel {
  received: Received[] = [];
  /** Replies to requests that offer tools (mapping) and to those that do not (phrasing). */
  mapReply: Reply = { kind: 'error' };
  phraseReply: Reply = { kind: 'error' };
  private server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    // Hanging requests would otherwise keep close() waiting.
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as Received['body'];
    this.received.push({ path: req.url, authorization: req.headers.authorization, body });
    const reply = body.tools?.length ? this.mapReply : this.phraseReply;
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'scripted failure' } }));
      return;
    }
    const prompt = body.messages.at(-1)?.content ?? '';
    const toolCall = reply.kind === 'tool' || reply.kind === 'rawTool';
    const message = toolCall
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: {
                name: 'run_analytics_query',
                arguments: reply.kind === 'tool' ? JSON.stringify(reply.input) : reply.arguments,
              },
            },
          ],
        }
      : {
          role: 'assistant',
          content: typeof reply.content === 'function' ? reply.content(prompt) : reply.content,
        };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, message, finish_reason: toolCall ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  }
}

const items = (item: ContentItem): ContentItem[] => (item.data ?? []) as ContentItem[];

let testDb: TestDatabase;
let scope: Scope;
const fake = new FakeModel();
let llm: LlmConfig;

function ask(question: string, extra: Partial<AnalystRequest> = {}, history: string[] = []) {
  return answerQuestion(
    { db: testDb.database.db, scope, today: TODAY, model: 'arlo_pro', llm, ...extra },
    question,
    history,
  );
}

/**
 * What the engine alone answers the unparsed question: a decline, with an error section saying what
 * it could not read. Asked without the model, so the scripted server sees nothing.
 */
async function declined() {
  const { message } = await ask(UNMAPPED, { model: 'arlo_auto' });
  expect(message.error?.content).toMatch(/\w/);
  return message;
}

/** The requests that offered the mapping tool, as opposed to phrasing requests. */
const mappingRequests = () => fake.received.filter((request) => request.body.tools?.length);

beforeAll(async () => {
  testDb = await createTestDatabase();
  const dataset = generateDemoData({ today: TODAY });
  await loadDataset(testDb.database.db, dataset);
  scope = { accountIds: dataset.adAccounts.map((account) => account.account_id) };
  llm = { baseUrl: await fake.start(), apiKey: 'test-key', model: 'fake-model', timeoutMs: 2000 };
});

afterAll(async () => {
  await fake.stop();
  await testDb?.drop();
});

beforeEach(() => {
  fake.received = [];
  fake.mapReply = { kind: 'error' };
  fake.phraseReply = { kind: 'error' };
});

// A valid mapping: top 3 campaigns by spend over the last 7 days.
const query: AnalyticsQueryInput = {
  metrics: ['spend', 'clicks'],
  dimensions: ['campaign'],
  time: { range: { start: '2026-11-13', end: '2026-11-19' } },
  order: { metric: 'spend', direction: 'desc' },
  limit: 3,
};

describe('mapping an unparsed question with the language model', () => {
  it('answers a valid tool call with the executor’s numbers', async () => {
    fake.mapReply = { kind: 'tool', input: query };
    const answer = await ask(UNMAPPED);

    expect(answer.plan.kind).toBe('clarify');
    expect(answer.mappedQuery).toMatchObject(query);
    const direct = await executeQuery(testDb.database.db, scope, query);
    expect(direct.rows.length).toBeGreaterThan(0);
    const [headline, figures, chart] = items(answer.message.analytics);
    const top = direct.rows[0] as DataRow;
    expect(headline?.content).toContain(String(top.campaign));
    expect(headline?.content).toContain(formatValue(top.spend as number, 'money', String(top.currency)));
    expect(((figures?.data ?? []) as DataRow[]).map((row) => [row.campaign, row.spend, row.clicks])).toEqual(
      direct.rows.map((row) => [row.campaign, row.spend, row.clicks]),
    );
    expect(chart?.type).toBe('bar_chart');
    // Every number the headline shows was recorded as evidence, as in any other answer.
    const shown = answer.evidence.map((entry) => entry.shown);
    expect(onlyKnownNumbers(String(headline?.content), shown)).toBe(true);
    expect(answer.queries[0]?.rows).toEqual(direct.rows);
    expect(answer.message.reasoning.content).toContain('language model');

    // The request carried the key, the model and one tool whose schema is the query schema.
    const mapping = fake.received[0];
    expect(mapping?.authorization).toBe('Bearer test-key');
    expect(mapping?.body.model).toBe('fake-model');
    expect(mapping?.body.tools?.map((t) => t.function.name)).toEqual(['run_analytics_query']);
    expect(JSON.stringify(mapping?.body.tools?.[0]?.function.parameters)).toContain('"roas"');
    expect(mapping?.body.messages[0]?.content).toContain(`today is ${TODAY}`);
  });

  it('hands the figures over before the insights, as the finished answer has them', async () => {
    fake.mapReply = { kind: 'tool', input: query };
    const seen: { analytics: ContentItem; suggestions: string[] }[] = [];
    const answer = await ask(UNMAPPED, {
      onAnalytics: (analytics, suggestions) => void seen.push({ analytics, suggestions }),
    });
    expect(answer.mappedQuery).toMatchObject(query);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.analytics).toEqual(answer.message.analytics);
    expect(seen[0]?.suggestions).toEqual(answer.message.suggestions);
  });

  it.each<[string, Reply]>([
    ['an unknown metric', { kind: 'tool', input: { ...query, metrics: ['happiness'] } }],
    [
      'more dimensions than a query takes',
      { kind: 'tool', input: { ...query, dimensions: ['campaign', 'adset', 'ad', 'day'] } },
    ],
    [
      'a day that is not on the calendar',
      { kind: 'tool', input: { ...query, time: { range: { start: '2026-02-30', end: '2026-03-02' } } } },
    ],
    ['arguments that are not JSON', { kind: 'rawTool', arguments: '{"metrics": ["spend"' }],
  ])('declines deterministically, without throwing, on a tool call with %s', async (_case, reply) => {
    fake.mapReply = reply;
    const answer = await ask(UNMAPPED);
    expect(mappingRequests()).toHaveLength(1);
    expect(answer.mappedQuery).toBeUndefined();
    expect(answer.queries).toEqual([]);
    expect(answer.message).toEqual(await declined());
  });

  it('shows the model the conversation’s earlier questions, oldest first', async () => {
    fake.mapReply = { kind: 'tool', input: query };
    const earlier = [
      'How much did I spend in the last 7 days?',
      'Which campaigns had the best ROAS last month?',
    ];
    const answer = await ask(UNMAPPED, {}, earlier);
    expect(answer.mappedQuery).toMatchObject(query);
    const prompt = mappingRequests()[0]?.body.messages.at(-1)?.content ?? '';
    const [first = '', second = ''] = earlier;
    expect(prompt).toContain(first);
    expect(prompt.indexOf(first)).toBeLessThan(prompt.indexOf(second));
    expect(prompt.indexOf(second)).toBeLessThan(prompt.indexOf(UNMAPPED));

    // A question without a conversation goes to the model on its own.
    fake.received = [];
    await ask(UNMAPPED);
    expect(mappingRequests()[0]?.body.messages.at(-1)?.content).toBe(UNMAPPED);
  });

  it('never calls the model for a question the grammar covers, follow-up or not', async () => {
    fake.mapReply = { kind: 'tool', input: query };
    fake.phraseReply = { kind: 'text', content: 'rewritten' };
    const deterministic = await ask(SPEND_QUESTION, { model: 'arlo_auto' });
    const answer = await ask(SPEND_QUESTION);
    const withHistory = await ask(SPEND_QUESTION, {}, ['Which campaigns had the best ROAS last month?']);
    expect(fake.received).toHaveLength(0);
    expect(answer.message).toEqual(deterministic.message);
    expect(answer.mappedQuery).toBeUndefined();
    expect(withHistory.mappedQuery).toBeUndefined();
  });

  it('rejects a tool call that filters on an id outside the caller’s catalog', async () => {
    fake.mapReply = {
      kind: 'tool',
      input: { ...query, filters: [{ dimension: 'campaign', values: ['not-a-campaign-id'] }] },
    };
    const answer = await ask(UNMAPPED);
    expect(answer.mappedQuery).toBeUndefined();
    expect(answer.message).toEqual(await declined());
  });

  it('offers the segments to the model and checks their values like ids', async () => {
    fake.mapReply = {
      kind: 'tool',
      input: { ...query, filters: [{ dimension: 'country', values: ['United Kingdom'] }] },
    };
    const rejected = await ask(UNMAPPED);
    expect(rejected.mappedQuery).toBeUndefined();
    const system =
      mappingRequests()
        .at(-1)
        ?.body.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toMatch(/- placement \(placement\): "platform\|position": facebook\|feed/);
    expect(system).toMatch(/- country \(country\): ISO 3166 two-letter codes/);
    expect(system).toMatch(/Never combine two breakdowns/);

    fake.mapReply = { kind: 'tool', input: { ...query, dimensions: ['age'] } };
    const split = await ask(UNMAPPED);
    expect(split.mappedQuery).toMatchObject({ dimensions: ['age'] });
    // Answered from the age rows, or declined naming the missing breakdown: never zeros.
    const shown = JSON.stringify(split.message.analytics);
    expect(split.message.error?.content ?? shown).toMatch(/age and gender breakdown|"age":/);
  });

  it('falls back to the clarify answer when the model answers with text instead of a tool call', async () => {
    fake.mapReply = { kind: 'text', content: 'You spent about $5 million.' };
    const answer = await ask(UNMAPPED);
    expect(answer.mappedQuery).toBeUndefined();
    expect(answer.message).toEqual(await declined());
  });
});

describe('phrasing the reasoning of a mapped answer', () => {
  // With the phrasing step failing (the default script), the mapped answer keeps the engine's text.
  beforeEach(() => {
    fake.mapReply = { kind: 'tool', input: query };
  });

  it('keeps the deterministic text when the rewrite invents a number', async () => {
    const deterministic = await ask(UNMAPPED);
    fake.received = [];
    fake.phraseReply = { kind: 'text', content: 'You spent $999,999.99 over the last 7 days.' };
    const answer = await ask(UNMAPPED);
    expect(fake.received).toHaveLength(2);
    expect(answer.message.reasoning).toEqual(deterministic.message.reasoning);
  });

  it('uses a rewrite whose numbers all come from the facts', async () => {
    const deterministic = await ask(UNMAPPED);
    const original = String(deterministic.message.reasoning.content);
    const firstLine = original.split('\n')[0] ?? '';
    const rewrite = `In plain words: ${firstLine.replace('- **Period:** ', '')}`;
    fake.phraseReply = {
      kind: 'text',
      // The prompt carries the deterministic text, so the model has what it needs to rephrase.
      content: (prompt) => (prompt.includes(firstLine) ? rewrite : 'prompt without the text'),
    };
    const answer = await ask(UNMAPPED);
    expect(answer.message.reasoning.content).toBe(rewrite);
    expect(answer.message.reasoning.header).toBe(deterministic.message.reasoning.header);
    expect(answer.message.analytics).toEqual(deterministic.message.analytics);
    expect(answer.evidence).toEqual(deterministic.evidence);
  });
});

describe('when the model is unreachable', () => {
  it('answers deterministically when the server is down', async () => {
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise((resolve) => down.close(resolve));
    const offline = { ...llm, baseUrl: `http://127.0.0.1:${port}/v1` };

    const unmapped = await ask(UNMAPPED, { llm: offline });
    expect(unmapped.message).toEqual(await declined());
  });

  it('answers deterministically when the server does not reply in time', async () => {
    fake.mapReply = { kind: 'hang' };
    fake.phraseReply = { kind: 'hang' };
    const slow = { ...llm, timeoutMs: 300 };
    const started = Date.now();
    const answer = await ask(UNMAPPED, { llm: slow });
    expect(answer.message).toEqual(await declined());
    // Only the mapping was tried: an unmapped question's decline is not the model's to phrase.
    expect(fake.received).toHaveLength(1);

    // Mapped, but the phrasing hangs: the engine's own reasoning stands.
    fake.mapReply = { kind: 'tool', input: query };
    const mapped = await ask(UNMAPPED, { llm: slow });
    expect(mapped.mappedQuery).toMatchObject(query);
    expect(mapped.message.reasoning.content).toContain('language model');
    expect(fake.received).toHaveLength(3);
    // One attempt per step: no retries multiplying the wait.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('without the pro model or the configuration', () => {
  it('never calls the model for arlo_auto, or for arlo_pro without LLM settings', async () => {
    fake.mapReply = {
      kind: 'tool',
      input: { metrics: ['spend'], time: { range: { start: TODAY, end: TODAY } } },
    };
    fake.phraseReply = { kind: 'text', content: 'rewritten' };
    const auto = await ask(UNMAPPED, { model: 'arlo_auto' });
    const unset = await ask(UNMAPPED, { llm: undefined });
    const defaulted = await answerQuestion({ db: testDb.database.db, scope, today: TODAY, llm }, UNMAPPED);
    expect(fake.received).toHaveLength(0);
    expect(auto.plan.kind).toBe('clarify');
    expect(unset.message).toEqual(auto.message);
    expect(defaulted.message).toEqual(auto.message);
  });
});

describe('the number check', () => {
  it('reads numbers with separators, decimals and signs as magnitudes', () => {
    expect(numbersIn('Spend $1,234.50 (−17.2%) over 7 days, 2026')).toEqual([1234.5, 17.2, 7, 2026]);
  });

  it('accepts the same number written differently and rejects a new one', () => {
    expect(onlyKnownNumbers('CPA 12.50 on 1234.5', ['CPA $12.5, spend $1,234.50'])).toBe(true);
    expect(onlyKnownNumbers('CPA 12.51', ['CPA $12.5'])).toBe(false);
  });
});

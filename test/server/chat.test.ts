import { eq, inArray, sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { activeScope } from '../../src/server/accounts/accounts';
import { metaSyncState, users } from '../../src/server/db/schema';
import { settledAccounts } from '../helpers/ad-accounts';
import type { TestApp } from '../helpers/app';
import { expect, test as it, SYNCED_SETUP_MS } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

// Users come connected and synced from the synced template. A test that runs out of its users
// connects more and waits for their sync, which on a loaded 2-core CI machine can use most of the
// default 30 s; the test checks behaviour, not speed, and the benchmarks time it.
const SYNCS_AND_ASKS_MS = 90_000;

// Demo mode: the built-in simulator stands in for Facebook.
it.override({ appDatabase: 'synced' });

let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
}, SYNCED_SETUP_MS);

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** The `data:` payloads of a finished stream, in order. */
function events(payload: string): (Record<string, unknown> | '[DONE]')[] {
  return payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => {
      const data = block.slice(6);
      return data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Record<string, unknown>);
    });
}
const types = (payload: string) => events(payload).map((e) => (e === '[DONE]' ? e : e.type));

async function ask(token: string, message: string, sessionId?: string) {
  const session = sessionId ?? ((await get('/api/sessions/current', token)).json().sessionId as string);
  return {
    session,
    response: await post('/api/ask', token, {
      message,
      sessionId: session,
      timezone: 'America/New_York',
      model: 'arlo_auto',
    }),
  };
}

describe('asking', () => {
  let token: string;
  it.beforeAll(async ({ connectUser }) => {
    token = (await connectUser()).token;
  });

  it('streams analytics, then reasoning, then actionable insights, then [DONE], unbuffered', async () => {
    const { response } = await ask(token, 'How much did I spend in the last 7 days?');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(response.headers['x-accel-buffering']).toBe('no');
    expect(types(response.payload)).toEqual(['analytics', 'reasoning', 'actionable_insights', '[DONE]']);
    const [analytics] = events(response.payload) as Record<string, unknown>[];
    expect(analytics).toHaveProperty('suggestions');
    expect(analytics).toHaveProperty('error');
    expect(analytics).toHaveProperty('settings');
  });

  it('streams a report section by section, order 0 first, then report_complete', async () => {
    const { response } = await ask(token, 'Performance report');
    const sequence = events(response.payload);
    const complete = sequence.at(-2) as Record<string, unknown>;
    expect(complete.type).toBe('report_complete');
    const total = complete.total_sections as number;
    expect(total).toBeGreaterThan(1);
    expect(complete.total_requested).toBe(total);
    const expected: string[] = [];
    for (let order = 0; order < total; order++) {
      expected.push('report_section', 'report_section_reasoning', 'report_section_actionable');
    }
    expect(types(response.payload)).toEqual([...expected, 'report_complete', '[DONE]']);
    const orders = sequence.filter(
      (e): e is Record<string, unknown> => e !== '[DONE]' && e.type === 'report_section',
    );
    expect(orders.map((e) => e.order)).toEqual([...Array(total).keys()]);
  });

  it('keeps the conversation: a reload shows the same messages and content types', async () => {
    const { session, response } = await ask(token, 'Top 5 campaigns by spend in the last 30 days');
    const streamed = events(response.payload)[0] as { analytics: { type: string } };
    const history = (await get(`/api/sessions/${session}`, token)).json();
    const messages = history.history.messages as {
      sender: string;
      type: string;
      content?: string;
      response?: { analytics: { type: string } };
    }[];
    const last = messages.slice(-2);
    expect(last[0]).toMatchObject({
      sender: 'user',
      type: 'message',
      content: 'Top 5 campaigns by spend in the last 30 days',
    });
    expect(last[1]).toMatchObject({ sender: 'lynceus', type: 'response' });
    expect(last[1]?.response?.analytics.type).toBe(streamed.analytics.type);
    expect(last[1]?.response?.analytics).toEqual(streamed.analytics);
    // Row keys keep their order too: a table's columns follow them (jsonb would sort them).
    const firstRowKeys = (item: unknown) =>
      Object.keys(
        ((item as { data: { type: string; data?: Record<string, unknown>[] }[] }).data.find(
          (i) => i.type === 'table',
        )?.data ?? [{}])[0] ?? {},
      );
    expect(firstRowKeys(last[1]?.response?.analytics)).toEqual(firstRowKeys(streamed.analytics));
    expect(firstRowKeys(streamed.analytics)[0]).toBe('campaign');
    expect(history.title).toBe('How much did I spend in the last 7 days?');
    const recent = (await get('/api/sessions/recent', token)).json().sessions as { sessionId: string }[];
    expect(recent.map((s) => s.sessionId)).toContain(session);
  });

  it('saves the question and the whole answer even when the client leaves mid-stream', async ({
    connectedUser,
  }) => {
    // Its own user: the first one has used the free plan's three questions by now.
    const leaver = connectedUser.token;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sessionId = (await post('/api/new-chat', leaver, {})).json().sessionId as string;
    const controller = new AbortController();
    const response = await fetch(`${address}/api/ask`, {
      method: 'POST',
      headers: { ...bearer(leaver), 'content-type': 'application/json' },
      body: JSON.stringify({
        message: 'What was my CTR last week?',
        sessionId,
        timezone: 'UTC',
        model: 'arlo_auto',
      }),
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    for (let i = 0; i < 100; i++) {
      const messages = (await get(`/api/sessions/${sessionId}`, leaver)).json().history.messages as {
        sender: string;
      }[];
      if (messages.length >= 2) {
        expect(messages.map((m) => m.sender)).toEqual(['user', 'lynceus']);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the answer was not saved');
  });

  it('checks its input: model, length, blank, session and token', async () => {
    const sessionId = (await get('/api/sessions/current', token)).json().sessionId;
    const body = { message: 'Spend last 7 days', sessionId, timezone: 'UTC', model: 'arlo_auto' };
    const badModel = await post('/api/ask', token, { ...body, model: 'gpt-4' });
    expect(badModel.statusCode).toBe(400);
    expect(badModel.json().message).toMatch(/arlo_auto or arlo_pro/);
    const long = await post('/api/ask', token, { ...body, message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/too long/);
    expect((await post('/api/ask', token, { ...body, message: '   ' })).statusCode).toBe(400);
    expect((await post('/api/ask', token, { ...body, timezone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await post('/api/ask', token, { ...body, sessionId: 'nope' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/ask', payload: body });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('limits and isolation', () => {
  it('a free user gets exactly 3 answers out of 10 parallel asks; the rest are offered Pro', async ({
    connectedUser,
  }) => {
    const { token } = connectedUser;
    const sessionId = (await get('/api/sessions/current', token)).json().sessionId as string;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/ask', token, {
          message: 'Spend in the last 7 days',
          sessionId,
          timezone: 'UTC',
          model: 'arlo_auto',
        }),
      ),
    );
    const kinds = results.map((r) => types(r.payload)[0]);
    expect(kinds.filter((k) => k === 'analytics')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'quota_exceeded')).toHaveLength(7);
    const offer = results
      .map((r) => events(r.payload)[0])
      .find((e) => e !== '[DONE]' && e?.type === 'quota_exceeded');
    expect(offer).toMatchObject({ upgradeUrl: '/plans' });
    expect(String((offer as Record<string, unknown>).message)).toMatch(/Pro/);
  });

  it(
    "no user reaches another user's sessions",
    async ({ connectUser }) => {
      const owner = (await connectUser()).token;
      const stranger = (await connectUser()).token;
      const { session } = await ask(owner, 'Spend in the last 7 days');
      expect((await get(`/api/sessions/${session}`, stranger)).statusCode).toBe(404);
      const intrude = await post('/api/ask', stranger, {
        message: 'hi',
        sessionId: session,
        timezone: 'UTC',
        model: 'arlo_auto',
      });
      expect(intrude.statusCode).toBe(404);
      // Nothing was written into the owner's session either.
      const ownersMessages = (await get(`/api/sessions/${session}`, owner)).json().history.messages as {
        content?: string;
      }[];
      expect(ownersMessages.map((m) => m.content)).not.toContain('hi');
      expect(ownersMessages).toHaveLength(2);
      const fresh = (await post('/api/new-chat', stranger, { sessionId: session })).json().sessionId;
      expect(fresh).not.toBe(session);
      const strangersRecent = (await get('/api/sessions/recent', stranger)).json().sessions as {
        sessionId: string;
      }[];
      expect(strangersRecent.map((s) => s.sessionId)).not.toContain(session);
    },
    SYNCS_AND_ASKS_MS,
  );

  it('Pro has no daily quota, only a fair-use limit of 20 questions a minute with a clear 429', async ({
    connectedUser,
    connectUser,
  }) => {
    const { token } = connectedUser;
    const { db } = t.testDatabase.database;
    await db.update(users).set({ userType: 'pro' }).where(eq(users.id, connectedUser.id));
    const sessionId = (await get('/api/sessions/current', token)).json().sessionId as string;
    const body = { message: 'Spend in the last 7 days', sessionId, timezone: 'UTC', model: 'arlo_auto' };
    for (let i = 0; i < 20; i++) {
      const answered = await post('/api/ask', token, body);
      expect(types(answered.payload)[0], `question ${i + 1}`).toBe('analytics');
    }
    const limited = await post('/api/ask', token, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You are asking very quickly. Please wait a minute and try again.',
    });
    // The limit is the user's own: another user asks on.
    const other = (await connectUser()).token;
    const otherSession = (await get('/api/sessions/current', other)).json().sessionId as string;
    const answered = await post('/api/ask', other, { ...body, sessionId: otherSession });
    expect(types(answered.payload)[0]).toBe('analytics');
  });

  it("a sync moves the scope's data version, so cached names are read again", async ({ connectedUser }) => {
    const { token, id } = connectedUser;
    const { db } = t.testDatabase.database;
    const before = await activeScope(db, id);
    expect(before.dataVersion).toContain(before.accountIds[0]);
    const accountId = before.accountIds[0] ?? '';
    expect((await post(`/api/accounts/${accountId}/sync`, token, {})).statusCode).toBe(200);
    await settledAccounts(t.app, token);
    const after = await activeScope(db, id);
    expect(after.accountIds).toEqual(before.accountIds);
    expect(after.dataVersion).not.toBe(before.dataVersion);
  });

  it('with Meta down, answers from the last synced data and says how old it is', async ({
    connectedUser,
    graph,
  }) => {
    const { token, id } = connectedUser;
    const { db } = t.testDatabase.database;
    const { accountIds } = await activeScope(db, id);
    await db
      .update(metaSyncState)
      .set({ lastSuccessAt: sql`now() - interval '7 hours'` })
      .where(inArray(metaSyncState.accountId, accountIds));
    graph.injectFault({ kind: 'server_error', status: 503, times: 10_000 });
    try {
      const { response } = await ask(token, 'How much did I spend in the last 7 days?');
      expect(types(response.payload)).toEqual(['analytics', 'reasoning', 'actionable_insights', '[DONE]']);
      const [analytics] = events(response.payload) as { analytics: unknown; error: { content: string } }[];
      expect(analytics?.analytics).toBeTruthy();
      expect(analytics?.error.content).toMatch(/could not be reached.*last sync, 7 hours ago/);
    } finally {
      graph.clearFaults();
    }
  });

  it('without Facebook or Google permission, asking is refused with the SPEC message', async ({
    signedUpUser,
  }) => {
    const { token } = signedUpUser;
    const sessionId = (await get('/api/sessions/current', token)).json().sessionId;
    const refused = await post('/api/ask', token, {
      message: 'Spend last 7 days',
      sessionId,
      timezone: 'UTC',
      model: 'arlo_auto',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Please connect your ads account in Settings to continue.');
  });
});

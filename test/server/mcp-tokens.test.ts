import { eq } from 'drizzle-orm';
import { describe } from 'vitest';
import { mcpTokens } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/mcp/tokens';
import { MCP_TOKENS_LIMIT_MESSAGE, MCP_TOKENS_PER_USER } from '../../src/shared/api/mcp-tokens';
import type { TestApp } from '../helpers/app';
import { expect, test as it, SYNCED_SETUP_MS } from '../helpers/fixtures';
import { callTool, connectMcp, createMcpToken } from '../helpers/mcp-client';
import { bearer } from '../helpers/users';

// The owner comes connected from the synced template: what is tested is the tokens, not the connect.
it.override({ appDatabase: 'synced' });

let t: TestApp;
let baseUrl: string;
let owner: string;
let stranger: string;

it.beforeAll(async ({ app, signUp, connectUser }) => {
  t = app;
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = (await connectUser()).token;
  stranger = (await signUp('pat.stranger@example.com')).token;
}, SYNCED_SETUP_MS);

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('personal access tokens', () => {
  it('shows the secret once, stores only its hash, and lists tokens without it', async () => {
    const created = await createMcpToken(t.app, owner, '  Cursor  ');
    expect(created.token).toMatch(/^arlo_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.name).toBe('Cursor');
    const [row] = await t.testDatabase.database.db
      .select()
      .from(mcpTokens)
      .where(eq(mcpTokens.id, created.id));
    expect(row?.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice('arlo_pat_'.length));

    const listed = await request('GET', '/api/mcp-tokens', owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.token);
    expect(listed.json().tokens).toContainEqual({
      id: created.id,
      name: 'Cursor',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    // Nobody else sees it.
    expect((await request('GET', '/api/mcp-tokens', stranger)).json().tokens).toEqual([]);
  });

  it('refuses a missing, blank or overlong name with a clear message, and a caller without a session', async () => {
    const blank = await request('POST', '/api/mcp-tokens', owner, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('name'),
    });
    const long = await request('POST', '/api/mcp-tokens', owner, { name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('under 60 characters');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/mcp-tokens', payload: { name: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`caps a user at ${MCP_TOKENS_PER_USER} tokens, even when created all at once`, async ({ signUp }) => {
    const user = (await signUp('pat.many@example.com')).token;
    const answers = await Promise.all(
      Array.from({ length: MCP_TOKENS_PER_USER + 3 }, (_, i) =>
        request('POST', '/api/mcp-tokens', user, { name: `token ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MCP_TOKENS_PER_USER);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]?.json()).toEqual({ code: 'CONFLICT', message: MCP_TOKENS_LIMIT_MESSAGE });
  });

  it("revokes at once; a stranger's id, or a made-up one, is not found", async () => {
    const created = await createMcpToken(t.app, owner, 'To revoke');
    const client = await connectMcp(baseUrl, created.token);
    expect((await callTool(client, 'describe_metrics')).isError).toBeFalsy();

    const byStranger = await request('DELETE', `/api/mcp-tokens/${created.id}`, stranger);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ code: 'NOT_FOUND', message: 'MCP token not found' });
    expect((await request('DELETE', '/api/mcp-tokens/not-a-uuid', owner)).statusCode).toBe(400);

    const revoked = await request('DELETE', `/api/mcp-tokens/${created.id}`, owner);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true });
    // The connected client's next call is refused: nothing of the token outlives its revocation.
    const refused = { code: 401, message: expect.stringContaining('not valid or has been revoked') };
    await expect(callTool(client, 'describe_metrics')).rejects.toMatchObject(refused);
    await expect(connectMcp(baseUrl, created.token)).rejects.toMatchObject(refused);
    const listed = (await request('GET', '/api/mcp-tokens', owner)).json().tokens as { id: string }[];
    expect(listed.map((token) => token.id)).not.toContain(created.id);
    expect((await request('DELETE', `/api/mcp-tokens/${created.id}`, owner)).statusCode).toBe(404);
  });
});

describe('POST /mcp authentication', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(initialize),
    });

  it('answers 401 with WWW-Authenticate and a JSON message without a token, or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer arlo_pat_not-a-real-one' },
      // A session token is not an MCP token.
      bearer(owner),
    ]) {
      const response = await post(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
  });

  it('speaks protocol version 2025-06-18 in JSON, and marks the token used', async () => {
    const created = await createMcpToken(t.app, owner, 'curl');
    const response = await post({ authorization: `Bearer ${created.token}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as {
      result: { protocolVersion: string; serverInfo: { name: string } };
    };
    expect(body.result.protocolVersion).toBe('2025-06-18');
    expect(body.result.serverInfo.name).toBe('arlo');
    const listed = (await request('GET', '/api/mcp-tokens', owner)).json().tokens as {
      id: string;
      lastUsedAt: string | null;
    }[];
    expect(listed.find((token) => token.id === created.id)?.lastUsedAt).toEqual(expect.any(String));
    // An MCP token opens MCP only: the rest of the API does not take it.
    expect((await request('GET', '/api/accounts', created.token)).statusCode).toBe(401);
    expect((await request('GET', '/api/mcp-tokens', created.token)).statusCode).toBe(401);
  });

  it('refuses what is not MCP with { message, code } and never a 5xx; GET and DELETE are 405', async () => {
    const created = await createMcpToken(t.app, owner, 'junk');
    const auth = { authorization: `Bearer ${created.token}` };
    const notRpc = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(notRpc.status).toBe(400);
    expect(await notRpc.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const wrongAccept = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/html', ...auth },
      body: JSON.stringify(initialize),
    });
    expect(wrongAccept.status).toBe(406);
    expect(await wrongAccept.json()).toMatchObject({ code: 'NOT_ACCEPTABLE', message: expect.any(String) });
    const huge = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth },
      body: JSON.stringify({ ...initialize, padding: 'x'.repeat(70 * 1024) }),
    });
    expect(huge.status).toBe(413);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${baseUrl}/mcp`, { method, headers: auth });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('counts /mcp requests per address, so a flood of made-up tokens is refused before any lookup', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        remoteAddress: '10.9.8.7',
        headers: { authorization: `Bearer arlo_pat_${'x'.repeat(43)}`, 'content-type': 'application/json' },
        payload: initialize,
      });
    for (let i = 0; i < 600; i++) expect((await attempt()).statusCode).toBe(401);
    const flooded = await attempt();
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

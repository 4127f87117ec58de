import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './users';

/** A personal access token made through the public route, as Settings makes one. */
export async function createMcpToken(app: FastifyInstance, sessionToken: string, name = 'Claude Desktop') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/mcp-tokens',
    headers: bearer(sessionToken),
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; token: string; name: string };
}

/** The SDK's own client over real HTTP, connected (initialized) with this token. */
export async function connectMcp(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'arlo-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

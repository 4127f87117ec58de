import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MCP_PATH, mcpRequestBody } from '../../shared/api/mcp';
import { type ErrorCode, errorResponseSchema } from '../../shared/errors';
import { AppError } from '../errors';
import { mcpAuthenticator } from './authenticate';

// The transport's own refusals (a wrong Accept or Content-Type, a message that is not JSON-RPC),
// given the API's error codes.
const codeForStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};
const STATELESS =
  'ARLO’s MCP endpoint is stateless: send each message with POST; there is no stream to open or session to end.';

/**
 * The MCP SDK and ARLO's MCP server, loaded by the first MCP request rather than with the app:
 * most processes never get one, and the SDK was one of the costliest imports of every start.
 */
async function loadMcp() {
  const [{ WebStandardStreamableHTTPServerTransport }, { buildMcpServer }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('./server'),
  ]);
  return { WebStandardStreamableHTTPServerTransport, buildMcpServer };
}

/** The Fastify request as the web-standard one the SDK's transport reads (the body is parsed already). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(`http://${request.host || 'localhost'}${request.url}`, { method: 'POST', headers });
}

/**
 * Sends the transport's answer through Fastify, so the app's headers and logging apply. An error
 * answer keeps its JSON-RPC body and gains the API's `{ message, code }`.
 */
async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const text = await response.text();
  if (!text) return reply.send();
  if (response.status < 400) return reply.type('application/json').send(text);
  const rpc = JSON.parse(text) as { error?: { message?: string } };
  return reply.send({
    ...rpc,
    message: rpc.error?.message ?? 'The MCP request was refused.',
    code: codeForStatus[response.status] ?? 'BAD_REQUEST',
  });
}

/**
 * `POST /mcp`: MCP over Streamable HTTP for a personal access token's owner. Stateless: each
 * request gets its own server and transport, answering in JSON rather than a stream.
 */
export const mcpRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    406: errorResponseSchema,
    413: errorResponseSchema,
    415: errorResponseSchema,
  };

  app.post(
    MCP_PATH,
    {
      onRequest: mcpAuthenticator(app.database.db),
      schema: { tags: ['mcp'], security, body: mcpRequestBody, response: errors },
    },
    async (request, reply) => {
      const { WebStandardStreamableHTTPServerTransport, buildMcpServer } = await loadMcp();
      const server = buildMcpServer({ app, request });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      transport.onerror = (error) => request.log.info({ err: error }, 'MCP request refused');
      try {
        await server.connect(transport);
        const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
        return await sendResponse(reply, response);
      } finally {
        await server.close();
      }
    },
  );

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    throw new AppError('METHOD_NOT_ALLOWED', STATELESS);
  };
  app.get(MCP_PATH, { schema: { tags: ['mcp'], response: { 405: errorResponseSchema } } }, notAllowed);
  app.delete(MCP_PATH, { schema: { tags: ['mcp'], response: { 405: errorResponseSchema } } }, notAllowed);
};

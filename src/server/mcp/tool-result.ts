import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, isDatabaseUnavailable } from '../errors';

/** What a tool call runs with: the app's services, and the request whose token named the user. */
export interface ToolContext {
  app: FastifyInstance;
  request: FastifyRequest;
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/** A refusal or failure as a tool result: the model reads why, and the HTTP answer stays 200. */
export const toolError = (text: string, structuredContent?: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text }],
  isError: true,
  ...(structuredContent ? { structuredContent } : {}),
});

/** An answer: the text a model reads, and the same content as data for a program. */
export const toolAnswer = (text: string, structuredContent: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent,
});

/**
 * Runs a tool's work so that nothing it throws becomes a 5xx or leaks internals: our own refusals
 * keep their message, anything else is logged and answered with a generic one.
 */
export async function guarded(
  ctx: ToolContext,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return toolError(error.message);
    if (isDatabaseUnavailable(error)) {
      ctx.request.log.error({ err: error }, 'database unavailable during an MCP tool call');
      return toolError(UNAVAILABLE_MESSAGE);
    }
    ctx.request.log.error({ err: error }, 'MCP tool call failed');
    return toolError(INTERNAL_MESSAGE);
  }
}

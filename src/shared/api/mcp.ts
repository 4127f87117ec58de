import { z } from 'zod';
import { askBody, sessionIdSchema } from './chat';

/** ARLO's MCP endpoint: `POST /mcp`, Streamable HTTP, with a personal access token. */
export const MCP_PATH = '/mcp';

/** The `ask` tool's arguments: a chat question, in a conversation of the token owner's. */
export const askToolInput = z.object({
  question: askBody.shape.message.describe('The question, in plain English, as typed in ARLO’s chat.'),
  conversation_id: sessionIdSchema
    .optional()
    .describe(
      'An ARLO conversation (chat session) of yours, to follow up in ("and last month?", "by ad set"). Omit it to start a new one; each answer returns its conversation_id.',
    ),
});
export type AskToolInput = z.infer<typeof askToolInput>;

/** One JSON-RPC message, as far as the route checks it; the MCP SDK checks the rest. */
const jsonRpcEnvelope = z.looseObject({ jsonrpc: z.literal('2.0') });

/** `POST /mcp` body: one JSON-RPC message (or, for older clients, a short batch of them). */
export const mcpRequestBody = z.union([jsonRpcEnvelope, z.array(jsonRpcEnvelope).min(1).max(20)]);

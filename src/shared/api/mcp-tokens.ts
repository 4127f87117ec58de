import { z } from 'zod';

/** Personal access tokens for ARLO's MCP endpoint (`POST /mcp`), managed with a signed-in session. */

/** What every token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const MCP_TOKEN_PREFIX = 'arlo_pat_';
export const MCP_TOKEN_NAME_MAX = 60;
/** A user's tokens at most: enough for every client they use, few enough to review at a glance. */
export const MCP_TOKENS_PER_USER = 20;
export const MCP_TOKENS_LIMIT_MESSAGE = `You already have ${MCP_TOKENS_PER_USER} MCP tokens. Revoke one you no longer use, then create a new one.`;

/** `POST /api/mcp-tokens`. */
export const createMcpTokenBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please give the token a name.')
    .max(MCP_TOKEN_NAME_MAX, `Please keep the name under ${MCP_TOKEN_NAME_MAX} characters.`),
});
export type CreateMcpTokenBody = z.infer<typeof createMcpTokenBody>;

/** The secret appears here and nowhere else, ever: only its hash is stored. */
export const createMcpTokenResponse = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  createdAt: z.string(),
});
export type CreatedMcpToken = z.infer<typeof createMcpTokenResponse>;

export const mcpTokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type McpTokenSummary = z.infer<typeof mcpTokenSummarySchema>;

/** `GET /api/mcp-tokens`: newest first, never the secret. */
export const listMcpTokensResponse = z.object({ tokens: z.array(mcpTokenSummarySchema) });

/** `DELETE /api/mcp-tokens/{id}`: revoked at once; the token is refused from the next request on. */
export const mcpTokenParams = z.object({ id: z.uuid('must be a token id') });
export const revokeMcpTokenResponse = z.object({ success: z.literal(true) });

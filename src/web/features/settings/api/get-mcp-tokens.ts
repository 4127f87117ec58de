import { useQuery } from '@tanstack/react-query';
import { listMcpTokensResponse } from '../../../../shared/api/mcp-tokens';
import { apiRequest } from '../../../lib/api-client';

export const MCP_TOKENS_KEY = 'mcp-tokens';
export const mcpTokensKey = (token: string | null) => [MCP_TOKENS_KEY, token] as const;

/** `GET /api/mcp-tokens`: the caller's MCP access tokens, without their secrets. */
export const getMcpTokens = (token: string) =>
  apiRequest('/api/mcp-tokens', listMcpTokensResponse, { token });

export const useMcpTokens = (token: string | null) =>
  useQuery({
    queryKey: mcpTokensKey(token),
    queryFn: () => getMcpTokens(token ?? ''),
    enabled: Boolean(token),
  });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createMcpTokenResponse } from '../../../../shared/api/mcp-tokens';
import { apiRequest } from '../../../lib/api-client';
import { MCP_TOKENS_KEY } from './get-mcp-tokens';

/** `POST /api/mcp-tokens`: a new token; its secret is in this answer and nowhere else. */
export const createMcpToken = (token: string, name: string) =>
  apiRequest('/api/mcp-tokens', createMcpTokenResponse, { method: 'POST', token, body: { name } });

export function useCreateMcpToken(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createMcpToken(token ?? '', name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MCP_TOKENS_KEY] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeMcpTokenResponse } from '../../../../shared/api/mcp-tokens';
import { apiRequest } from '../../../lib/api-client';
import { MCP_TOKENS_KEY } from './get-mcp-tokens';

/** `DELETE /api/mcp-tokens/{id}`: the token stops working at once. */
export const revokeMcpToken = (token: string, id: string) =>
  apiRequest(`/api/mcp-tokens/${encodeURIComponent(id)}`, revokeMcpTokenResponse, {
    method: 'DELETE',
    token,
  });

export function useRevokeMcpToken(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeMcpToken(token ?? '', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MCP_TOKENS_KEY] }),
  });
}

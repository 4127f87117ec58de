import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncAccountResponse } from '../../../../shared/api/meta';
import { ACCOUNTS_KEY } from '../../../lib/api/get-accounts';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/accounts/{id}/sync`: queues a refresh of one account. */
export const syncAccount = (token: string, accountId: string) =>
  apiRequest(`/api/accounts/${encodeURIComponent(accountId)}/sync`, syncAccountResponse, {
    method: 'POST',
    token,
  });

/** Queues the sync, then reloads the list: it shows the sync queued and keeps polling until it ends. */
export function useSyncAccount(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => syncAccount(token ?? '', accountId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNTS_KEY] }),
  });
}

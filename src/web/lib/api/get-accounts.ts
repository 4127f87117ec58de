import { useQuery } from '@tanstack/react-query';
import { accountsResponse } from '../../../shared/api/meta';
import { isSyncing } from '../account-sync';
import { apiRequest } from '../api-client';

/** Every cached account list starts with this, whatever the token: invalidate it to refresh them all. */
export const ACCOUNTS_KEY = 'accounts';
export const accountsKey = (token: string | null) => [ACCOUNTS_KEY, token] as const;

export const getAccounts = (token: string) => apiRequest('/api/accounts', accountsResponse, { token });

/**
 * The caller's ad accounts (the chat and Settings both show them); polled while a sync is queued or
 * under way, so the page shows it finishing.
 */
export const useAccounts = (token: string | null) =>
  useQuery({
    queryKey: accountsKey(token),
    queryFn: () => getAccounts(token ?? ''),
    enabled: Boolean(token),
    refetchInterval: (query) => (query.state.data?.accounts.some(isSyncing) ? 2_000 : false),
  });

import { useQuery } from '@tanstack/react-query';
import { accountsResponse } from '../../../../shared/api/meta';
import { apiRequest } from '../../../lib/api-client';

export const getAccounts = (token: string) => apiRequest('/api/accounts', accountsResponse, { token });

/** The caller's ad accounts; polled while a sync is under way so the page shows it finishing. */
export const useAccounts = (token: string | null) =>
  useQuery({
    queryKey: ['accounts', token],
    queryFn: () => getAccounts(token ?? ''),
    enabled: Boolean(token),
    refetchInterval: (query) =>
      query.state.data?.accounts.some((a) => a.sync.status === 'pending' || a.sync.status === 'running')
        ? 2_000
        : false,
  });

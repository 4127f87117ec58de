import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigResponseSchema } from '../../../shared/api/client-config';
import { apiRequest } from '../api-client';

export const getClientConfig = () => apiRequest('/api/client-config', clientConfigResponseSchema);

/** The public settings only change with a server restart, so one read per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: getClientConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useClientConfig = () => useQuery(clientConfigQuery);

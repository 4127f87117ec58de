import { useQuery } from '@tanstack/react-query';
import { clientConfigResponseSchema } from '../../../shared/api/client-config';
import { apiRequest } from '../api-client';

export const getClientConfig = () => apiRequest('/api/client-config', clientConfigResponseSchema);

/** The public provider ids; they only change with a server restart, so one read per page load. */
export const useClientConfig = () =>
  useQuery({ queryKey: ['client-config'], queryFn: getClientConfig, staleTime: Number.POSITIVE_INFINITY });

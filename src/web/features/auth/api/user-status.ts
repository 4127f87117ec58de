import { useQuery } from '@tanstack/react-query';
import { userStatusResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export const getUserStatus = (token: string) =>
  apiRequest('/auth/user/status', userStatusResponse, { token });

export const useUserStatus = (token: string | null) =>
  useQuery({
    queryKey: ['auth', 'user-status', token],
    queryFn: () => getUserStatus(token as string),
    enabled: Boolean(token),
  });

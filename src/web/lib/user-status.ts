import { useQuery } from '@tanstack/react-query';
import { userStatusResponse } from '../../shared/api/auth';
import { apiRequest } from './api-client';

export const getUserStatus = (token: string) =>
  apiRequest('/auth/user/status', userStatusResponse, { token });

/**
 * SPEC.md sections 4 and 7: the token and status check the chat and the permissions screen run on
 * load. It lives here, not in a feature, because both features need it.
 */
export const useUserStatus = (token: string | null) =>
  useQuery({
    queryKey: ['user-status', token],
    queryFn: () => getUserStatus(token as string),
    enabled: Boolean(token),
  });

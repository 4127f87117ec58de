import { useQuery } from '@tanstack/react-query';
import { userStatusResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

// Features never import each other, so the chat keeps its own copy of the status call.
export const getUserStatus = (token: string) =>
  apiRequest('/auth/user/status', userStatusResponse, { token });

/** SPEC.md section 4: the status check the chat runs on load. */
export const useUserStatus = (token: string | null) =>
  useQuery({
    queryKey: ['chat', 'user-status', token],
    queryFn: () => getUserStatus(token as string),
    enabled: Boolean(token),
  });

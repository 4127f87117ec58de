import { useQuery } from '@tanstack/react-query';
import { userStatusResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

// Features never import each other, so this mirrors auth's status call rather than reusing it.
export const getUserStatus = (token: string) =>
  apiRequest('/auth/user/status', userStatusResponse, { token });

/** SPEC.md section 7: the token validation call that runs when the permissions screen loads. */
export const useUserStatus = (token: string | null) =>
  useQuery({
    queryKey: ['permissions', 'user-status', token],
    queryFn: () => getUserStatus(token as string),
    enabled: Boolean(token),
  });

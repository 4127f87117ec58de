import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { userStatusResponse } from '../../shared/api/auth';
import { apiRequest } from './api-client';

/** The signed-in user as the status check describes them. */
export type StatusUser = z.infer<typeof userStatusResponse>['user'];

/** Every cached status starts with this, whatever the token: invalidate it to check again. */
export const USER_STATUS_KEY = 'user-status';

export const getUserStatus = (token: string) =>
  apiRequest('/auth/user/status', userStatusResponse, { token });

/**
 * The token and status check the chat and the permissions screen run on
 * load. It lives here, not in a feature, because both features need it.
 */
export const useUserStatus = (
  token: string | null,
  options: { recheckEveryMs?: (user: StatusUser | undefined) => number | false } = {},
) =>
  useQuery({
    queryKey: [USER_STATUS_KEY, token],
    queryFn: () => getUserStatus(token as string),
    enabled: Boolean(token),
    // Rechecked only while the caller waits for the status to change (after a payment).
    refetchInterval: (query) => options.recheckEveryMs?.(query.state.data?.user) ?? false,
  });

import { useQuery } from '@tanstack/react-query';
import { recentSessionsResponse } from '../../../../shared/api/chat';
import { apiRequest } from '../../../lib/api-client';

export const recentSessionsKey = (token: string | null) => ['chat', 'recent-sessions', token] as const;

export const getRecentSessions = (token: string) =>
  apiRequest('/api/sessions/recent', recentSessionsResponse, { token });

/** The side panel's 'Recent chats' list. */
export const useRecentSessions = (token: string | null) =>
  useQuery({
    queryKey: recentSessionsKey(token),
    queryFn: () => getRecentSessions(token as string),
    enabled: Boolean(token),
  });

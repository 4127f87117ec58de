import { useQuery } from '@tanstack/react-query';
import { sessionHistoryResponse } from '../../../../shared/api/chat';
import { apiRequest } from '../../../lib/api-client';

export const getSession = (token: string, sessionId: string) =>
  apiRequest(`/api/sessions/${encodeURIComponent(sessionId)}`, sessionHistoryResponse, { token });

/** A past conversation, shown read-only. */
export const useSession = (token: string | null, sessionId: string | null) =>
  useQuery({
    queryKey: ['chat', 'session', token, sessionId],
    queryFn: () => getSession(token as string, sessionId as string),
    enabled: Boolean(token && sessionId),
  });

import { newChatResponse } from '../../../../shared/api/chat';
import { apiRequest } from '../../../lib/api-client';

/** Starts a session; the server reuses `fromSessionId` when it holds no message yet. */
export const newChat = (token: string, fromSessionId?: string) =>
  apiRequest('/api/new-chat', newChatResponse, {
    method: 'POST',
    token,
    body: fromSessionId ? { sessionId: fromSessionId } : {},
  });

import { sessionSummarySchema } from '../../../../shared/api/chat';
import { apiRequest } from '../../../lib/api-client';

/** The caller's most recently used session, or a new one on a first visit. */
export const getCurrentSession = (token: string) =>
  apiRequest('/api/sessions/current', sessionSummarySchema, { token });

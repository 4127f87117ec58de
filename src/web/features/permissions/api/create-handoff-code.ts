import { createHandoffResponse } from '../../../../shared/api/handoff';
import { apiRequest } from '../../../lib/api-client';

/** A one-time code standing for the caller's session, to put in the chat's address instead of the token. */
export const createHandoffCode = (token: string) =>
  apiRequest('/auth/handoff', createHandoffResponse, { method: 'POST', token });

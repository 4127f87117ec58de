import { exchangeHandoffResponse } from '../../../shared/api/handoff';
import { apiRequest } from '../api-client';

/** Trades a one-time hand-off code from the address for the token it stands for (no auth). */
export const exchangeHandoffCode = (code: string) =>
  apiRequest('/auth/handoff/exchange', exchangeHandoffResponse, { method: 'POST', body: { code } });

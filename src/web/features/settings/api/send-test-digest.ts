import { useMutation } from '@tanstack/react-query';
import { testDigestResponse } from '../../../../shared/api/email-reports';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/email-reports/test-digest`: last week's digest, sent now. */
export const sendTestDigest = (token: string) =>
  apiRequest('/api/email-reports/test-digest', testDigestResponse, { method: 'POST', token });

export function useSendTestDigest(token: string | null) {
  return useMutation({ mutationFn: () => sendTestDigest(token ?? '') });
}

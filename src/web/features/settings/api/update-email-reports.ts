import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EmailReportPrefsBody, emailReportPrefsResponse } from '../../../../shared/api/email-reports';
import { apiRequest } from '../../../lib/api-client';
import { EMAIL_REPORTS_KEY } from './get-email-reports';

/** `PUT /api/email-reports`: saves the fields given and answers the whole set. */
export const updateEmailReports = (token: string, body: EmailReportPrefsBody) =>
  apiRequest('/api/email-reports', emailReportPrefsResponse, { method: 'PUT', token, body });

export function useUpdateEmailReports(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailReportPrefsBody) => updateEmailReports(token ?? '', body),
    onSuccess: (prefs) => queryClient.setQueryData([EMAIL_REPORTS_KEY], prefs),
  });
}

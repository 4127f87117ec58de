import { useQuery } from '@tanstack/react-query';
import { emailReportPrefsResponse } from '../../../../shared/api/email-reports';
import { apiRequest } from '../../../lib/api-client';

export const EMAIL_REPORTS_KEY = 'email-reports';

/** `GET /api/email-reports`: the caller's digest and alert choices. */
export const getEmailReports = (token: string) =>
  apiRequest('/api/email-reports', emailReportPrefsResponse, { token });

export function useEmailReports(token: string | null) {
  return useQuery({
    queryKey: [EMAIL_REPORTS_KEY],
    queryFn: () => getEmailReports(token ?? ''),
    enabled: token !== null,
  });
}

import type { z } from 'zod';
import type { userStatusResponse } from '../../../../shared/api/auth';

type StatusUser = z.infer<typeof userStatusResponse>['user'];

/**
 * The billing-area check: a basic user may be here only while active (to upgrade);
 * basic or pro while paused or payment (to pay). Anyone else is logged out.
 */
export function billingAreaAllows({ status, user_type }: Pick<StatusUser, 'status' | 'user_type'>): boolean {
  if (status === 'paused' || status === 'payment') return true;
  return status === 'active' && user_type === 'basic';
}

import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type resendVerificationBody, resendVerificationResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type ResendVerificationInput = z.input<typeof resendVerificationBody>;

export const resendVerification = (body: ResendVerificationInput) =>
  apiRequest('/auth/resend-verification', resendVerificationResponse, { method: 'POST', body });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });

import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type verifyEmailBody, verifyEmailResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type VerifyEmailInput = z.input<typeof verifyEmailBody>;

export const verifyEmail = (body: VerifyEmailInput) =>
  apiRequest('/auth/verify-email', verifyEmailResponse, { method: 'POST', body });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });

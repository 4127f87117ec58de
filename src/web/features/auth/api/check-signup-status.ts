import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type checkSignupStatusBody, checkSignupStatusResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type CheckSignupStatusInput = z.input<typeof checkSignupStatusBody>;

export const checkSignupStatus = (body: CheckSignupStatusInput) =>
  apiRequest('/auth/check-signup-status', checkSignupStatusResponse, { method: 'POST', body });

export const useCheckSignupStatus = () => useMutation({ mutationFn: checkSignupStatus });

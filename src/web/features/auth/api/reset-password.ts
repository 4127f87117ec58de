import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type resetPasswordBody, resetPasswordResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordInput = z.input<typeof resetPasswordBody>;

export const resetPassword = (body: ResetPasswordInput) =>
  apiRequest('/auth/reset-password-with-code', resetPasswordResponse, { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

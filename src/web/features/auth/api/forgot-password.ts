import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type forgotPasswordBody, forgotPasswordResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type ForgotPasswordInput = z.input<typeof forgotPasswordBody>;

export const forgotPassword = (body: ForgotPasswordInput) =>
  apiRequest('/auth/forgot-password', forgotPasswordResponse, { method: 'POST', body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

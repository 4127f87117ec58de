import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type googleAuthBody, socialLoginResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type GoogleLoginInput = z.input<typeof googleAuthBody>;

export const googleLogin = (body: GoogleLoginInput) =>
  apiRequest('/auth/google-login', socialLoginResponse, { method: 'POST', body });

export const useGoogleLogin = () => useMutation({ mutationFn: googleLogin });

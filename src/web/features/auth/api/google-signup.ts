import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type googleAuthBody, socialSignupResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type GoogleSignupInput = z.input<typeof googleAuthBody>;

export const googleSignup = (body: GoogleSignupInput) =>
  apiRequest('/auth/google-signup', socialSignupResponse, { method: 'POST', body });

export const useGoogleSignup = () => useMutation({ mutationFn: googleSignup });

import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type facebookAuthBody, socialSignupResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type FacebookSignupInput = z.input<typeof facebookAuthBody>;

export const facebookSignup = (body: FacebookSignupInput) =>
  apiRequest('/auth/facebook-signup', socialSignupResponse, { method: 'POST', body });

export const useFacebookSignup = () => useMutation({ mutationFn: facebookSignup });

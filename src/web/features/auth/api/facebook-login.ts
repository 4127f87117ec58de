import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type facebookAuthBody, socialLoginResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type FacebookLoginInput = z.input<typeof facebookAuthBody>;

export const facebookLogin = (body: FacebookLoginInput) =>
  apiRequest('/auth/facebook-login', socialLoginResponse, { method: 'POST', body });

export const useFacebookLogin = () => useMutation({ mutationFn: facebookLogin });

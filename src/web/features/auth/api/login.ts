import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type loginBody, loginResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type LoginInput = z.input<typeof loginBody>;

export const login = (body: LoginInput) => apiRequest('/auth/login', loginResponse, { method: 'POST', body });

export const useLogin = () => useMutation({ mutationFn: login });

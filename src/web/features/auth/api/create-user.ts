import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type createUserBody, createUserResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type CreateUserInput = z.input<typeof createUserBody>;

export const createUser = (body: CreateUserInput) =>
  apiRequest('/auth/create-user', createUserResponse, { method: 'POST', body });

export const useCreateUser = () => useMutation({ mutationFn: createUser });

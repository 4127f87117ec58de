import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type validateEmailBody, validateEmailResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export type ValidateEmailInput = z.input<typeof validateEmailBody>;

export const validateEmail = (body: ValidateEmailInput) =>
  apiRequest('/auth/validate-email', validateEmailResponse, { method: 'POST', body });

export const useValidateEmail = () => useMutation({ mutationFn: validateEmail });

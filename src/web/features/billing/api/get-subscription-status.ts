import { useQuery } from '@tanstack/react-query';
import { subscriptionStatusResponse } from '../../../../shared/api/billing';
import { apiRequest } from '../../../lib/api-client';

export const subscriptionStatusKey = (token: string | null) => ['subscription-status', token] as const;

export const getSubscriptionStatus = (token: string) =>
  apiRequest('/payment/subscription-status', subscriptionStatusResponse, { token });

export const useSubscriptionStatus = (token: string | null) =>
  useQuery({
    queryKey: subscriptionStatusKey(token),
    queryFn: () => getSubscriptionStatus(token as string),
    enabled: Boolean(token),
  });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelSubscriptionResponse, type SubscriptionStatus } from '../../../../shared/api/billing';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionStatusKey } from './get-subscription-status';

export const cancelSubscription = (token: string) =>
  apiRequest('/payment/cancel-subscription', cancelSubscriptionResponse, {
    method: 'POST',
    token,
    body: {},
  });

/** On success the shown subscription turns to Cancelling until `service_ends`, without a reload. */
export const useCancelSubscription = (token: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(token as string),
    onSuccess: ({ service_ends }) =>
      queryClient.setQueryData<SubscriptionStatus>(subscriptionStatusKey(token), (current) =>
        current ? { ...current, cancel_at_period_end: true, current_period_end: service_ends } : current,
      ),
  });
};

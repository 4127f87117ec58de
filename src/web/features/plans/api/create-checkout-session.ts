import { useMutation } from '@tanstack/react-query';
import { type CheckoutPath, createCheckoutResponse } from '../../../../shared/api/billing';
import { apiRequest } from '../../../lib/api-client';

export interface CreateCheckoutSessionInput {
  token: string;
  path: CheckoutPath;
  priceId: string;
}

// A reply without a URL is a failure with its own message, not a malformed answer.
const checkoutAnswer = createCheckoutResponse.partial();

export const createCheckoutSession = ({ token, path, priceId }: CreateCheckoutSessionInput) =>
  apiRequest(`/${path}/create-checkout-session`, checkoutAnswer, {
    method: 'POST',
    token,
    body: { priceId },
  });

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });

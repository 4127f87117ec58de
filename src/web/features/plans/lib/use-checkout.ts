import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CHECKOUT_FAILED,
  CHECKOUT_NO_URL,
  type CheckoutPath,
  priceIdFor,
} from '../../../../shared/api/billing';
import type { BillingPeriod } from '../../../../shared/plans';
import { errorMessage } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { clientConfigQuery } from '../../../lib/providers/client-config';
import { getToken } from '../../../lib/session';
import { useCreateCheckoutSession } from '../api/create-checkout-session';

/**
 * Subscribe: create a checkout session for the chosen period's price
 * on this screen's checkout path, then hand the browser to the checkout page. Without a stored
 * token the user signs in first.
 */
export function useCheckout(path: CheckoutPath) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createSession = useCreateCheckoutSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const subscribe = async (period: BillingPeriod) => {
    const token = getToken();
    if (!token) {
      void navigate('/login');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // Usually already loaded for the page; fetched here if the click beat it.
      const config = await queryClient.fetchQuery(clientConfigQuery);
      const { sessionUrl } = await createSession.mutateAsync({
        token,
        path,
        priceId: priceIdFor(config.billing, path, period),
      });
      if (!sessionUrl) {
        setError(CHECKOUT_NO_URL);
        setBusy(false);
        return;
      }
      // Stays busy: the page is being left, and a second click would open a second session.
      browser.assign(sessionUrl);
    } catch (failure) {
      setError(errorMessage(failure, CHECKOUT_FAILED));
      setBusy(false);
    }
  };

  return { subscribe, busy, error };
}

/**
 * Stripe sends a paying user back to `/?checkout=success` (server/billing/checkout-routes.ts).
 * Pure, so React may call it as often as it likes; the caller drops the marker from the address
 * once it has read it.
 */
export const isCheckoutReturn = (location: Location = window.location): boolean =>
  new URLSearchParams(location.search).get('checkout') === 'success';

import { useState } from 'react';
import { isCheckoutReturn } from '../../lib/checkout-return';
import { InlineNotice } from './inline-notice';

export const CHECKOUT_SUCCESS = "Payment successful — you're on Pro.";

/**
 * Says that the payment went through on the page Stripe sends the user back to. The address
 * marker is read once, as this mounts: the page drops it from the address right after.
 */
export function CheckoutSuccessNotice() {
  const [shown, setShown] = useState(() => isCheckoutReturn());
  if (!shown) return null;
  return (
    <aside
      aria-label="Payment"
      className="fixed inset-x-4 top-16 z-40 mx-auto flex w-fit max-w-lg items-start gap-2 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <InlineNotice notice={{ text: CHECKOUT_SUCCESS, tone: 'success' }} />
      <button
        type="button"
        onClick={() => setShown(false)}
        className="rounded-lg px-2 py-2 text-sm text-slate-700 underline underline-offset-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Dismiss
      </button>
    </aside>
  );
}

import { z } from 'zod';
import type { BillingPeriod } from '../plans';

/**
 * The two checkout paths. `/plans` checks out through `/payment`, `/yplans`
 * through `/ypayment`; each has its own monthly and annual price ids.
 */
export const checkoutPaths = ['payment', 'ypayment'] as const;
export type CheckoutPath = (typeof checkoutPaths)[number];

/** The screen each checkout path belongs to, and where a cancelled checkout returns. */
export const plansScreenOf: Record<CheckoutPath, '/plans' | '/yplans'> = {
  payment: '/plans',
  ypayment: '/yplans',
};

/** `POST /payment/create-checkout-session` and `POST /ypayment/create-checkout-session`. */
export const createCheckoutBody = z.object({
  priceId: z.string().trim().min(1, 'priceId is required').max(200),
});
export const createCheckoutResponse = z.object({ sessionUrl: z.string() });

/** `GET /payment/subscription-status`: the user's subscription fields. */
export const subscriptionStatusResponse = z.object({
  user_type: z.enum(['basic', 'pro']),
  plan_name: z.string().nullable(),
  subscription_id: z.string().nullable(),
  /** In the currency's major unit (25 for $25.00). */
  amount: z.number().nullable(),
  /** Three-letter code, upper case; USD when there is no subscription. */
  currency: z.string().length(3),
  interval: z.enum(['month', 'year']).nullable(),
  cancel_at_period_end: z.boolean(),
  /** ISO 8601; null without a subscription. */
  current_period_end: z.string().nullable(),
  /** Stripe's own state of the subscription (active, past_due, canceled, ...), null without one. */
  status: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusResponse>;

/** `POST /payment/cancel-subscription`: Pro lasts until `service_ends` (ISO 8601). */
export const cancelSubscriptionResponse = z.object({ success: z.literal(true), service_ends: z.string() });

/** What `GET /api/client-config` tells the plans screens: the price ids and whether checkout is the demo. */
export const billingClientConfigSchema = z.object({
  /** True when no Stripe key is configured: checkout is ARLO's built-in demo page. */
  demo: z.boolean(),
  prices: z.object({
    payment: z.object({ monthly: z.string(), annually: z.string() }),
    ypayment: z.object({ monthly: z.string(), annually: z.string() }),
  }),
});
export type BillingClientConfig = z.infer<typeof billingClientConfigSchema>;

export function priceIdFor(config: BillingClientConfig, path: CheckoutPath, period: BillingPeriod): string {
  return config.prices[path][period];
}

/** The notices for `?cancelled=true` and `?error=...` on the plans screens. */
export const PAYMENT_CANCELLED = 'Payment was cancelled. You can try again when ready.';
export function paymentErrorText(code: string): string {
  switch (code) {
    case 'missing_session':
      return 'Payment session not found. Please try again.';
    case 'payment_incomplete':
      return 'Payment was not completed. Please try again.';
    case 'processing_failed':
      return 'Payment processing failed. Please try again.';
    default:
      return 'An error occurred during payment. Please try again.';
  }
}
export const CHECKOUT_NO_URL = 'Failed to create payment session';
export const CHECKOUT_FAILED = 'Failed to start payment process';

/** The Manage Subscription dialog's texts. */
export const subscriptionTexts = {
  loadFailed: 'Failed to load subscription data',
  cancelFailed: 'Failed to cancel subscription',
  noUser: 'No user data found',
  confirm: 'Are you sure you want to cancel?',
  yes: 'Yes, Cancel',
  keep: 'Keep Subscription',
  cancelling: 'Cancelling',
} as const;

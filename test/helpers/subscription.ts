import type { SubscriptionStatus } from '../../src/shared/api/billing';

/** A monthly Pro subscription, as `GET /payment/subscription-status` answers for an active payer. */
export const PRO_SUBSCRIPTION: SubscriptionStatus = {
  user_type: 'pro',
  plan_name: 'Pro (Beta Access)',
  subscription_id: 'sub_123',
  amount: 25,
  currency: 'USD',
  interval: 'month',
  cancel_at_period_end: false,
  // Midday UTC, so the date reads the same in every time zone the tests may run in.
  current_period_end: '2031-07-01T12:00:00.000Z',
  status: 'active',
};

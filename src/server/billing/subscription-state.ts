import type Stripe from 'stripe';

/** What we keep of a Stripe subscription (the `subscriptions` table's columns). */
export interface SubscriptionRecord {
  stripeSubscriptionId: string;
  userId: string;
  stripeCustomerId: string | null;
  status: string;
  priceId: string | null;
  interval: string | null;
  unitAmount: number | null;
  currency: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export function recordOf(subscription: Stripe.Subscription, userId: string): SubscriptionRecord {
  // Since API version 2025-03-31 the billing period lives on the subscription's items.
  const item = subscription.items.data[0];
  const customer = subscription.customer;
  return {
    stripeSubscriptionId: subscription.id,
    userId,
    stripeCustomerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    status: subscription.status,
    priceId: item?.price.id ?? null,
    interval: item?.price.recurring?.interval ?? null,
    unitAmount: item?.price.unit_amount ?? null,
    currency: item?.price.currency ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
  };
}

export interface Plan {
  userType: 'basic' | 'pro';
  status: 'active' | 'payment' | 'paused';
}

const paying = new Set(['active', 'trialing']);
const owing = new Set(['past_due', 'unpaid']);

/**
 * The plan a user's subscriptions give them, the most alive one winning: one active → Pro;
 * payment owed → status `payment`; paused → `paused`; nothing left (ended, never paid) → basic.
 */
export function planOf(statuses: readonly string[]): Plan {
  if (statuses.some((s) => paying.has(s))) return { userType: 'pro', status: 'active' };
  if (statuses.some((s) => owing.has(s))) return { userType: 'pro', status: 'payment' };
  if (statuses.includes('paused')) return { userType: 'pro', status: 'paused' };
  return { userType: 'basic', status: 'active' };
}

/** Statuses whose subscription can still be cancelled at the period end. */
export const cancellable = new Set(['active', 'trialing', 'past_due']);

/** The subscription a user's screens show: the most alive, then the latest. */
export function rank(status: string): number {
  if (paying.has(status)) return 0;
  if (owing.has(status)) return 1;
  if (status === 'paused') return 2;
  return 3;
}

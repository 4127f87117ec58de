import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../db/client';
import { stripeEvents, subscriptions, users } from '../db/schema';
import { planOf, recordOf } from './subscription-state';

/** The events that can change a subscription; any other type is acknowledged and ignored. */
export const handledEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** Which subscription an event is about; the event's own copy of it is never used. */
export function subscriptionIdOf(event: Stripe.Event): string | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
      return idOf((event.data.object as Stripe.Checkout.Session).subscription);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return idOf(event.data.object as Stripe.Subscription);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return idOf((event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription);
    default:
      return undefined;
  }
}

export type Applied = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one verified event. Under a lock per subscription: record the event id (a redelivery
 * stops here), re-read the subscription from Stripe (so events arriving out of order still end in
 * Stripe's true state), save it, and set the user's plan from all their subscriptions. The event
 * id and the change commit together, or neither does and Stripe delivers again.
 */
export async function applyStripeEvent(
  db: Db,
  stripe: Stripe,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<Applied> {
  const subscriptionId = handledEvents.has(event.type) ? subscriptionIdOf(event) : undefined;
  if (!subscriptionId) return 'ignored';
  const checkoutUser =
    event.type === 'checkout.session.completed'
      ? (event.data.object as Stripe.Checkout.Session).client_reference_id
      : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${subscriptionId}))`);
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return 'duplicate';

    const fresh = await stripe.subscriptions.retrieve(subscriptionId);
    const [known] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    const userId = [known?.userId, fresh.metadata?.userId, checkoutUser].find(
      (candidate): candidate is string => typeof candidate === 'string' && UUID.test(candidate),
    );
    const [user] = userId ? await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)) : [];
    if (!user) {
      log.warn({ eventId: event.id, subscriptionId }, 'stripe event for a subscription of no known user');
      return 'ignored';
    }

    const record = recordOf(fresh, user.id);
    await tx
      .insert(subscriptions)
      .values(record)
      .onConflictDoUpdate({
        target: subscriptions.stripeSubscriptionId,
        set: { ...record, updatedAt: sql`now()` },
      });
    const rows = await tx
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const plan = planOf(rows.map((row) => row.status));
    await tx
      .update(users)
      .set({
        userType: plan.userType,
        // A basic user who never finished signing up stays in signup.
        status: sql`case when ${users.status} = 'signup' and ${plan.userType} = 'basic' then 'signup'::user_status else ${plan.status}::user_status end`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    return 'applied';
  });
}

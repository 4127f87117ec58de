import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Our copy of each Stripe subscription, as Stripe last said it was (webhooks re-read it from
 * Stripe, never trusting the event's payload). A user can have several over time; their plan
 * follows the most alive one.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id'),
    /** Stripe's own status: active, trialing, past_due, unpaid, paused, canceled, incomplete, ... */
    status: text('status').notNull(),
    priceId: text('price_id'),
    /** month or year. */
    interval: text('interval'),
    /** In the currency's minor unit, as Stripe counts it. */
    unitAmount: integer('unit_amount'),
    currency: text('currency'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** Every Stripe event applied, recorded in the same transaction as its change: a redelivery finds it. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
});

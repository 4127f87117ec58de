import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelSubscriptionResponse, subscriptionStatusResponse } from '../../shared/api/billing';
import { errorResponseSchema } from '../../shared/errors';
import { proPlan } from '../../shared/plans';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';
import { AppError } from '../errors';
import { cancellable, rank, recordOf } from './subscription-state';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema };

/** The subscription the user's screens are about: the most alive, then the most recent. */
async function currentSubscription(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt));
  return rows.sort((a, b) => rank(a.status) - rank(b.status))[0];
}

function intervalOf(value: string | null | undefined): 'month' | 'year' | null {
  return value === 'month' || value === 'year' ? value : null;
}

/** `GET /payment/subscription-status` and `POST /payment/cancel-subscription`. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;
  const security = [{ bearerAuth: [] }];

  app.get(
    '/subscription-status',
    { schema: { tags: ['billing'], security, response: { 200: subscriptionStatusResponse, ...errors } } },
    async (request) => {
      const user = request.currentUser;
      const row = await currentSubscription(db, user.id);
      return {
        user_type: user.userType,
        plan_name: row ? proPlan.name : null,
        subscription_id: row?.stripeSubscriptionId ?? null,
        amount: row?.unitAmount == null ? null : row.unitAmount / 100,
        currency: (row?.currency ?? 'usd').toUpperCase(),
        interval: intervalOf(row?.interval),
        cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
        current_period_end: row?.currentPeriodEnd?.toISOString() ?? null,
        status: row?.status ?? null,
      };
    },
  );

  app.post(
    '/cancel-subscription',
    {
      schema: {
        tags: ['billing'],
        security,
        body: z.object({}).strict().optional(),
        response: { 200: cancelSubscriptionResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.currentUser;
      const row = await currentSubscription(db, user.id);
      if (!row || !cancellable.has(row.status)) {
        throw new AppError('NOT_FOUND', 'There is no active subscription to cancel.');
      }
      // Stripe keeps Pro running to the period end; its answer is saved as the truth. The
      // webhook that follows changes nothing more.
      const stripe = await app.billing.stripe();
      const updated = await stripe.subscriptions
        .update(row.stripeSubscriptionId, { cancel_at_period_end: true })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'stripe cancel failed');
          throw new AppError('SERVICE_UNAVAILABLE', 'Failed to cancel subscription');
        });
      const record = recordOf(updated, user.id);
      await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: record.cancelAtPeriodEnd, currentPeriodEnd: record.currentPeriodEnd })
        .where(eq(subscriptions.stripeSubscriptionId, row.stripeSubscriptionId));
      const ends = record.currentPeriodEnd ?? row.currentPeriodEnd;
      return { success: true as const, service_ends: (ends ?? new Date()).toISOString() };
    },
  );
};

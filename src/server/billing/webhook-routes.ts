import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { errorResponseSchema } from '../../shared/errors';
import { AppError } from '../errors';
import { applyStripeEvent } from './apply-event';

/** Stripe's own default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * `POST /payment/webhook`: the signature is checked on the exact bytes Stripe sent, so this
 * folder reads JSON bodies as raw text. A verified event is applied by re-reading its
 * subscription from Stripe; the payload itself is never trusted.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook (signed)',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = typeof request.body === 'string' ? request.body : '';
      const stripe = await app.billing.stripe();
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no signature');
        event = stripe.webhooks.constructEvent(
          raw,
          signature,
          app.billing.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
      const outcome = await applyStripeEvent(app.database.db, stripe, event, request.log);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const };
    },
  );
};

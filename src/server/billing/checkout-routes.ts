import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CheckoutPath,
  createCheckoutBody,
  createCheckoutResponse,
  plansScreenOf,
} from '../../shared/api/billing';
import { errorResponseSchema } from '../../shared/errors';
import { AppError } from '../errors';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 503: errorResponseSchema };

/**
 * `POST /{payment|ypayment}/create-checkout-session`: a Stripe Checkout Session in subscription
 * mode for one of that path's prices, for the signed-in user. Success leads back to the app; a
 * cancel returns to the path's plans screen.
 */
export function checkoutRoutes(path: CheckoutPath): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', app.authenticate);
    app.post(
      '/create-checkout-session',
      {
        schema: {
          tags: ['billing'],
          security: [{ bearerAuth: [] }],
          body: createCheckoutBody,
          response: { 200: createCheckoutResponse, ...errors },
        },
        config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      },
      async (request) => {
        const { billing, config } = app;
        const prices = billing.prices[path];
        const { priceId } = request.body;
        if (priceId !== prices.monthly && priceId !== prices.annually) {
          throw new AppError('BAD_REQUEST', 'This price is not offered on this page.');
        }
        const user = request.currentUser;
        const stripe = await billing.stripe();
        const session = await stripe.checkout.sessions
          .create({
            mode: 'subscription',
            line_items: [{ price: priceId, quantity: 1 }],
            client_reference_id: user.id,
            customer_email: user.email,
            // The webhook finds the user from the subscription itself, whichever event comes first.
            subscription_data: { metadata: { userId: user.id } },
            metadata: { userId: user.id },
            success_url: `${config.publicUrl}/?checkout=success`,
            cancel_url: `${config.publicUrl}${plansScreenOf[path]}?cancelled=true`,
          })
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'stripe checkout session failed');
            throw new AppError('SERVICE_UNAVAILABLE', 'Failed to create payment session');
          });
        if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'Failed to create payment session');
        return { sessionUrl: session.url };
      },
    );
  };
}

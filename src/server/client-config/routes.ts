import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ClientConfig,
  clientConfigResponseSchema,
  FACEBOOK_SDK_URL,
  FACEBOOK_SDK_VERSION,
} from '../../shared/api/client-config';
import { SIMULATOR_PREFIX } from '../meta/plugin';

/**
 * The browser needs the providers' public ids (Google client id, Facebook app id) before anyone
 * signs in, to load their SDKs and draw the buttons; so this route is public. It must only ever
 * carry ids that the providers themselves publish in every page using them, never a secret.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { google } = app.config;
  // Settled at start-up, like the social routes: the config does not change while running.
  const body: ClientConfig = {
    google: { clientId: google.clientId ?? null },
    facebook: {
      // Null in demo mode: Facebook sign-in needs a real app (the demo stand-in only connects ads).
      appId: app.meta.app.demo ? null : app.meta.app.appId,
      sdkUrl: FACEBOOK_SDK_URL,
      version: FACEBOOK_SDK_VERSION,
      connect: app.meta.app.demo
        ? { appId: app.meta.app.appId, sdkUrl: `${SIMULATOR_PREFIX}/sdk.js`, demo: true }
        : { appId: app.meta.app.appId, sdkUrl: FACEBOOK_SDK_URL, demo: false },
    },
    // Price ids are public: they are in every checkout the browser starts.
    billing: { demo: app.billing.demo, prices: app.billing.prices },
    help: { whatsappUrl: app.config.whatsappCommunityUrl ?? null },
  };

  app.get(
    '/client-config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public, non-secret settings the web app needs before sign-in',
        response: { 200: clientConfigResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return body;
    },
  );
};

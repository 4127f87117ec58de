import { z } from 'zod';
import { billingClientConfigSchema } from './billing';

/** Where the provider SDKs come from; the browser loads them from the providers themselves. */
export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
export const FACEBOOK_SDK_VERSION = 'v23.0';

/**
 * `GET /api/client-config`: the public, non-secret settings the web app needs before sign-in.
 * A null id means the provider is not configured and its buttons explain that instead of failing.
 */
export const clientConfigResponseSchema = z.object({
  google: z.object({ clientId: z.string().nullable() }),
  facebook: z.object({
    /** The app for Facebook sign-in; null without META_APP_ID (demo mode included). */
    appId: z.string().nullable(),
    sdkUrl: z.string(),
    version: z.literal(FACEBOOK_SDK_VERSION),
    /**
     * The app and SDK for connecting ad accounts. In demo mode they are ARLO's own stand-in SDK and
     * Graph API simulator, so the permissions page runs the same code path with no internet.
     */
    connect: z.object({ appId: z.string(), sdkUrl: z.string(), demo: z.boolean() }),
  }),
  /** The plans screens' price ids, and whether checkout is the built-in demo. */
  billing: billingClientConfigSchema,
  /** Settings → Get Help: the WhatsApp community to join (WHATSAPP_COMMUNITY_URL), or null. */
  help: z.object({ whatsappUrl: z.string().nullable() }),
});
export type ClientConfig = z.infer<typeof clientConfigResponseSchema>;

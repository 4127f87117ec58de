import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientConfigResponseSchema,
  FACEBOOK_SDK_URL,
  FACEBOOK_SDK_VERSION,
} from '../../src/shared/api/client-config';
import { buildTestApp, type TestApp } from '../helpers/app';
import { demoBilling } from '../helpers/client-config';

const GOOGLE_CLIENT_ID = 'arlo-config-test.apps.googleusercontent.com';
const META_APP_ID = '1234567890';
const META_APP_SECRET = 'fb-config-test-app-secret';
const JWT_SECRET = 'jwt-config-test-secret-that-is-long-enough-0123456789';
const STRIPE_SECRET_KEY = 'sk_test_config_secret';
const STRIPE_WEBHOOK_SECRET = 'whsec_config_secret';

const getConfig = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/client-config' });

describe('GET /api/client-config without providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers null ids, the SDK location and version, without a token', async () => {
    const response = await getConfig(t);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      google: { clientId: null },
      facebook: {
        appId: null,
        sdkUrl: FACEBOOK_SDK_URL,
        version: FACEBOOK_SDK_VERSION,
        // Demo mode: ad accounts connect through ARLO's own stand-in SDK and Graph API simulator.
        connect: { appId: 'arlo-demo', sdkUrl: '/meta-sim/sdk.js', demo: true },
      },
      // No Stripe keys: the built-in demo checkout, with its own price ids.
      billing: demoBilling,
      help: { whatsappUrl: null },
    });
    expect(clientConfigResponseSchema.safeParse(response.json()).success).toBe(true);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/client-config'].get.responses['200']).toBeDefined();
  });
});

describe('GET /api/client-config with Google and Facebook configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        GOOGLE_CLIENT_ID,
        META_APP_ID,
        META_APP_SECRET,
        META_GRAPH_URL: 'http://127.0.0.1:9/graph',
        JWT_SECRET,
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: 'http://127.0.0.1:9',
        STRIPE_PRICE_MONTHLY: 'price_m',
        STRIPE_PRICE_ANNUAL: 'price_a',
        STRIPE_YPRICE_MONTHLY: 'price_ym',
        STRIPE_YPRICE_ANNUAL: 'price_ya',
        WHATSAPP_COMMUNITY_URL: 'https://chat.whatsapp.com/arlo-test',
      },
    });
  });
  afterAll(() => t?.close());

  it('answers the public ids and never a secret', async () => {
    const response = await getConfig(t);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      google: { clientId: GOOGLE_CLIENT_ID },
      facebook: {
        appId: META_APP_ID,
        sdkUrl: FACEBOOK_SDK_URL,
        version: FACEBOOK_SDK_VERSION,
        connect: { appId: META_APP_ID, sdkUrl: FACEBOOK_SDK_URL, demo: false },
      },
      billing: {
        demo: false,
        prices: {
          payment: { monthly: 'price_m', annually: 'price_a' },
          ypayment: { monthly: 'price_ym', annually: 'price_ya' },
        },
      },
      help: { whatsappUrl: 'https://chat.whatsapp.com/arlo-test' },
    });
    expect(response.body).not.toContain(META_APP_SECRET);
    expect(response.body).not.toContain(STRIPE_SECRET_KEY);
    expect(response.body).not.toContain(STRIPE_WEBHOOK_SECRET);
    expect(response.body).not.toContain(JWT_SECRET);
    expect(response.body).not.toContain(t.config.jwtSecret);
    expect(response.body).not.toContain('127.0.0.1:9');
  });
});

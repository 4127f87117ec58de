import type { BillingClientConfig } from '../../src/shared/api/billing';
import {
  type ClientConfig,
  FACEBOOK_SDK_URL,
  FACEBOOK_SDK_VERSION,
} from '../../src/shared/api/client-config';

/** The client-config billing block as a server without Stripe keys sends it (demo checkout). */
export const demoBilling: BillingClientConfig = {
  demo: true,
  prices: {
    payment: { monthly: 'price_demo_pro_monthly', annually: 'price_demo_pro_annual' },
    ypayment: { monthly: 'price_demo_ypro_monthly', annually: 'price_demo_ypro_annual' },
  },
};

/** The parts of client-config beyond the sign-in providers, as a server with default settings sends them. */
export const defaultConfigExtras = { billing: demoBilling, help: { whatsappUrl: null } };

/** The whole client-config of a demo server (no Meta, Google or Stripe keys), with its help link. */
export const demoClientConfig = (whatsappUrl: string | null = null): ClientConfig => ({
  google: { clientId: null },
  facebook: {
    appId: null,
    sdkUrl: FACEBOOK_SDK_URL,
    version: FACEBOOK_SDK_VERSION,
    connect: { appId: 'demo-app', sdkUrl: '/meta-sim/sdk.js', demo: true },
  },
  billing: demoBilling,
  help: { whatsappUrl },
});

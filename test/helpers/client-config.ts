import type { BillingClientConfig } from '../../src/shared/api/billing';

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

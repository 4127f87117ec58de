export { priceText } from './objects';
export { createStripeSimulator } from './simulator';
export type {
  Interval,
  Metadata,
  SignedEvent,
  SimCheckoutSession,
  SimCustomer,
  SimEvent,
  SimInvoice,
  SimObject,
  SimPrice,
  SimSubscription,
  SimSubscriptionItem,
  StripeSimulator,
  StripeSimulatorOptions,
  StripeSimulatorPrice,
  SubscriptionStatus,
} from './types';
export { API_VERSION, signatureHeader, WebhookDeliveryError } from './webhooks';

import type { SubscriptionStatus } from '../../../../shared/api/billing';

/** '$25/month', '$240/year' or '$24.50/month', in the subscription's own currency. */
export function formatPrice(
  amount: number,
  currency: string,
  interval: SubscriptionStatus['interval'],
): string {
  const money = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
  return interval ? `${money}/${interval}` : money;
}

/** 'July 1, 2025', in the reader's time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

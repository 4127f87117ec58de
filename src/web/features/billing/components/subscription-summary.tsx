import { Link } from 'react-router';
import { type SubscriptionStatus, subscriptionTexts } from '../../../../shared/api/billing';
import { formatDate, formatPrice } from '../lib/format';

const term = 'text-slate-500 dark:text-slate-400';
const detail = 'font-medium text-slate-900 dark:text-slate-100';

/** The subscription's plan, price, state and end or renewal date. */
export function SubscriptionSummary({ subscription }: { subscription: SubscriptionStatus }) {
  const { plan_name, amount, currency, interval, status, cancel_at_period_end, current_period_end } =
    subscription;
  if (!subscription.subscription_id) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        You are on the free plan.{' '}
        <Link
          to="/plans"
          className="font-medium text-indigo-700 underline hover:text-indigo-800 dark:text-indigo-300"
        >
          See plans
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className={term}>Plan</dt>
        <dd className={`${detail} flex items-center gap-2`}>
          {plan_name ?? 'Pro'}
          {cancel_at_period_end ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-200 dark:bg-amber-950">
              {subscriptionTexts.cancelling}
            </span>
          ) : null}
        </dd>
        {amount === null ? null : (
          <>
            <dt className={term}>Price</dt>
            <dd className={detail}>{formatPrice(amount, currency, interval)}</dd>
          </>
        )}
        {status ? (
          <>
            <dt className={term}>Status</dt>
            <dd className={`${detail} capitalize`}>{status.replace(/_/g, ' ')}</dd>
          </>
        ) : null}
        {current_period_end && !cancel_at_period_end ? (
          <>
            <dt className={term}>Renews on</dt>
            <dd className={detail}>{formatDate(current_period_end)}</dd>
          </>
        ) : null}
      </dl>
      {current_period_end && cancel_at_period_end ? (
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          Pro until {formatDate(current_period_end)}
        </p>
      ) : null}
    </div>
  );
}

import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CheckoutPath } from '../../../../shared/api/billing';
import type { BillingPeriod } from '../../../../shared/plans';
import { textLink } from '../../../components/ui/styles';
import { useClientConfig } from '../../../lib/providers/client-config';
import { getToken } from '../../../lib/session';
import { useBillingAreaGate } from '../lib/use-billing-area-gate';
import { useCheckout } from '../lib/use-checkout';
import { BillingPeriodToggle } from './billing-period-toggle';
import { PaymentNotices } from './payment-notices';
import { ProPlanCard } from './pro-plan-card';

/** The body of /plans and /yplans; they differ only in `checkoutPath`. */
export function PlanChooser({ checkoutPath }: { checkoutPath: CheckoutPath }) {
  useBillingAreaGate();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const checkout = useCheckout(checkoutPath);
  const demo = useClientConfig().data?.billing.demo ?? false;
  // Read once: the gate above may sign an unusable session out, and then the page is left anyway.
  const [signedIn] = useState(() => getToken() !== null);
  return (
    <>
      {signedIn ? (
        <p>
          <Link className={`inline-flex items-center gap-1 text-sm ${textLink}`} to="/">
            <ArrowLeft aria-hidden="true" size={16} />
            Back to chat
          </Link>
        </p>
      ) : null}
      <PaymentNotices />
      <BillingPeriodToggle value={period} onChange={setPeriod} />
      <ProPlanCard period={period} busy={checkout.busy} onSubscribe={() => void checkout.subscribe(period)} />
      {checkout.error ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {checkout.error}
        </p>
      ) : null}
      {demo ? (
        <p className="text-center text-xs text-slate-600 dark:text-slate-400">
          This checkout is a demo: no card is charged.
        </p>
      ) : null}
    </>
  );
}

import { useState } from 'react';
import type { BillingPeriod } from '../../../shared/plans';
import { PageShell } from '../../components/ui/page-shell';
import { ProPlanCard } from '../../features/plans/components/pro-plan-card';

function PlansPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <PageShell title="Choose Your Plan">
      <fieldset className="flex gap-2">
        <legend className="sr-only">Billing period</legend>
        {(['monthly', 'annually'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={period === value}
            onClick={() => setPeriod(value)}
            className={`rounded-full px-4 py-1 text-sm ${period === value ? 'bg-indigo-600 text-white' : 'bg-slate-100'}`}
          >
            {value === 'monthly' ? 'Monthly' : 'Annually'}
          </button>
        ))}
      </fieldset>
      <ProPlanCard period={period} />
    </PageShell>
  );
}

// /plans and /yplans differ only in their checkout path and price ids, which arrive with billing.
export const PlansRoute = PlansPage;
export const YPlansRoute = PlansPage;

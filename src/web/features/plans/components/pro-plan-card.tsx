import { Check } from 'lucide-react';
import { useId } from 'react';
import { type BillingPeriod, proPlan } from '../../../../shared/plans';

export function ProPlanCard({
  period,
  busy,
  onSubscribe,
}: {
  period: BillingPeriod;
  busy: boolean;
  onSubscribe: () => void;
}) {
  const nameId = useId();
  const price = period === 'monthly' ? `$${proPlan.price.monthly}/month` : `$${proPlan.price.annually}/year`;
  return (
    <article aria-labelledby={nameId} className="rounded-xl p-6 ring-1 ring-slate-200 dark:ring-slate-700">
      <h2 id={nameId} className="text-lg font-semibold">
        {proPlan.name}
      </h2>
      <p className="text-slate-600 dark:text-slate-400">{proPlan.description}</p>
      <p className="mt-4 text-2xl font-bold">{price}</p>
      {period === 'annually' ? (
        <p className="text-sm text-emerald-700 dark:text-emerald-400">{proPlan.annualSavingText}</p>
      ) : null}
      <ul className="mt-4 space-y-1 text-sm text-slate-700 dark:text-slate-300">
        {proPlan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled={busy}
        onClick={onSubscribe}
        className="mt-6 w-full rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? 'Processing...' : 'Subscribe Now'}
      </button>
    </article>
  );
}

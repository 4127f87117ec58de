import type { BillingPeriod } from '../../../../shared/plans';

const periods: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annually', label: 'Annually' },
];

/** The Monthly/Annually toggle above the plan card. */
export function BillingPeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  return (
    <fieldset className="flex gap-2">
      <legend className="sr-only">Billing period</legend>
      {periods.map((period) => (
        <button
          key={period.value}
          type="button"
          aria-pressed={value === period.value}
          onClick={() => onChange(period.value)}
          className={`rounded-full px-4 py-1 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 ${value === period.value ? 'bg-indigo-600 text-white' : 'bg-slate-100 dark:bg-slate-800 dark:text-slate-200'}`}
        >
          {period.label}
        </button>
      ))}
    </fieldset>
  );
}

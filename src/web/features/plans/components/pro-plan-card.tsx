import { type BillingPeriod, proPlan } from '../../../../shared/plans';

export function ProPlanCard({ period }: { period: BillingPeriod }) {
  const price = period === 'monthly' ? `$${proPlan.price.monthly}/month` : `$${proPlan.price.annually}/year`;
  return (
    <article className="rounded-xl p-6 ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold">{proPlan.name}</h2>
      <p className="text-slate-600">{proPlan.description}</p>
      <p className="mt-4 text-2xl font-bold">{price}</p>
      {period === 'annually' ? <p className="text-sm text-emerald-700">{proPlan.annualSavingText}</p> : null}
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {proPlan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </article>
  );
}

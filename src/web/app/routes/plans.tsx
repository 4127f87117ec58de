import { PageShell } from '../../components/ui/page-shell';
import { PlanChooser } from '../../features/plans/components/plan-chooser';
import { takeSessionFromAddress } from '../../lib/session-handoff';

// Before the first render reads the session: login and the chat hand it over in the address.
export function PlansRoute() {
  takeSessionFromAddress();
  return (
    <PageShell title="Choose Your Plan">
      <PlanChooser checkoutPath="payment" />
    </PageShell>
  );
}

export function YPlansRoute() {
  takeSessionFromAddress();
  return (
    <PageShell title="Choose Your Plan">
      <PlanChooser checkoutPath="ypayment" />
    </PageShell>
  );
}

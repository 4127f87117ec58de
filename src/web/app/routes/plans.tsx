import { SessionHandoff } from '../../components/session-handoff/session-handoff';
import { PageShell } from '../../components/ui/page-shell';
import { PlanChooser } from '../../features/plans/components/plan-chooser';

// Before the plan chooser reads the session: login and the chat may hand it over in the address.
export function PlansRoute() {
  return (
    <SessionHandoff>
      <PageShell title="Choose Your Plan">
        <PlanChooser checkoutPath="payment" />
      </PageShell>
    </SessionHandoff>
  );
}

export function YPlansRoute() {
  return (
    <SessionHandoff>
      <PageShell title="Choose Your Plan">
        <PlanChooser checkoutPath="ypayment" />
      </PageShell>
    </SessionHandoff>
  );
}

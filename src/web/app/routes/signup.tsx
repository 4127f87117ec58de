import { PageShell } from '../../components/ui/page-shell';
import { SignupFlow } from '../../features/auth/components/signup-flow';

export function SignupRoute() {
  return (
    <PageShell title="Join ARLO" subtitle="Exact answers about your Meta Ads, in plain English.">
      <SignupFlow />
    </PageShell>
  );
}

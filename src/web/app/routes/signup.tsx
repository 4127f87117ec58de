import { PageShell } from '../../components/ui/page-shell';
import { AuthSwitchLink } from '../../features/auth/components/auth-switch-link';

export function SignupRoute() {
  return (
    <PageShell title="Join ARLO" subtitle="Exact answers about your Meta Ads, in plain English.">
      <AuthSwitchLink to="/login" />
    </PageShell>
  );
}

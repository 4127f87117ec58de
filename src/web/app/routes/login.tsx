import { PageShell } from '../../components/ui/page-shell';
import { AuthSwitchLink } from '../../features/auth/components/auth-switch-link';

export function LoginRoute() {
  return (
    <PageShell title="Sign in to ARLO" subtitle="Ask your Meta Ads data anything.">
      <AuthSwitchLink to="/signup" />
    </PageShell>
  );
}

import { PageShell } from '../../components/ui/page-shell';
import { LoginFlow } from '../../features/auth/components/login-flow';

export function LoginRoute() {
  return (
    <PageShell title="Sign in to ARLO" subtitle="Ask your Meta Ads data anything.">
      <LoginFlow />
    </PageShell>
  );
}

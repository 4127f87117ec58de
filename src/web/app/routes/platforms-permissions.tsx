import { PageShell } from '../../components/ui/page-shell';
import { PlatformList } from '../../features/permissions/components/platform-list';

export function PlatformsPermissionsRoute() {
  return (
    <PageShell
      title="Platform Permissions"
      subtitle="Connect your advertising platforms to unlock powerful insights"
    >
      <PlatformList />
    </PageShell>
  );
}

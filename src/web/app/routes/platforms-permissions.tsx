import { PageShell } from '../../components/ui/page-shell';
import { PlatformPermissions } from '../../features/permissions/components/platform-permissions';

export function PlatformsPermissionsRoute() {
  return (
    <PageShell
      title="Platform Permissions"
      subtitle="Connect your advertising platforms to unlock powerful insights"
    >
      <PlatformPermissions />
    </PageShell>
  );
}

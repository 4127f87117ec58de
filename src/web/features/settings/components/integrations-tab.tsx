import { TriangleAlert } from 'lucide-react';
import type { StatusUser } from '../../../lib/user-status';
import { FACEBOOK_REQUIRED, UNAVAILABLE_INTEGRATIONS } from '../lib/integrations';
import { IntegrationRow } from './integration-row';
import { MetaAdsIntegration } from './meta-ads-integration';
import { SectionHeading } from './section-heading';

const disabledButton =
  'cursor-not-allowed rounded-lg bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-500 dark:bg-slate-800 dark:text-slate-400';

/**
 * Settings → Integrations: Meta Ads to connect or manage, with a banner while
 * Facebook permissions are missing (never granted, or the token expired); the others are disabled.
 */
export function IntegrationsTab({
  user,
  onManageAccounts,
}: {
  user: StatusUser | undefined;
  onManageAccounts: () => void;
}) {
  const needsFacebook = user !== undefined && !user.fb_permissions_granted;
  return (
    <section className="space-y-4">
      <SectionHeading title="Integrations" hint="ARLO reads your ad data with read-only access." />
      {needsFacebook ? (
        <div className="flex gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-900">
          <TriangleAlert aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
          <div>
            <p className="font-semibold">{FACEBOOK_REQUIRED}</p>
            <p>
              Connect Meta Ads again to keep asking about your ads: the permission was never given or has
              expired.
            </p>
          </div>
        </div>
      ) : null}
      <ul aria-label="Integrations" className="divide-y divide-slate-100 dark:divide-slate-800">
        <MetaAdsIntegration user={user} onManage={onManageAccounts} />
        {UNAVAILABLE_INTEGRATIONS.map(({ name, about, note }) => (
          <IntegrationRow key={name} name={name} detail={about}>
            <button type="button" disabled aria-label={`${name}: ${note}`} className={disabledButton}>
              {note}
            </button>
          </IntegrationRow>
        ))}
      </ul>
    </section>
  );
}

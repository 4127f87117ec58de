import { FacebookMark } from '../../../components/ui/brand-marks';
import { InlineNotice } from '../../../components/ui/inline-notice';
import type { StatusUser } from '../../../lib/user-status';
import { useFacebookReconnect } from '../lib/use-facebook-reconnect';
import { IntegrationRow } from './integration-row';

// Connect goes to Facebook, so it wears Facebook's button; Manage is ARLO's own dialog.
const facebookButton =
  'inline-flex items-center gap-1.5 rounded-lg bg-facebook px-3 py-1.5 text-sm font-medium text-white hover:bg-facebook-hover focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50';
const secondary =
  'rounded-lg bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

const manage =
  'rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

/**
 * Meta Ads in Settings → Integrations: Connect while permissions are missing; once granted, Manage
 * (the Manage Meta Accounts dialog) and Reconnect (to add accounts or renew the grant).
 */
export function MetaAdsIntegration({
  user,
  onManage,
}: {
  user: StatusUser | undefined;
  onManage: () => void;
}) {
  const facebook = useFacebookReconnect(user ? { uid: user.uid, name: user.name } : undefined);
  const granted = user?.fb_permissions_granted === true;
  const active = user?.accounts.filter((account) => account.active).length ?? 0;
  const detail = granted
    ? `Connected · ${active} of ${user?.accounts.length ?? 0} ad accounts on`
    : 'Not connected';
  const verb = granted ? 'Reconnect' : 'Connect';
  return (
    <>
      <IntegrationRow name="Meta Ads" detail={detail}>
        <button
          type="button"
          aria-label={`${verb} Meta Ads`}
          disabled={facebook.busy}
          aria-busy={facebook.busy}
          onClick={facebook.connect}
          className={granted ? secondary : facebookButton}
        >
          {granted ? null : <FacebookMark className="size-4" />}
          {verb}
        </button>
        {granted ? (
          <button type="button" aria-label="Manage Meta Ads" onClick={onManage} className={manage}>
            Manage
          </button>
        ) : null}
      </IntegrationRow>
      {facebook.notice ? (
        <li className="list-none pb-3">
          <InlineNotice notice={facebook.notice} />
        </li>
      ) : null}
    </>
  );
}

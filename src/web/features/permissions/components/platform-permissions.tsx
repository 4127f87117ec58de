import { InlineNotice } from '../../../components/ui/inline-notice';
import { primaryButton } from '../../../components/ui/styles';
import { usePermissionsGate } from '../lib/use-permissions-gate';
import { usePlatformConnections } from '../lib/use-platform-connections';
import { FacebookButton } from './facebook-button';
import { ImportStatus } from './import-status';

/** The permissions step of signup: connect an ad platform, then Next. */
export function PlatformPermissions() {
  const { user } = usePermissionsGate();
  const { facebookButton, busy, connected, notice, connect, next } = usePlatformConnections(user);
  return (
    <div className="space-y-4">
      <div className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <p className="font-semibold">Read-Only Access</p>
        <p className="mt-1">
          ARLO only reads your ad data, with Facebook's ads_read permission. It cannot create, change or
          delete your campaigns or ads.
        </p>
      </div>
      <FacebookButton state={facebookButton} busy={busy} onClick={connect} />
      <button
        type="button"
        disabled
        className="w-full cursor-not-allowed rounded-lg bg-slate-100 px-4 py-2 font-medium text-slate-600 opacity-75 dark:bg-slate-800 dark:text-slate-400"
      >
        Connect Google Ads - Coming soon
      </button>
      <InlineNotice notice={notice} />
      {connected ? <ImportStatus /> : null}
      <button type="button" disabled={!connected} onClick={next} className={`w-full ${primaryButton}`}>
        Next
      </button>
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">
        Your connections are secured with OAuth 2.0
      </p>
    </div>
  );
}

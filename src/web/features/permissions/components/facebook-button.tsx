import { FacebookMark } from '../../../components/ui/brand-marks';
import type { FacebookButtonState } from '../lib/use-platform-connections';
import { CheckMark } from './check-mark';

const labels: Record<FacebookButtonState, string> = {
  loading: 'Loading Facebook...',
  ready: 'Connect Facebook Ads',
  connected: 'Facebook Ads - Connected',
};

/** Disabled until the SDK has loaded, and again once connected. */
export function FacebookButton({
  state,
  busy,
  onClick,
}: {
  state: FacebookButtonState;
  busy: boolean;
  onClick: () => void;
}) {
  const connected = state === 'connected';
  return (
    <button
      type="button"
      disabled={state !== 'ready' || busy}
      aria-busy={busy}
      onClick={onClick}
      className={`flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed ${
        connected
          ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800'
          : 'bg-facebook text-white hover:bg-facebook-hover disabled:opacity-50'
      }`}
    >
      {connected ? <CheckMark /> : <FacebookMark />}
      {labels[state]}
    </button>
  );
}

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
      className={`flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium disabled:cursor-not-allowed ${
        connected
          ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200'
          : 'bg-[#1877F2] text-white hover:bg-[#166FE5] disabled:opacity-60'
      }`}
    >
      {connected ? <CheckMark /> : null}
      {labels[state]}
    </button>
  );
}

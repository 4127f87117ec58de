import { type ReactNode, useEffect, useState } from 'react';
import { HANDOFF_INVALID } from '../../../shared/api/handoff';
import { acceptHandoff, type HandoffOutcome, takeSessionFromAddress } from '../../lib/session-handoff';
import { InlineNotice } from '../ui/inline-notice';
import { SwitchAccountDialog } from './switch-account-dialog';

type Stage =
  | { kind: 'checking' }
  | Extract<HandoffOutcome, { kind: 'ask' }>
  | { kind: 'ready'; ignored: boolean };

/**
 * Takes a session handed over in the address (see takeSessionFromAddress) before `children`
 * mount, since pages read the stored session once, when they mount. While the link's token is
 * checked nothing else shows; another user's session waits for the person at the screen to choose.
 */
export function SessionHandoff({ children }: { children: ReactNode }) {
  // Read once: the address is cleaned at once, so a second read would find nothing.
  const [handoff] = useState(() => takeSessionFromAddress());
  const [stage, setStage] = useState<Stage>(
    handoff ? { kind: 'checking' } : { kind: 'ready', ignored: false },
  );

  useEffect(() => {
    if (!handoff) return;
    let live = true;
    handoff
      .catch((): HandoffOutcome => ({ kind: 'ignored' }))
      .then((outcome) => {
        if (!live) return;
        setStage(outcome.kind === 'ask' ? outcome : { kind: 'ready', ignored: outcome.kind === 'ignored' });
      });
    return () => {
      live = false;
    };
  }, [handoff]);

  const ready = (ignored = false) => setStage({ kind: 'ready', ignored });
  switch (stage.kind) {
    case 'checking':
      return (
        <p role="status" className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">
          Checking your sign-in link…
        </p>
      );
    case 'ask':
      return (
        <SwitchAccountDialog
          current={stage.current}
          incoming={stage.incoming.user}
          onStay={() => ready()}
          onSwitch={() => {
            acceptHandoff(stage.incoming);
            ready();
          }}
        />
      );
    case 'ready':
      return (
        <>
          {stage.ignored ? (
            <div className="fixed inset-x-4 top-3 z-40 mx-auto flex w-fit max-w-lg items-start gap-2">
              <InlineNotice notice={{ text: HANDOFF_INVALID, tone: 'error' }} />
              <button
                type="button"
                onClick={() => ready()}
                className="rounded-lg bg-white px-2 py-2 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700"
              >
                Dismiss
              </button>
            </div>
          ) : null}
          {children}
        </>
      );
  }
}

import { useRef } from 'react';
import type { UserInfo } from '../../lib/session';
import { ModalDialog } from '../ui/modal-dialog';

const stayStyle =
  'rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const switchStyle =
  'rounded-lg bg-slate-100 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/**
 * Asked when a link carries another user's session than the one signed in here: a link can come
 * from anyone, so only the person at the screen may switch. Staying is the safe choice, so it has
 * the focus, and closing the dialog also stays.
 */
export function SwitchAccountDialog({
  current,
  incoming,
  onStay,
  onSwitch,
}: {
  current: UserInfo;
  incoming: UserInfo;
  onStay: () => void;
  onSwitch: () => void;
}) {
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog title="Switch account?" onClose={onStay} initialFocus={stay}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        You are signed in as <strong className="break-all">{current.uid}</strong>. This link signs you in as{' '}
        <strong className="break-all">{incoming.uid}</strong>.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <button ref={stay} type="button" className={stayStyle} onClick={onStay}>
          Stay as {current.uid}
        </button>
        <button type="button" className={switchStyle} onClick={onSwitch}>
          Switch to {incoming.uid}
        </button>
      </div>
    </ModalDialog>
  );
}

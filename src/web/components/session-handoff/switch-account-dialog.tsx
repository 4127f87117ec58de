import { useRef } from 'react';
import type { UserInfo } from '../../lib/session';
import { ModalDialog } from '../ui/modal-dialog';
import { primaryButton, secondaryButton } from '../ui/styles';

const stayStyle = `text-sm ${primaryButton}`;
const switchStyle = secondaryButton;

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

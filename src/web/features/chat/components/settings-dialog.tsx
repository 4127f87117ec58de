import { type ReactNode, useRef, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { AccountSection } from './account-section';

/**
 * The Settings dialog (SPEC.md section 2), for now only its Account tab; the rest arrives with the
 * full dialog. The chat feature cannot know the billing feature, so the app passes the Manage
 * Subscription dialog in through `renderManageSubscription`.
 */
export function SettingsDialog({
  uid,
  status,
  onClose,
  renderManageSubscription,
}: {
  uid: string | undefined;
  status: string | undefined;
  onClose: () => void;
  renderManageSubscription?: ((close: () => void) => ReactNode) | undefined;
}) {
  const close = useRef<HTMLButtonElement>(null);
  const [managing, setManaging] = useState(false);
  return (
    <>
      <ModalDialog title="Settings" onClose={onClose} initialFocus={close}>
        <AccountSection
          uid={uid}
          status={status}
          onManage={renderManageSubscription ? () => setManaging(true) : undefined}
        />
        <p className="text-sm text-slate-600">Integrations and appearance settings arrive soon.</p>
        <button
          ref={close}
          type="button"
          onClick={onClose}
          className="w-full rounded-lg bg-slate-100 px-4 py-2 text-sm font-medium hover:bg-slate-200"
        >
          Close
        </button>
      </ModalDialog>
      {managing && renderManageSubscription ? renderManageSubscription(() => setManaging(false)) : null}
    </>
  );
}

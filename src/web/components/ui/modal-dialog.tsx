import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useState } from 'react';

const widths = { md: 'max-w-md', lg: 'max-w-xl', xl: 'max-w-3xl' } as const;

/**
 * A modal dialog on Radix: labelled by its title, focus trapped inside, closed by Escape (the top
 * one only, when they stack) or the close button, and focus given back to the opener on close.
 * Focus moves in to `initialFocus`, else the first focusable element.
 */
export function ModalDialog({
  title,
  onClose,
  initialFocus,
  size = 'md',
  children,
}: {
  title: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  size?: keyof typeof widths;
  children: ReactNode;
}) {
  // Radix gives focus back to a Dialog.Trigger; these dialogs are opened by the app's own buttons,
  // so the element focused when the dialog first rendered is remembered and focused on close.
  const [opener] = useState(() => document.activeElement);
  const focusOpener = (event: Event) => {
    if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
  const focusInitial = (event: Event) => {
    if (!initialFocus?.current) return;
    event.preventDefault();
    initialFocus.current.focus();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-30 grid place-items-center overflow-y-auto bg-slate-900/40 p-6 dark:bg-black/60">
          <Dialog.Content
            // No separate description: the title and the content speak for themselves.
            aria-describedby={undefined}
            // Radix hides the rest of the page from assistive tech; this says so on the dialog too.
            aria-modal="true"
            onOpenAutoFocus={focusInitial}
            onCloseAutoFocus={focusOpener}
            className={`w-full ${widths[size]} space-y-4 rounded-2xl bg-white p-6 text-slate-900 shadow-lg focus:outline-none dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700`}
          >
            <div className="flex items-center justify-between gap-4">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              <Dialog.Close
                aria-label={`Close ${title}`}
                className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800"
              >
                <X aria-hidden="true" size={18} />
              </Dialog.Close>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

// Dialogs can stack (Manage Subscription opens over Settings); Escape closes only the top one.
const openDialogs: symbol[] = [];

/**
 * A modal dialog: labelled by its title, closed by Escape or the close button, focus moved in on
 * open (to `initialFocus`, else the dialog itself) and given back to where it was on close.
 */
export function ModalDialog({
  title,
  onClose,
  initialFocus,
  children,
}: {
  title: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  const focusTarget = useRef(initialFocus);

  useEffect(() => {
    const id = Symbol(titleId);
    openDialogs.push(id);
    const before = document.activeElement;
    (focusTarget.current?.current ?? dialog.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openDialogs.at(-1) === id) latestClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const index = openDialogs.indexOf(id);
      if (index >= 0) openDialogs.splice(index, 1);
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [titleId]);

  return (
    <div className="fixed inset-0 z-30 flex items-center justify-center bg-slate-900/40 p-6">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-lg focus:outline-none"
      >
        <div className="flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            aria-label={`Close ${title}`}
            onClick={onClose}
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <X aria-hidden="true" size={18} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

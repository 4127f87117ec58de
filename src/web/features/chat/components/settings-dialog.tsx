import { useEffect, useId, useRef } from 'react';

/** A placeholder until the Settings dialog (SPEC.md section 2) is built in issue 8. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latestClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="fixed inset-0 z-30 flex items-center justify-center bg-slate-900/40 p-6">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-lg"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Settings
        </h2>
        <p className="text-sm text-slate-600">
          Settings arrive soon: account, integrations and appearance will be managed here.
        </p>
        <button
          ref={close}
          type="button"
          onClick={onClose}
          className="w-full rounded-lg bg-slate-100 px-4 py-2 text-sm font-medium hover:bg-slate-200"
        >
          Close
        </button>
      </div>
    </div>
  );
}

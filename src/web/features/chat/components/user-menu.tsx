import { CircleUser, LogOut, Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/** The user menu: an icon button named "User menu"; the menu says who is signed in, then Settings and Log out. */
export function UserMenu({
  name,
  onSettings,
  onLogout,
}: {
  name: string | undefined;
  onSettings: () => void;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const entry =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        // Only while the menu is there: a reference to a missing element is an ARIA error.
        aria-controls={open ? menuId : undefined}
        aria-label="User menu"
        onClick={() => setOpen((value) => !value)}
        className="flex items-center rounded-full p-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <CircleUser aria-hidden="true" size={20} />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-30 mt-1 w-52 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          {name ? (
            <p className="truncate border-b border-slate-100 px-3 pt-1 pb-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              Signed in as <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
            </p>
          ) : null}
          <button
            type="button"
            className={entry}
            onClick={() => {
              // The entry goes with the menu; the menu's button is where Settings gives focus back.
              trigger.current?.focus();
              setOpen(false);
              onSettings();
            }}
          >
            <Settings aria-hidden="true" size={16} /> Settings
          </button>
          <button type="button" className={entry} onClick={onLogout}>
            <LogOut aria-hidden="true" size={16} /> Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}

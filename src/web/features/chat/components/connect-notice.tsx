import { CHAT_TEXT } from '../lib/messages';
import { useTypewriter } from '../lib/use-typewriter';

/** Without ad permissions, the assistant asks the user to connect in Settings. */
export function ConnectNotice() {
  const typed = useTypewriter(CHAT_TEXT.connectNotice);
  return (
    <div className="w-full max-w-3xl rounded-2xl bg-white p-4 text-sm text-slate-800 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800">
      {/* Screen readers get the whole notice once, not every character as it types. */}
      <p className="sr-only">{CHAT_TEXT.connectNotice}</p>
      <p aria-hidden="true">{typed}</p>
    </div>
  );
}

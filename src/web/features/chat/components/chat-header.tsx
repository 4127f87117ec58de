import { ArrowLeft, Eye } from 'lucide-react';
import type { ChatModel } from '../../../../shared/api/chat';
import { ModelPicker } from './model-picker';
import { UserMenu } from './user-menu';

/**
 * The chat's top bar: the wordmark, the model picker and the user menu, and while a past chat is
 * open its badge and the way back. Below lg those two take a second row, so a phone's header never
 * grows wider than the screen. The chats panel's toggle sits over its left end.
 */
export function ChatHeader({
  model,
  onModel,
  userName,
  onSettings,
  onLogout,
  viewingPast,
  onBackToCurrent,
}: {
  model: ChatModel;
  onModel: (model: ChatModel) => void;
  userName: string | undefined;
  onSettings: () => void;
  onLogout: () => void;
  viewingPast: boolean;
  onBackToCurrent: () => void;
}) {
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-x-3 border-b border-slate-200 bg-white px-3 sm:px-4 lg:flex-nowrap dark:border-slate-800 dark:bg-slate-900">
      <span className="ml-11 flex h-14 items-center text-sm font-semibold tracking-widest text-indigo-600 md:ml-0 dark:text-indigo-300">
        ARLO
      </span>
      {viewingPast ? (
        <div className="order-last flex w-full items-center justify-between gap-2 pb-2 lg:order-none lg:w-auto lg:flex-1 lg:justify-center lg:pb-0">
          <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
            <Eye aria-hidden="true" size={14} /> Viewing Past Conversation
          </span>
          <button
            type="button"
            onClick={onBackToCurrent}
            aria-label="Back to current chat"
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-slate-800"
          >
            <ArrowLeft aria-hidden="true" size={14} />
            <span>
              Back<span className="hidden sm:inline"> to current chat</span>
            </span>
          </button>
        </div>
      ) : null}
      <div className="ml-auto flex h-14 min-w-0 items-center gap-2 sm:gap-3">
        <ModelPicker value={model} onChange={onModel} />
        <UserMenu name={userName} onSettings={onSettings} onLogout={onLogout} />
      </div>
    </header>
  );
}

import { FileText, MessageSquare, PanelLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import type { SessionSummary } from '../../../../shared/api/chat';
import { REPORT_PROMPTS } from '../lib/messages';

const item =
  'flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * The left side panel: it opens on hover (or with its button, for keyboard and
 * touch). Projects: New Chat, Current chat and the scrolling Recent chats; Prompts: the reports.
 */
export function SidePanel({
  sessions,
  loading,
  viewingId,
  onNewChat,
  onCurrent,
  onOpenPast,
  onPrompt,
  promptsDisabled,
}: {
  sessions: readonly SessionSummary[];
  loading: boolean;
  viewingId: string | null;
  onNewChat: () => void;
  onCurrent: () => void;
  onOpenPast: (session: SessionSummary) => void;
  onPrompt: (prompt: string) => void;
  promptsDisabled: boolean;
}) {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;
  return (
    <nav
      aria-label="Chats"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      className={`fixed inset-y-0 left-0 z-20 flex flex-col border-r border-slate-200 bg-white transition-[width] dark:border-slate-800 dark:bg-slate-900 ${
        open ? 'w-72 shadow-lg' : 'w-12'
      }`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-label={open ? 'Close chats panel' : 'Open chats panel'}
        onClick={() => setPinned((value) => !value)}
        className="m-2 self-start rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <PanelLeft aria-hidden="true" size={18} />
      </button>
      {open ? (
        <div className="flex-1 space-y-6 overflow-y-auto px-3 pb-4">
          <section aria-labelledby="chat-panel-projects" className="space-y-1">
            <h2
              id="chat-panel-projects"
              className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Projects
            </h2>
            <button type="button" className={item} onClick={onNewChat}>
              <Plus aria-hidden="true" size={16} /> New Chat
            </button>
            <button
              type="button"
              className={`${item} ${viewingId === null ? 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200' : ''}`}
              aria-current={viewingId === null ? 'page' : undefined}
              onClick={onCurrent}
            >
              <MessageSquare aria-hidden="true" size={16} /> Current chat
            </button>
            <h3 id="chat-panel-recent" className="px-2 pt-2 text-xs font-medium text-slate-500">
              Recent chats
            </h3>
            <ul aria-labelledby="chat-panel-recent" className="max-h-48 space-y-0.5 overflow-y-auto">
              {sessions.length === 0 ? (
                <li className="px-2 py-1 text-sm text-slate-400">
                  {loading ? 'Loading…' : 'No recent chats'}
                </li>
              ) : (
                sessions.map((session) => (
                  <li key={session.sessionId}>
                    <button
                      type="button"
                      title={session.title}
                      className={`${item} ${viewingId === session.sessionId ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200' : ''}`}
                      aria-current={viewingId === session.sessionId ? 'page' : undefined}
                      onClick={() => onOpenPast(session)}
                    >
                      <span className="truncate">{session.title}</span>
                    </button>
                  </li>
                ))
              )}
            </ul>
          </section>
          <section aria-labelledby="chat-panel-prompts" className="space-y-1">
            <h2
              id="chat-panel-prompts"
              className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Prompts
            </h2>
            {REPORT_PROMPTS.map(({ label, prompt }) => (
              <button
                key={label}
                type="button"
                className={item}
                disabled={promptsDisabled}
                onClick={() => onPrompt(prompt)}
              >
                <FileText aria-hidden="true" size={16} /> {label}
              </button>
            ))}
          </section>
        </div>
      ) : null}
    </nav>
  );
}

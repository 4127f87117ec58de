import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type ChatModel, MAX_MESSAGE_CHARS, type SessionSummary } from '../../../../shared/api/chat';
import { recentSessionsKey, useRecentSessions } from '../api/get-recent-sessions';
import { useSession } from '../api/get-session';
import { startNewChat } from '../lib/chat-session';
import { historyToEntries } from '../lib/conversation';
import { CHAT_TEXT } from '../lib/messages';
import {
  loadModel,
  loadRelatedMinimized,
  loadSession,
  saveModel,
  saveRelatedMinimized,
} from '../lib/storage';
import { useChat } from '../lib/use-chat';
import { useChatGate, useLogout } from '../lib/use-chat-gate';
import { useNow } from '../lib/use-now';
import { ChatInput } from './chat-input';
import { ConnectNotice } from './connect-notice';
import { ConnectedAccounts } from './connected-accounts';
import { ChatEmptyState } from './empty-state';
import { MessageList } from './message-list';
import { ModelPicker } from './model-picker';
import { NoticeMessage } from './notice-message';
import { ProgressIndicator } from './progress-indicator';
import { RelatedSuggestions } from './related-suggestions';
import { SidePanel } from './side-panel';
import { UserMenu } from './user-menu';

/** The sessions list refreshes 1 s after a new chat. */
export const NEW_CHAT_REFRESH_MS = 1_000;

function PastConversation({ token, session }: { token: string | null; session: SessionSummary }) {
  const past = useSession(token, session.sessionId);
  const entries = useMemo(() => (past.data ? historyToEntries(past.data.history.messages) : []), [past.data]);
  if (past.isPending) return <p className="text-sm text-slate-500">Loading conversation…</p>;
  if (past.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        Could not load this conversation.
      </p>
    );
  return <MessageList entries={entries} now={0} />;
}

/**
 * The chat screen, `/`. `renderSettings` is the app's Settings dialog, opened
 * from the user menu (features do not import each other).
 */
export function ChatScreen({ renderSettings }: { renderSettings?: (close: () => void) => ReactNode }) {
  const queryClient = useQueryClient();
  const { token, user, permitted } = useChatGate();
  const logout = useLogout();
  const [model, setModel] = useState<ChatModel>(loadModel);
  const [relatedMinimized, setRelatedMinimized] = useState(loadRelatedMinimized);
  const [viewing, setViewing] = useState<SessionSummary | null>(null);
  const [pastBlocked, setPastBlocked] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const recent = useRecentSessions(token);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const bottom = useRef<HTMLDivElement>(null);

  const refreshSessions = () => void queryClient.invalidateQueries({ queryKey: recentSessionsKey(token) });
  const chat = useChat({ token, model, onUnauthorized: logout, onAnswered: refreshSessions });
  const now = useNow(chat.processing);

  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  const lastEntry = chat.entries.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message is added or grows.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastEntry, chat.processing]);

  /** Every way of asking (input, cards, prompts, Related) goes through the same message rules. */
  const submit = (text: string): boolean => {
    const question = text.trim();
    if (!question || !permitted || question.length > MAX_MESSAGE_CHARS) return false;
    if (viewing) {
      setPastBlocked(true);
      return false;
    }
    if (chat.processing) return false;
    void chat.send(question);
    return true;
  };

  const returnToCurrent = () => {
    setViewing(null);
    setPastBlocked(false);
  };

  const openPast = (session: SessionSummary) => {
    if (session.sessionId === loadSession()?.id) return returnToCurrent();
    setPastBlocked(false);
    setViewing(session);
  };

  const newChat = async () => {
    returnToCurrent();
    chat.reset();
    if (token) {
      try {
        await startNewChat(token);
      } catch {
        // The next question resolves a session anyway.
      }
    }
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(refreshSessions, NEW_CHAT_REFRESH_MS);
  };

  const changeModel = (value: ChatModel) => {
    setModel(value);
    saveModel(value);
  };

  const toggleRelated = () => {
    setRelatedMinimized((value) => {
      saveRelatedMinimized(!value);
      return !value;
    });
  };

  const pending = chat.pending;
  const related =
    !chat.processing && lastEntry?.kind === 'assistant' && lastEntry.suggestions.length > 0
      ? lastEntry.suggestions
      : null;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SidePanel
        sessions={recent.data?.sessions ?? []}
        loading={recent.isPending && Boolean(token)}
        viewingId={viewing?.sessionId ?? null}
        onNewChat={() => void newChat()}
        onCurrent={returnToCurrent}
        onOpenPast={openPast}
        onPrompt={submit}
        promptsDisabled={!permitted || chat.processing}
      />
      <div className="flex min-h-screen flex-col pl-12">
        <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
          <span className="text-sm font-semibold tracking-widest text-indigo-600">ARLO</span>
          {viewing ? (
            <div className="flex items-center gap-2">
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-800">
                <Eye aria-hidden="true" size={14} /> Viewing Past Conversation
              </span>
              <button
                type="button"
                onClick={returnToCurrent}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950"
              >
                <ArrowLeft aria-hidden="true" size={14} /> Back to current chat
              </button>
            </div>
          ) : null}
          <div className="flex items-center gap-3">
            <ModelPicker value={model} onChange={changeModel} />
            <UserMenu name={user?.name} onSettings={() => setSettingsOpen(true)} onLogout={logout} />
          </div>
        </header>

        <main className="chat-text flex flex-1 flex-col items-center gap-4 px-6 py-8">
          {viewing ? (
            <>
              <h1 className="sr-only">Past conversation: {viewing.title}</h1>
              <PastConversation token={token} session={viewing} />
              {pastBlocked ? (
                <NoticeMessage
                  entry={{ kind: 'notice', id: 'past', tone: 'system', text: CHAT_TEXT.pastConversation }}
                />
              ) : null}
            </>
          ) : (
            <>
              {permitted ? null : <ConnectNotice />}
              {chat.entries.length === 0 ? (
                <>
                  <ChatEmptyState onPick={submit} disabled={!permitted} />
                  <ConnectedAccounts />
                </>
              ) : (
                <>
                  <h1 className="sr-only">Chat with ARLO</h1>
                  <MessageList entries={chat.entries} now={now} />
                </>
              )}
              {pending && (pending.report || !pending.answered) ? (
                <div className="w-full max-w-3xl">
                  <ProgressIndicator elapsedMs={now - pending.startedAt} report={pending.report} />
                </div>
              ) : null}
              {related ? (
                <RelatedSuggestions
                  suggestions={related}
                  minimized={relatedMinimized}
                  onToggle={toggleRelated}
                  onPick={submit}
                  disabled={!permitted}
                />
              ) : null}
            </>
          )}
          <div ref={bottom} />
        </main>

        <div className="sticky bottom-0 flex justify-center bg-slate-50 px-6 pt-2 pb-4 dark:bg-slate-950">
          <ChatInput onSend={submit} permitted={permitted} processing={chat.processing} />
        </div>
      </div>
      {settingsOpen && renderSettings ? renderSettings(() => setSettingsOpen(false)) : null}
    </div>
  );
}

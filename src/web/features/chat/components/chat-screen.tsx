import { useQueryClient } from '@tanstack/react-query';
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
import { useAnswerScroll } from '../lib/use-answer-scroll';
import { useChat } from '../lib/use-chat';
import { useChatGate, useLogout } from '../lib/use-chat-gate';
import { useNow } from '../lib/use-now';
import { useSidePanel } from '../lib/use-side-panel';
import { ChatHeader } from './chat-header';
import { ChatInput } from './chat-input';
import { ConnectNotice } from './connect-notice';
import { ConnectedAccounts } from './connected-accounts';
import { ChatEmptyState } from './empty-state';
import { MessageList } from './message-list';
import { NoticeMessage } from './notice-message';
import { ProgressIndicator } from './progress-indicator';
import { RelatedSuggestions } from './related-suggestions';
import { SidePanel } from './side-panel';

/** The sessions list refreshes 1 s after a new chat. */
export const NEW_CHAT_REFRESH_MS = 1_000;

function PastConversation({ token, session }: { token: string | null; session: SessionSummary }) {
  const past = useSession(token, session.sessionId);
  const entries = useMemo(() => (past.data ? historyToEntries(past.data.history.messages) : []), [past.data]);
  if (past.isPending)
    return <p className="text-sm text-slate-600 dark:text-slate-400">Loading conversation…</p>;
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
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const panel = useSidePanel();

  const refreshSessions = () => void queryClient.invalidateQueries({ queryKey: recentSessionsKey(token) });
  const chat = useChat({ token, model, onUnauthorized: logout, onAnswered: refreshSessions });
  const now = useNow(chat.processing);

  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  const lastEntry = chat.entries.at(-1);
  useAnswerScroll(scroller, content, lastEntry?.id, lastEntry?.kind === 'assistant', viewing === null);

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
    <div className="h-dvh overflow-hidden bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SidePanel
        panel={panel}
        sessions={recent.data?.sessions ?? []}
        loading={recent.isPending && Boolean(token)}
        viewingId={viewing?.sessionId ?? null}
        onNewChat={() => void newChat()}
        onCurrent={returnToCurrent}
        onOpenPast={openPast}
        onPrompt={submit}
        promptsDisabled={!permitted || chat.processing}
      />
      {/* Header and composer keep their places; only the messages between them scroll. */}
      <div inert={panel.modal} className="flex h-full min-w-0 flex-col md:pl-12">
        <ChatHeader
          model={model}
          onModel={changeModel}
          // Who is signed in: the name, or the email when the account has none.
          userName={user?.name || user?.uid}
          onSettings={() => setSettingsOpen(true)}
          onLogout={logout}
          viewingPast={viewing !== null}
          onBackToCurrent={returnToCurrent}
        />

        <main
          ref={scroller}
          aria-label="Conversation"
          className="chat-text min-h-0 flex-1 overflow-y-auto overscroll-contain"
        >
          <div ref={content} className="flex flex-col items-center gap-4 px-3 py-6 sm:px-6 sm:py-8">
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
          </div>
        </main>

        <section
          aria-label="Ask ARLO"
          className="flex shrink-0 justify-center border-t border-slate-200 bg-slate-50 px-3 pt-2 pb-3 sm:px-6 sm:pb-4 dark:border-slate-800 dark:bg-slate-950"
        >
          <ChatInput onSend={submit} permitted={permitted} processing={chat.processing} />
        </section>
      </div>
      {settingsOpen && renderSettings ? renderSettings(() => setSettingsOpen(false)) : null}
    </div>
  );
}

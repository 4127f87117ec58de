import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ChatModel } from '../../../../shared/api/chat';
import { ApiError } from '../../../lib/api-client';
import { ask } from '../api/ask';
import { getSession } from '../api/get-session';
import { clock, isStale, resolveSession } from './chat-session';
import { conversationReducer, type Entry, emptyConversation, historyToEntries } from './conversation';
import { CHAT_TEXT } from './messages';
import { forgetChatSession, loadSession, touchChatSession } from './storage';

/** How long 'Session expired. Redirecting to login...' shows before the redirect. */
export const EXPIRED_REDIRECT_MS = 1_500;

const timezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/**
 * The current conversation: sends questions to `POST /api/ask` and folds the stream events into
 * entries. `onUnauthorized` runs (after the expired message shows) when the server refuses the
 * token; `onAnswered` runs when a question has been saved, so the session list can refresh.
 */
export function useChat({
  token,
  model,
  onUnauthorized,
  onAnswered,
}: {
  token: string | null;
  model: ChatModel;
  onUnauthorized: () => void;
  onAnswered?: () => void;
}) {
  const [state, dispatch] = useReducer(conversationReducer, emptyConversation);
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onUnauthorized, onAnswered });
  callbacks.current = { onUnauthorized, onAnswered };

  useEffect(
    () => () => {
      controller.current?.abort();
      clearTimeout(redirect.current);
    },
    [],
  );

  // A reload shows the same conversation: the stored session, while it is
  // fresh, is read back from the server with the content types it was answered with.
  useEffect(() => {
    const stored = loadSession();
    if (!token || !stored || isStale(stored.lastActivity, clock.now())) return;
    let live = true;
    getSession(token, stored.id).then(
      (session) => {
        if (live && !busy.current)
          dispatch({ type: 'reset', entries: historyToEntries(session.history.messages) });
      },
      // Another user's or a deleted session: the next question starts a fresh one anyway.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token]);

  const send = useCallback(
    async (text: string) => {
      if (busy.current || !token) return;
      busy.current = true;
      const abort = new AbortController();
      controller.current = abort;
      dispatch({ type: 'send', text, at: clock.now() });
      const onEvent = (event: Parameters<Parameters<typeof ask>[1]['onEvent']>[0]) =>
        dispatch({ type: 'event', event, at: clock.now() });
      const question = (sessionId: string) =>
        ask(
          { message: text, sessionId, timezone: timezone(), model },
          { token, signal: abort.signal, onEvent },
        );
      try {
        try {
          const sessionId = await resolveSession(token);
          touchChatSession(clock.now());
          await question(sessionId);
        } catch (error) {
          // The stored session is not this user's (another account signed in on this browser):
          // the server refused it before streaming, so ask once more in a fresh session.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
          forgetChatSession();
          await question(await resolveSession(token));
        }
        touchChatSession(clock.now());
        dispatch({ type: 'finish' });
        callbacks.current.onAnswered?.();
      } catch (error) {
        if (abort.signal.aborted) return;
        callbacks.current.onAnswered?.();
        if (error instanceof ApiError && error.status === 401) {
          dispatch({ type: 'fail', text: CHAT_TEXT.sessionExpired });
          redirect.current = setTimeout(() => callbacks.current.onUnauthorized(), EXPIRED_REDIRECT_MS);
        } else if (error instanceof ApiError) {
          dispatch({ type: 'fail', text: error.message });
        } else {
          dispatch({ type: 'fail', text: CHAT_TEXT.connectionError });
        }
      } finally {
        // A reset may have started over meanwhile; then the new turn owns these.
        if (controller.current === abort) {
          controller.current = null;
          busy.current = false;
        }
      }
    },
    [token, model],
  );

  /** A new chat: the running answer (if any) is dropped and the conversation starts over. */
  const reset = useCallback((entries?: Entry[]) => {
    controller.current?.abort();
    controller.current = null;
    busy.current = false;
    dispatch({ type: 'reset', ...(entries ? { entries } : {}) });
  }, []);

  return { entries: state.entries, pending: state.pending, processing: state.pending !== null, send, reset };
}

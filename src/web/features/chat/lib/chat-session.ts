import { getCurrentSession } from '../api/get-current-session';
import { newChat } from '../api/new-chat';
import { loadSession, saveChatSession } from './storage';

/** After 30 minutes without a question, the next one starts a new session. */
export const INACTIVITY_MS = 30 * 60_000;

/** The clock the chat reads; tests may replace `now`. */
export const clock = { now: () => Date.now() };

export const isStale = (lastActivity: number, now: number) => now - lastActivity >= INACTIVITY_MS;

/**
 * The session the next question belongs to: the stored one while it is fresh; on a first visit the
 * server's current session if it was used within 30 minutes; otherwise a new chat. Sessions are
 * made by the server (it only accepts ids it issued), so the stored id is one it returned.
 */
export async function resolveSession(token: string, now: number = clock.now()): Promise<string> {
  const stored = loadSession();
  if (stored && !isStale(stored.lastActivity, now)) return stored.id;
  let from = stored?.id;
  if (!stored) {
    const current = await getCurrentSession(token);
    if (!isStale(Date.parse(current.updatedAt), now)) {
      saveChatSession(current.sessionId, now);
      return current.sessionId;
    }
    from = current.sessionId;
  }
  const { sessionId } = await newChat(token, from);
  saveChatSession(sessionId, now);
  return sessionId;
}

/** The 'New Chat' button: a new session from the stored one (reused by the server if untouched). */
export async function startNewChat(token: string, now: number = clock.now()): Promise<string> {
  const { sessionId } = await newChat(token, loadSession()?.id);
  saveChatSession(sessionId, now);
  return sessionId;
}

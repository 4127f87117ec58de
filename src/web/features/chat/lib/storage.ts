import { type ChatModel, chatModels, DEFAULT_MODEL } from '../../../../shared/api/chat';

/** SPEC.md section 3's local data for the chat, beside the token and userInfo of lib/session. */
const MODEL_KEY = 'selectedModel';
const RELATED_MINIMIZED_KEY = 'relatedMinimized';
const SESSION_ID_KEY = 'sessionId';
const LAST_ACTIVITY_KEY = 'sessionLastActivity';

// Storage can throw (private mode, quota); the chat then simply forgets between visits.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not remembered; the in-memory state still holds.
  }
}

export function loadModel(): ChatModel {
  const stored = read(MODEL_KEY);
  return (chatModels as readonly string[]).includes(stored ?? '') ? (stored as ChatModel) : DEFAULT_MODEL;
}

export const saveModel = (model: ChatModel) => write(MODEL_KEY, model);

export const loadRelatedMinimized = () => read(RELATED_MINIMIZED_KEY) === 'true';

export const saveRelatedMinimized = (minimized: boolean) => write(RELATED_MINIMIZED_KEY, String(minimized));

export interface StoredSession {
  id: string;
  /** When the user last asked something in it (ms since the epoch). */
  lastActivity: number;
}

export function loadSession(): StoredSession | null {
  const id = read(SESSION_ID_KEY);
  const lastActivity = Number(read(LAST_ACTIVITY_KEY));
  return id ? { id, lastActivity: Number.isFinite(lastActivity) ? lastActivity : 0 } : null;
}

export function saveChatSession(id: string, now: number): void {
  write(SESSION_ID_KEY, id);
  write(LAST_ACTIVITY_KEY, String(now));
}

export function touchChatSession(now: number): void {
  if (read(SESSION_ID_KEY)) write(LAST_ACTIVITY_KEY, String(now));
}

export function forgetChatSession(): void {
  write(SESSION_ID_KEY, null);
  write(LAST_ACTIVITY_KEY, null);
}

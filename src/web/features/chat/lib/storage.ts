import { type ChatModel, chatModels, DEFAULT_MODEL } from '../../../../shared/api/chat';
import { readLocal, writeLocal } from '../../../lib/local-storage';

/** The chat's local data, beside the token and userInfo of lib/session. */
const MODEL_KEY = 'selectedModel';
const RELATED_MINIMIZED_KEY = 'relatedMinimized';
const SESSION_ID_KEY = 'sessionId';
const LAST_ACTIVITY_KEY = 'sessionLastActivity';

export function loadModel(): ChatModel {
  const stored = readLocal(MODEL_KEY);
  return (chatModels as readonly string[]).includes(stored ?? '') ? (stored as ChatModel) : DEFAULT_MODEL;
}

export const saveModel = (model: ChatModel) => writeLocal(MODEL_KEY, model);

export const loadRelatedMinimized = () => readLocal(RELATED_MINIMIZED_KEY) === 'true';

export const saveRelatedMinimized = (minimized: boolean) =>
  writeLocal(RELATED_MINIMIZED_KEY, String(minimized));

export interface StoredSession {
  id: string;
  /** When the user last asked something in it (ms since the epoch). */
  lastActivity: number;
}

export function loadSession(): StoredSession | null {
  const id = readLocal(SESSION_ID_KEY);
  const lastActivity = Number(readLocal(LAST_ACTIVITY_KEY));
  return id ? { id, lastActivity: Number.isFinite(lastActivity) ? lastActivity : 0 } : null;
}

export function saveChatSession(id: string, now: number): void {
  writeLocal(SESSION_ID_KEY, id);
  writeLocal(LAST_ACTIVITY_KEY, String(now));
}

export function touchChatSession(now: number): void {
  if (readLocal(SESSION_ID_KEY)) writeLocal(LAST_ACTIVITY_KEY, String(now));
}

export function forgetChatSession(): void {
  writeLocal(SESSION_ID_KEY, null);
  writeLocal(LAST_ACTIVITY_KEY, null);
}

import type { ContentItem } from '../../../../shared/api/answer';
import type { HistoryMessage, StreamEvent } from '../../../../shared/api/chat';
import { CHAT_TEXT } from './messages';

export interface UserEntry {
  kind: 'user';
  id: string;
  text: string;
}

export interface AssistantEntry {
  kind: 'assistant';
  id: string;
  turn: number;
  analytics?: ContentItem;
  reasoning?: ContentItem;
  actionable_insights?: ContentItem;
  error?: ContentItem;
  settings?: ContentItem;
  suggestions: string[];
  /** Set for a report section (stored as isReportSection, reportQuestion). */
  report?: { order: number; title?: string; question?: string };
  /** When the analytics and the reasoning arrived: the pending part's phase label counts from it. */
  analyticsAt?: number;
  reasoningAt?: number;
  /** More parts may still arrive. */
  streaming: boolean;
  /** Arrived in this visit: tables type in. History shows at once. */
  live: boolean;
}

/** An answer that is only words: an error, the empty answer, the quota notice or a system notice. */
export interface NoticeEntry {
  kind: 'notice';
  id: string;
  tone: 'assistant' | 'error' | 'system';
  text: string;
  /** quota_exceeded: where to upgrade. */
  upgradeUrl?: string;
}

export type Entry = UserEntry | AssistantEntry | NoticeEntry;

export interface Pending {
  turn: number;
  startedAt: number;
  /** A report_section with order 0 arrived: the progress shows generating_report. */
  report: boolean;
  /** Some answer event arrived; without one the stream's end gives the empty-answer text. */
  answered: boolean;
}

export interface Conversation {
  entries: Entry[];
  pending: Pending | null;
  turns: number;
}

export const emptyConversation: Conversation = { entries: [], pending: null, turns: 0 };

export type ConversationAction =
  | { type: 'send'; text: string; at: number }
  | { type: 'event'; event: StreamEvent; at: number }
  | { type: 'finish' }
  | { type: 'fail'; text: string }
  | { type: 'reset'; entries?: Entry[] };

let nextId = 0;
const newId = (prefix: string) => `${prefix}-${++nextId}`;

function updateAssistant(
  entries: Entry[],
  match: (entry: AssistantEntry) => boolean,
  change: (entry: AssistantEntry) => AssistantEntry,
): Entry[] {
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    if (entry?.kind === 'assistant' && match(entry)) {
      const next = entries.slice();
      next[index] = change(entry);
      return next;
    }
  }
  return entries;
}

function applyEvent(state: Conversation, pending: Pending, event: StreamEvent, at: number): Conversation {
  const turn = pending.turn;
  const inTurn = (entry: AssistantEntry) => entry.turn === turn;
  const answered = { ...pending, answered: true };
  switch (event.type) {
    case 'analytics':
      return {
        ...state,
        pending: answered,
        entries: [
          ...state.entries,
          {
            kind: 'assistant',
            id: newId('assistant'),
            turn,
            analytics: event.analytics,
            ...(event.error ? { error: event.error } : {}),
            ...(event.settings ? { settings: event.settings } : {}),
            suggestions: event.suggestions,
            analyticsAt: at,
            streaming: true,
            live: true,
          },
        ],
      };
    case 'reasoning':
      return {
        ...state,
        entries: updateAssistant(
          state.entries,
          (entry) => inTurn(entry) && !entry.report,
          (entry) => ({ ...entry, reasoning: event.reasoning, reasoningAt: at }),
        ),
      };
    case 'actionable_insights':
      return {
        ...state,
        entries: updateAssistant(
          state.entries,
          (entry) => inTurn(entry) && !entry.report,
          (entry) => ({
            ...entry,
            actionable_insights: event.actionable_insights,
            suggestions: event.suggestions.length > 0 ? event.suggestions : entry.suggestions,
            streaming: false,
          }),
        ),
      };
    case 'report_section':
      return {
        ...state,
        pending: { ...answered, report: pending.report || event.order === 0 },
        entries: [
          ...state.entries,
          {
            kind: 'assistant',
            id: newId('section'),
            turn,
            analytics: event.analytics,
            suggestions: [],
            report: { order: event.order, title: event.title, question: event.question },
            analyticsAt: at,
            streaming: true,
            live: true,
          },
        ],
      };
    case 'report_section_reasoning':
      return {
        ...state,
        entries: updateAssistant(
          state.entries,
          (entry) => inTurn(entry) && entry.report?.order === event.order,
          (entry) => ({ ...entry, reasoning: event.reasoning, reasoningAt: at }),
        ),
      };
    case 'report_section_actionable':
      return {
        ...state,
        entries: updateAssistant(
          state.entries,
          (entry) => inTurn(entry) && entry.report?.order === event.order,
          (entry) => ({
            ...entry,
            actionable_insights: event.actionable_insights,
            suggestions: event.suggestions,
            streaming: false,
          }),
        ),
      };
    case 'report_complete':
      return { ...state, entries: settle(state.entries, turn) };
    case 'quota_exceeded':
      return {
        ...state,
        pending: answered,
        entries: [
          ...state.entries,
          {
            kind: 'notice',
            id: newId('notice'),
            tone: 'assistant',
            text: event.message,
            upgradeUrl: event.upgradeUrl,
          },
        ],
      };
    case 'error':
      return {
        ...state,
        pending: answered,
        entries: [
          ...state.entries,
          { kind: 'notice', id: newId('notice'), tone: 'error', text: event.message },
        ],
      };
  }
}

/** The turn is over: nothing more will arrive, so no part shows as pending. */
function settle(entries: Entry[], turn: number): Entry[] {
  return entries.map((entry) =>
    entry.kind === 'assistant' && entry.turn === turn && entry.streaming
      ? { ...entry, streaming: false }
      : entry,
  );
}

export function conversationReducer(state: Conversation, action: ConversationAction): Conversation {
  switch (action.type) {
    case 'send': {
      const turn = state.turns + 1;
      return {
        turns: turn,
        pending: { turn, startedAt: action.at, report: false, answered: false },
        entries: [...state.entries, { kind: 'user', id: newId('user'), text: action.text }],
      };
    }
    case 'event':
      return state.pending ? applyEvent(state, state.pending, action.event, action.at) : state;
    case 'finish': {
      if (!state.pending) return state;
      const entries = settle(state.entries, state.pending.turn);
      return {
        ...state,
        pending: null,
        entries: state.pending.answered
          ? entries
          : [
              ...entries,
              { kind: 'notice', id: newId('notice'), tone: 'assistant', text: CHAT_TEXT.emptyAnswer },
            ],
      };
    }
    case 'fail': {
      const entries = state.pending ? settle(state.entries, state.pending.turn) : state.entries;
      return {
        ...state,
        pending: null,
        entries: [...entries, { kind: 'notice', id: newId('notice'), tone: 'error', text: action.text }],
      };
    }
    case 'reset':
      return { ...emptyConversation, turns: state.turns, entries: action.entries ?? [] };
  }
}

/** A saved conversation (`GET /api/sessions/{id}`) as entries that show at once. */
export function historyToEntries(messages: readonly HistoryMessage[]): Entry[] {
  return messages.flatMap((message): Entry[] => {
    if (message.sender === 'user') return [{ kind: 'user', id: newId('user'), text: message.content ?? '' }];
    if (message.response) {
      const { response } = message;
      return [
        {
          kind: 'assistant',
          id: newId('assistant'),
          turn: 0,
          analytics: response.analytics,
          reasoning: response.reasoning,
          actionable_insights: response.actionable_insights,
          ...(response.error ? { error: response.error } : {}),
          ...(response.settings ? { settings: response.settings } : {}),
          suggestions: response.suggestions,
          ...(response.isReportSection
            ? {
                report: {
                  order: 0,
                  ...(response.analytics.header ? { title: response.analytics.header } : {}),
                  ...(response.reportQuestion ? { question: response.reportQuestion } : {}),
                },
              }
            : {}),
          streaming: false,
          live: false,
        },
      ];
    }
    const text = message.content ?? '';
    if (!text) return [];
    // The server saves the quota notice as a system message that names /plans.
    return [
      {
        kind: 'notice',
        id: newId('notice'),
        tone: message.sender === 'system' ? 'system' : 'assistant',
        text,
        ...(text.includes('/plans') ? { upgradeUrl: '/plans' } : {}),
      },
    ];
  });
}

import type { Entry } from '../lib/conversation';
import { AssistantMessage } from './assistant-message';
import { NoticeMessage } from './notice-message';

export function UserBubble({ text }: { text: string }) {
  return (
    <div className="flex w-full justify-end">
      <p className="max-w-[80%] min-w-0 whitespace-pre-wrap wrap-anywhere rounded-2xl bg-indigo-600 px-4 py-2 text-sm text-white">
        {text}
      </p>
    </div>
  );
}

/** The conversation's messages in order. */
export function MessageList({ entries, now }: { entries: readonly Entry[]; now: number }) {
  return (
    <ol aria-label="Messages" className="flex w-full max-w-3xl flex-col gap-4">
      {entries.map((entry) => (
        <li key={entry.id}>
          {entry.kind === 'user' ? (
            <UserBubble text={entry.text} />
          ) : entry.kind === 'assistant' ? (
            <AssistantMessage entry={entry} now={now} />
          ) : (
            <NoticeMessage entry={entry} />
          )}
        </li>
      ))}
    </ol>
  );
}

import { ArrowUp, Mic, Paperclip } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { CONNECT_ADS_MESSAGE, MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG } from '../../../../shared/api/chat';

/**
 * The message box: Enter sends, Shift+Enter adds a line, blank is ignored.
 * `onSend` returns whether the message went; the text stays when it did not (a past chat, busy).
 */
export function ChatInput({
  onSend,
  permitted,
  processing,
}: {
  onSend: (text: string) => boolean;
  permitted: boolean;
  processing: boolean;
}) {
  const [text, setText] = useState('');
  const hintId = useId();
  // Counted as the server counts it: what is sent is the trimmed text.
  const question = text.trim();
  const tooLong = question.length > MAX_MESSAGE_CHARS;
  const blank = question === '';

  const submit = () => {
    if (blank || tooLong || processing || !permitted) return;
    if (onSend(question)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className="w-full max-w-3xl space-y-2">
      <form
        className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 focus-within:ring-indigo-400 dark:bg-slate-900 dark:ring-slate-700"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          aria-label="Message"
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          rows={2}
          value={text}
          disabled={!permitted}
          placeholder={permitted ? 'Ask about your ads performance…' : CONNECT_ADS_MESSAGE}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="w-full resize-none bg-transparent text-sm outline-none placeholder:text-slate-500 disabled:cursor-not-allowed dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <div className="flex items-center justify-between gap-2">
          <div className="flex gap-1">
            <button
              type="button"
              disabled
              aria-label="Attach a file"
              className="rounded-md p-1.5 text-slate-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-400"
            >
              <Paperclip aria-hidden="true" size={18} />
            </button>
            <button
              type="button"
              disabled
              aria-label="Voice input"
              className="rounded-md p-1.5 text-slate-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-400"
            >
              <Mic aria-hidden="true" size={18} />
            </button>
          </div>
          <div className="flex items-center gap-2">
            <span
              className={`text-xs ${tooLong ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
            >
              {question.length > MAX_MESSAGE_CHARS * 0.9
                ? `${question.length.toLocaleString('en-US')} / ${MAX_MESSAGE_CHARS.toLocaleString('en-US')}`
                : ''}
            </span>
            <button
              type="submit"
              aria-label="Send"
              disabled={!permitted || processing || blank || tooLong}
              className="rounded-full bg-indigo-600 p-2 text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-300 dark:disabled:bg-slate-700 dark:disabled:text-slate-400"
            >
              <ArrowUp aria-hidden="true" size={18} />
            </button>
          </div>
        </div>
      </form>
      <div id={hintId} className="text-center text-xs">
        {!permitted ? (
          <p className="text-amber-800 dark:text-amber-300">{CONNECT_ADS_MESSAGE}</p>
        ) : tooLong ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {MESSAGE_TOO_LONG}
          </p>
        ) : null}
        <footer className="mt-1 text-slate-500 dark:text-slate-400">
          <span className="font-semibold">ARLO</span> <span>v1.0-beta</span>
        </footer>
      </div>
    </div>
  );
}

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG } from '../../src/shared/api/chat';
import { ChatInput } from '../../src/web/features/chat/components/chat-input';

afterEach(cleanup);

function renderInput() {
  const onSend = vi.fn((_text: string) => true);
  render(<ChatInput onSend={onSend} permitted processing={false} />);
  return onSend;
}

const textarea = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const type = (value: string) => fireEvent.change(textarea(), { target: { value } });
const pressEnter = () => fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });

describe('the chat input and the question length limit', () => {
  it('keeps a question over 2,000 characters in the box, unsent, with the limit and a counter shown', () => {
    const onSend = renderInput();
    const tooLong = `${'How much did I spend on each campaign? '.repeat(60).slice(0, MAX_MESSAGE_CHARS)}x`;
    type(tooLong);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGE_TOO_LONG);
    expect(screen.getByText('2,001 / 2,000')).toBeTruthy();
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton().disabled).toBe(true);
    pressEnter();
    fireEvent.submit(textarea().closest('form') as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
    expect(textarea().value).toBe(tooLong);

    // Shortened to the limit, the same text goes.
    type(tooLong.slice(0, MAX_MESSAGE_CHARS));
    expect(screen.queryByRole('alert')).toBeNull();
    pressEnter();
    expect(onSend).toHaveBeenCalledWith(tooLong.slice(0, MAX_MESSAGE_CHARS).trim());
  });

  it('counts a question as it is sent, without surrounding spaces and line breaks', () => {
    const onSend = renderInput();
    const question = 'x'.repeat(MAX_MESSAGE_CHARS);
    type(`  ${question}\n\n`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton().disabled).toBe(false);
    pressEnter();
    expect(onSend).toHaveBeenCalledWith(question);
  });
});

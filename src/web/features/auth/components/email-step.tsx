import { type FormEvent, type Ref, useState } from 'react';
import { emailProblem } from '../lib/validation';
import { FormMessage } from './form-message';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/**
 * The first step of login and signup: an email, checked locally before `onSubmit` runs. With
 * `onError` the caller owns the message: the local check reports to it, so the form shows one
 * error at a time and a newer one (from a social button, say) replaces this one.
 */
export function EmailStep({
  initialEmail = '',
  pending,
  error,
  onError,
  onSubmit,
  inputRef,
}: {
  initialEmail?: string;
  pending?: boolean;
  error?: string | null;
  onError?: (message: string | null) => void;
  onSubmit: (email: string) => void;
  /** For a dialog that opens on this step and gives the email field its first focus. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [ownProblem, setOwnProblem] = useState<string | null>(null);
  const report = onError ?? setOwnProblem;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    report(found ?? null);
    if (!found) onSubmit(email);
  };
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <TextField
        ref={inputRef}
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FormMessage error={onError ? error : (ownProblem ?? error)} />
      <SubmitButton disabled={pending}>Continue</SubmitButton>
    </form>
  );
}

import { type FormEvent, type Ref, useState } from 'react';
import { emailProblem } from '../lib/validation';
import { FormMessage } from './form-message';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/** The first step of login and signup: an email, checked locally before `onSubmit` runs. */
export function EmailStep({
  initialEmail = '',
  pending,
  error,
  onSubmit,
  inputRef,
}: {
  initialEmail?: string;
  pending?: boolean;
  error?: string | null;
  onSubmit: (email: string) => void;
  /** For a dialog that opens on this step and gives the email field its first focus. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found ?? null);
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
      <FormMessage error={problem ?? error} />
      <SubmitButton disabled={pending}>Continue</SubmitButton>
    </form>
  );
}

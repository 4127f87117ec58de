import { type FormEvent, useState } from 'react';
import { passwordProblem } from '../../../../shared/auth/password';
import { FormMessage } from './form-message';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

export const PASSWORD_HINT = 'Password (min 9 chars with uppercase, lowercase, digit, special char)';

/** The signup password step: the first problem, in the order the rules are checked. */
export function signupPasswordProblem(password: string, confirm: string): string | undefined {
  if (!password || !confirm) return 'Please fill in both password fields';
  if (password !== confirm) return 'Passwords do not match';
  return passwordProblem(password);
}

export function SignupPasswordStep({
  email,
  pending,
  error,
  onSubmit,
}: {
  email: string;
  pending?: boolean;
  error?: string | null;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = signupPasswordProblem(password, confirm);
    setProblem(found ?? null);
    if (!found) onSubmit(password);
  };
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <TextField label="Email" type="email" value={email} readOnly disabled />
      <p className="text-sm text-slate-600 dark:text-slate-400">{PASSWORD_HINT}</p>
      <PasswordField label="Password" autoComplete="new-password" value={password} onChange={setPassword} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
      <FormMessage error={problem ?? error} />
      <SubmitButton disabled={pending}>Create Account</SubmitButton>
    </form>
  );
}

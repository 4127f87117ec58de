import { type FormEvent, useRef, useState } from 'react';
import { passwordProblem } from '../../../../shared/auth/password';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { quietLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { emailProblem, normalizeEmail } from '../lib/validation';
import { CodeInput } from './code-input';
import { EmailStep } from './email-step';
import { FormMessage } from './form-message';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

/** Reset password: the first problem with the code and the new password. */
export function resetProblem(code: string, newPassword: string): string | undefined {
  if (!/^\d{6}$/.test(code)) return 'Please enter a valid 6-digit verification code';
  if (!newPassword) return 'Please enter a new password';
  return passwordProblem(newPassword);
}

/** Forgot password: email, then code and new password; `onDone` returns to login. */
export function ForgotPasswordDialog({
  initialEmail,
  onClose,
  onDone,
}: {
  initialEmail: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [email, setEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const forgot = useForgotPassword();
  const reset = useResetPassword();

  const sendCode = (raw: string) => {
    const normalized = normalizeEmail(raw);
    setError(null);
    forgot.mutate(
      { email: normalized },
      {
        onSuccess: () => setEmail(normalized),
        onError: () => setError('Failed to send reset code. Please try again.'),
      },
    );
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    const problem = resetProblem(code, newPassword);
    setError(problem ?? null);
    if (problem || !email) return;
    reset.mutate(
      { email, code, newPassword },
      {
        onSuccess: onDone,
        onError: (failure) => setError(errorMessage(failure, 'Failed to reset password. Please try again.')),
      },
    );
  };

  // A modal like the app's others: focus starts on the email (Enter sends the code, it does not
  // close the dialog), stays inside, Escape closes it, and focus goes back to "Forgot password?".
  return (
    <ModalDialog title="Reset your password" onClose={onClose} initialFocus={emailField}>
      {email === null ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">We will email you a 6-digit code.</p>
          <EmailStep
            inputRef={emailField}
            initialEmail={emailProblem(initialEmail) ? '' : initialEmail}
            pending={forgot.isPending}
            error={error}
            onError={setError}
            onSubmit={sendCode}
          />
        </>
      ) : (
        <form className="space-y-4" noValidate onSubmit={submitReset}>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the code sent to <strong>{email}</strong> and choose a new password.
          </p>
          <CodeInput label="Reset code" value={code} onChange={setCode} />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={newPassword}
            onChange={setNewPassword}
          />
          <FormMessage error={error} />
          <SubmitButton disabled={reset.isPending}>Reset Password</SubmitButton>
        </form>
      )}
      <button type="button" className={`w-full ${quietLink}`} onClick={onClose}>
        Cancel
      </button>
    </ModalDialog>
  );
}

import { type FormEvent, useEffect, useState } from 'react';
import { textLink } from '../../../components/ui/styles';
import { CODE_TTL_SECONDS, canResend, formatClock, resendLabel } from '../lib/countdown';
import { CodeInput } from './code-input';
import { FormMessage } from './form-message';
import { SubmitButton } from './submit-button';

/** Seconds left of a code's life, ticking once a second; `restart` starts a fresh 300 s. */
export function useCountdown(start = CODE_TTL_SECONDS) {
  const [remaining, setRemaining] = useState(start);
  useEffect(() => {
    const timer = setInterval(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return { remaining, restart: () => setRemaining(start) };
}

export function VerifyEmailStep({
  email,
  verifying,
  resending,
  error,
  notice,
  onVerify,
  onResend,
}: {
  email: string;
  verifying?: boolean;
  resending?: boolean;
  error?: string | null;
  notice?: string | null;
  onVerify: (code: string) => void;
  /** Resolves true when a new code was sent, which restarts the timer. */
  onResend: () => Promise<boolean>;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { remaining, restart } = useCountdown();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) {
      setProblem('Please enter the 6-digit verification code');
      return;
    }
    setProblem(null);
    onVerify(code);
  };
  const resend = async () => {
    if (await onResend()) restart();
  };
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        We sent a 6-digit code to <strong>{email}</strong>
      </p>
      <FormMessage success={notice ?? 'Verification code sent to your email. Please check your inbox.'} />
      <p className="text-sm text-slate-600 dark:text-slate-400">Code expires in {formatClock(remaining)}</p>
      <CodeInput label="Verification code" value={code} onChange={setCode} />
      <FormMessage error={problem ?? error} />
      <SubmitButton disabled={verifying || code.length !== 6}>Verify Email</SubmitButton>
      <button
        type="button"
        className={`w-full rounded-lg px-4 py-2 text-sm ${textLink} disabled:cursor-not-allowed disabled:no-underline disabled:opacity-50`}
        disabled={resending || !canResend(remaining)}
        onClick={resend}
      >
        {resendLabel(remaining)}
      </button>
    </form>
  );
}

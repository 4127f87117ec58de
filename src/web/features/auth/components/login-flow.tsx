import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useValidateEmail } from '../api/validate-email';
import { completeLogin } from '../lib/login-redirect';
import { useGoTo } from '../lib/use-go-to';
import { normalizeEmail } from '../lib/validation';
import { AuthSwitchLink } from './auth-switch-link';
import { EmailStep } from './email-step';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { FormMessage } from './form-message';
import { PasswordField } from './password-field';
import { SocialButtons } from './social-buttons';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/** Email step, password step, then a redirect by the account's status. */
export function LoginFlow() {
  const goTo = useGoTo();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const validate = useValidateEmail();
  const login = useLogin();

  const submitEmail = (raw: string) => {
    const normalized = normalizeEmail(raw);
    setError(null);
    validate.mutate(
      { email: normalized },
      {
        onSuccess: ({ valid }) => {
          if (!valid) return setError('Email not found');
          setEmail(normalized);
        },
        onError: (failure) => setError(errorMessage(failure, 'Email not found')),
      },
    );
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!password) return setError('Please enter your password');
    if (!email) return;
    setError(null);
    login.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          const outcome = completeLogin(result);
          if ('error' in outcome) return setError(outcome.error);
          goTo(outcome.to);
        },
        onError: (failure) => setError(errorMessage(failure, 'Invalid password')),
      },
    );
  };

  return (
    <div className="space-y-4">
      {email === null ? (
        <EmailStep pending={validate.isPending} error={error} onSubmit={submitEmail} />
      ) : (
        <form className="space-y-4" noValidate onSubmit={submitPassword}>
          <TextField label="Email" type="email" value={email} readOnly disabled />
          <PasswordField label="Password" value={password} onChange={setPassword} />
          <FormMessage error={error} success={notice} />
          <SubmitButton disabled={login.isPending}>Sign In</SubmitButton>
          <button
            type="button"
            className="text-sm text-slate-600 hover:underline"
            onClick={() => {
              setEmail(null);
              setPassword('');
              setError(null);
            }}
          >
            Use a different email
          </button>
        </form>
      )}
      {email === null ? <FormMessage success={notice} /> : null}
      <button
        type="button"
        className="text-sm font-medium text-indigo-600 hover:underline"
        onClick={() => setForgotOpen(true)}
      >
        Forgot password?
      </button>
      <SocialButtons
        flow="login"
        heading="Or continue with"
        onUnregistered={(social) => {
          if (!social.email) return setError(social.message);
          // An unknown social account is offered an account with a password.
          void navigate('/signup', { state: { socialEmail: social.email, provider: social.provider } });
        }}
      />
      <AuthSwitchLink to="/signup" />
      {forgotOpen ? (
        <ForgotPasswordDialog
          initialEmail={email ?? ''}
          onClose={() => setForgotOpen(false)}
          onDone={() => {
            setForgotOpen(false);
            setPassword('');
            setError(null);
            setNotice('Password reset successfully. Please log in.');
          }}
        />
      ) : null}
    </div>
  );
}

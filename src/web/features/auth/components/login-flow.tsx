import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { quietLink, textLink } from '../../../components/ui/styles';
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

/** Where the page's one error shows: under the email/password form or under the social buttons. */
type ErrorSlot = { at: 'form' | 'social'; text: string } | null;

/**
 * Email step, password step, then a redirect by the account's status. The page shows one error
 * at a time: a new one replaces the old, and changing step or opening the reset dialog clears it.
 */
export function LoginFlow() {
  const goTo = useGoTo();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState<ErrorSlot>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const showAt = (at: 'form' | 'social') => (text: string | null) => {
    setShown(text ? { at, text } : null);
    if (text) setNotice(null);
  };
  const setError = showAt('form');
  const setSocialError = showAt('social');
  const error = shown?.at === 'form' ? shown.text : null;
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
          setError(null);
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
        <EmailStep pending={validate.isPending} error={error} onError={setError} onSubmit={submitEmail} />
      ) : (
        <form className="space-y-4" noValidate onSubmit={submitPassword}>
          <TextField label="Email" type="email" value={email} readOnly disabled />
          <PasswordField label="Password" value={password} onChange={setPassword} />
          <FormMessage error={error} success={notice} />
          <SubmitButton disabled={login.isPending}>Sign In</SubmitButton>
          <button
            type="button"
            className={quietLink}
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
        className={`text-sm ${textLink}`}
        onClick={() => {
          setShown(null);
          setForgotOpen(true);
        }}
      >
        Forgot password?
      </button>
      <SocialButtons
        flow="login"
        heading="Or continue with"
        error={shown?.at === 'social' ? shown.text : null}
        onError={setSocialError}
        onUnregistered={(social) => {
          if (!social.email) return setSocialError(social.message);
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
            setShown(null);
            setNotice('Password reset successfully. Please log in.');
          }}
        />
      ) : null}
    </div>
  );
}

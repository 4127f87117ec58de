import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { textLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { useCheckSignupStatus } from '../api/check-signup-status';
import { useCreateUser } from '../api/create-user';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { errorRedirect } from '../lib/errors';
import { useGoTo } from '../lib/use-go-to';
import { normalizeEmail } from '../lib/validation';
import { AuthSwitchLink } from './auth-switch-link';
import { EmailStep } from './email-step';
import { FormMessage } from './form-message';
import { SignupPasswordStep } from './signup-password-step';
import { SocialButtons } from './social-buttons';
import { VerifyEmailStep } from './verify-email-step';

type Step = 'email' | 'password' | 'verify';

/**
 * The signup flow: email, then password, then the emailed code. One error shows at a time: a new
 * one (from the form or a social button) replaces the old, and changing step clears it.
 */
export function SignupFlow() {
  const goTo = useGoTo();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [shown, setShown] = useState<{ at: 'form' | 'social'; text: string } | null>(null);
  const setError = (text: string | null) => setShown(text ? { at: 'form', text } : null);
  const setSocialError = (text: string | null) => setShown(text ? { at: 'social', text } : null);
  const error = shown?.at === 'form' ? shown.text : null;
  const [notice, setNotice] = useState<string | null>(null);
  const checkStatus = useCheckSignupStatus();
  const createUser = useCreateUser();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const social = socialHandoff(useLocation().state);
  const handedOff = useRef(false);

  const submitEmail = (raw: string) => {
    const normalized = normalizeEmail(raw);
    setError(null);
    checkStatus.mutate(
      { email: normalized },
      {
        onSuccess: (result) => {
          if (result.redirect) return goTo(result.redirect);
          setEmail(normalized);
          setStep('password');
        },
        onError: (failure) => {
          const redirect = errorRedirect(failure);
          if (redirect) return goTo(redirect);
          setError(errorMessage(failure, 'Error checking email. Please try again.'));
        },
      },
    );
  };

  // Arriving from a social login that matched no account: continue with its email.
  useEffect(() => {
    if (!social || handedOff.current) return;
    handedOff.current = true;
    setNotice(
      `No ARLO account is linked to this ${social.provider === 'google' ? 'Google' : 'Facebook'} account. Set a password to create your account with ${social.email}.`,
    );
    submitEmail(social.email);
  });

  const submitPassword = (password: string) => {
    setError(null);
    createUser.mutate(
      { email, password, method: 'web' },
      {
        onSuccess: () => {
          setNotice(null);
          setStep('verify');
        },
        onError: (failure) => setError(errorMessage(failure, 'Error creating account. Please try again.')),
      },
    );
  };

  const submitCode = (code: string) => {
    setError(null);
    verify.mutate(
      { email, code },
      {
        onSuccess: (result) => {
          saveSession(result.token, result.user);
          goTo(result.redirect || '/platforms-permissions');
        },
        onError: (failure) => setError(errorMessage(failure, 'Invalid verification code. Please try again.')),
      },
    );
  };

  const resendCode = async (): Promise<boolean> => {
    setError(null);
    try {
      await resend.mutateAsync({ email });
      setNotice('New verification code sent to your email.');
      return true;
    } catch (failure) {
      setError(errorMessage(failure, 'Error resending code. Please try again.'));
      return false;
    }
  };

  return (
    <div className="space-y-4">
      {step === 'email' ? (
        <>
          <EmailStep
            pending={checkStatus.isPending}
            error={error}
            onError={setError}
            onSubmit={submitEmail}
          />
          <SocialButtons
            flow="signup"
            heading="Or sign up with"
            error={shown?.at === 'social' ? shown.text : null}
            onError={setSocialError}
          />
          <p className="text-xs text-slate-600 dark:text-slate-400">
            By signing up you agree to our{' '}
            <Link className={textLink} to="/terms">
              Terms of Service
            </Link>
            .
          </p>
        </>
      ) : null}
      {step === 'password' ? (
        <>
          <FormMessage success={notice} />
          <SignupPasswordStep
            email={email}
            pending={createUser.isPending}
            error={error}
            onSubmit={submitPassword}
          />
        </>
      ) : null}
      {step === 'verify' ? (
        <VerifyEmailStep
          email={email}
          verifying={verify.isPending}
          resending={resend.isPending}
          error={error}
          notice={notice}
          onVerify={submitCode}
          onResend={resendCode}
        />
      ) : null}
      <AuthSwitchLink to="/login" />
    </div>
  );
}

/** The router state LoginFlow hands over for an unregistered social account. */
function socialHandoff(state: unknown): { email: string; provider: string } | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const { socialEmail, provider } = state as { socialEmail?: unknown; provider?: unknown };
  return typeof socialEmail === 'string' && socialEmail
    ? { email: socialEmail, provider: String(provider) }
    : undefined;
}

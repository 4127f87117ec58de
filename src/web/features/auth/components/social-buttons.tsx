import { useState } from 'react';
import { FacebookMark, GoogleMark } from '../../../components/ui/brand-marks';
import type { SocialFlow } from '../lib/social';
import { type UnregisteredSocialUser, useSocialSignIn } from '../lib/use-social-sign-in';
import { FormMessage } from './form-message';

const shape =
  'flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50';
// Google's rules: the four-colour G on a white (or, in dark mode, a neutral dark) button.
const googleClass = `${shape} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;
// Facebook's rules: the white "f" and white text on Facebook blue, in both themes.
const facebookClass = `${shape} bg-facebook text-white hover:bg-facebook-hover`;

/**
 * Google and Facebook buttons; when a provider cannot be used they say why instead of doing
 * nothing. With `onError` the page owns the message (see EmailStep); without it they keep their own.
 */
export function SocialButtons({
  flow,
  heading,
  error,
  onError,
  onUnregistered,
}: {
  flow: SocialFlow;
  heading: string;
  error?: string | null;
  onError?: (message: string | null) => void;
  onUnregistered?: (user: UnregisteredSocialUser) => void;
}) {
  const [ownError, setOwnError] = useState<string | null>(null);
  const { busy, signInWithGoogle, signInWithFacebook } = useSocialSignIn(
    flow,
    onError ?? setOwnError,
    onUnregistered,
  );
  return (
    <div className="space-y-2">
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">{heading}</p>
      <div className="flex flex-col gap-2">
        <button type="button" className={googleClass} disabled={busy !== null} onClick={signInWithGoogle}>
          <GoogleMark />
          Continue with Google
        </button>
        <button type="button" className={facebookClass} disabled={busy !== null} onClick={signInWithFacebook}>
          <FacebookMark />
          Continue with Facebook
        </button>
      </div>
      <FormMessage error={onError ? error : ownError} />
    </div>
  );
}

import type { SocialFlow } from '../lib/social';
import { type UnregisteredSocialUser, useSocialSignIn } from '../lib/use-social-sign-in';
import { FormMessage } from './form-message';

const buttonClass =
  'flex-1 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/** Google and Facebook buttons; when a provider cannot be used they say why instead of doing nothing. */
export function SocialButtons({
  flow,
  heading,
  onUnregistered,
}: {
  flow: SocialFlow;
  heading: string;
  onUnregistered?: (user: UnregisteredSocialUser) => void;
}) {
  const { error, busy, signInWithGoogle, signInWithFacebook } = useSocialSignIn(flow, onUnregistered);
  return (
    <div className="space-y-2">
      <p className="text-center text-sm text-slate-500">{heading}</p>
      <div className="flex gap-2">
        <button type="button" className={buttonClass} disabled={busy !== null} onClick={signInWithGoogle}>
          Google
        </button>
        <button type="button" className={buttonClass} disabled={busy !== null} onClick={signInWithFacebook}>
          Facebook
        </button>
      </div>
      <FormMessage error={error} />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useClientConfig } from '../../../lib/providers/client-config';
import {
  facebookAllowed,
  facebookLogout,
  loadFacebookSdk,
  facebookLogin as openFacebookLogin,
} from '../../../lib/providers/facebook-sdk';
import { loadGoogleIdentity, startGoogleSignIn } from '../../../lib/providers/google-identity';
import { ProviderError, type ProviderFailure } from '../../../lib/providers/provider-error';
import { saveSession } from '../../../lib/session';
import { useFacebookLogin } from '../api/facebook-login';
import { useFacebookSignup } from '../api/facebook-signup';
import { useGoogleLogin } from '../api/google-login';
import { useGoogleSignup } from '../api/google-signup';
import { completeLogin } from './login-redirect';
import {
  FACEBOOK_SIGN_IN_SCOPE,
  type SocialFlow,
  type SocialProvider,
  socialFailureMessage,
  socialServerFallback,
} from './social';
import { useGoTo } from './use-go-to';

type FacebookSdk = Awaited<ReturnType<typeof loadFacebookSdk>>;

/** A social login the server does not know: the profile it sent back with the 404. */
export interface UnregisteredSocialUser {
  provider: SocialProvider;
  email: string;
  message: string;
}

const profileKey = { google: 'googleUser', facebook: 'facebookUser' } as const;

function unregisteredUser(provider: SocialProvider, failure: unknown): UnregisteredSocialUser | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 404) return undefined;
  const profile = failure.body[profileKey[provider]] as { email?: unknown } | undefined;
  const email = typeof profile?.email === 'string' ? profile.email : '';
  return { provider, email, message: failure.message };
}

/**
 * Google and Facebook sign-in for one flow: loads the provider SDKs this page is configured for,
 * gets the provider's token, exchanges it with our API, then stores the session and navigates as
 * that flow requires. Failures go to `setError`; a click first clears it with null, so a page that
 * shares one message slot drops its older error as a new attempt starts.
 */
export function useSocialSignIn(
  flow: SocialFlow,
  setError: (message: string | null) => void,
  onUnregistered?: (user: UnregisteredSocialUser) => void,
) {
  const config = useClientConfig();
  const goTo = useGoTo();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [facebookSdk, setFacebookSdk] = useState<FacebookSdk | undefined>();
  const googleSignup = useGoogleSignup();
  const googleLogin = useGoogleLogin();
  const facebookSignup = useFacebookSignup();
  const facebookLogin = useFacebookLogin();
  const signupWith = {
    google: (credential: string) => googleSignup.mutateAsync({ credential }),
    facebook: (accessToken: string) => facebookSignup.mutateAsync({ accessToken }),
  };
  const loginWith = {
    google: (credential: string) => googleLogin.mutateAsync({ credential }),
    facebook: (accessToken: string) => facebookLogin.mutateAsync({ accessToken }),
  };

  const googleClientId = config.data?.google.clientId ?? null;
  const facebook = config.data?.facebook;
  const facebookAppId = facebook?.appId ?? null;

  useEffect(() => {
    // A script that fails to load shows up later as "still initializing" on click.
    if (googleClientId) loadGoogleIdentity().catch(() => {});
  }, [googleClientId]);

  useEffect(() => {
    if (!facebook || !facebookAppId || !facebookAllowed()) return;
    let live = true;
    loadFacebookSdk({ ...facebook, appId: facebookAppId })
      .then((sdk) => live && setFacebookSdk(sdk))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [facebook, facebookAppId]);

  const fail = (provider: SocialProvider, failure: ProviderFailure) =>
    setError(socialFailureMessage(provider, flow, failure));

  async function exchange(provider: SocialProvider, providerToken: string) {
    setBusy(provider);
    try {
      if (flow === 'signup') {
        const result = await signupWith[provider](providerToken);
        saveSession(result.token, result.user);
        return goTo(result.redirect || '/platforms-permissions');
      }
      const outcome = completeLogin(await loginWith[provider](providerToken));
      if ('error' in outcome) return setError(outcome.error);
      goTo(outcome.to);
    } catch (failure) {
      if (provider === 'facebook') facebookLogout(facebookSdk);
      const unregistered = flow === 'login' ? unregisteredUser(provider, failure) : undefined;
      if (unregistered && onUnregistered) return onUnregistered(unregistered);
      setError(errorMessage(failure, socialServerFallback(provider, flow)));
    } finally {
      setBusy(null);
    }
  }

  const signInWithGoogle = () => {
    setError(null);
    if (config.isPending) return fail('google', 'initializing');
    if (!googleClientId) return fail('google', 'unconfigured');
    startGoogleSignIn(googleClientId, (credential) => void exchange('google', credential)).catch(
      (failure: unknown) =>
        fail('google', failure instanceof ProviderError ? failure.failure : 'failed_to_start'),
    );
  };

  const signInWithFacebook = () => {
    setError(null);
    if (config.isPending) return fail('facebook', 'initializing');
    if (!facebookAppId) return fail('facebook', 'unconfigured');
    if (!facebookAllowed()) return fail('facebook', 'insecure');
    if (!facebookSdk) return fail('facebook', 'initializing');
    // FB.login must run inside the click itself, or the browser blocks its popup.
    openFacebookLogin(facebookSdk, FACEBOOK_SIGN_IN_SCOPE).then(
      (accessToken) => exchange('facebook', accessToken),
      (failure: unknown) => {
        facebookLogout(facebookSdk);
        fail('facebook', failure instanceof ProviderError ? failure.failure : 'failed_to_start');
      },
    );
  };

  return { busy, signInWithGoogle, signInWithFacebook };
}

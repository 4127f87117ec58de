import { useEffect, useRef, useState } from 'react';
import type { Notice } from '../../components/ui/inline-notice';
import { useSaveFacebookPermissions } from '../api/save-facebook-permissions';
import { errorMessage } from '../api-client';
import { browser } from '../browser';
import { useClientConfig } from '../providers/client-config';
import {
  type FacebookSdk,
  facebookAllowed,
  facebookLogin,
  loadFacebookConnectSdk,
} from '../providers/facebook-sdk';
import { ProviderError } from '../providers/provider-error';
import { getToken, getUserInfo, saveSession, type UserInfo } from '../session';
import { type AdAccount, fetchAllAdAccounts } from './ad-accounts';
import { PERMISSION_MESSAGES, SDK_UNAVAILABLE } from './messages';

/** The scopes: ads_read alone once Facebook already knows the user, else the profile too. */
export const connectScope = (loginStatus: string | undefined): string =>
  loginStatus === 'connected' ? 'ads_read' : 'email,public_profile,ads_read';

/**
 * Connecting Facebook Ads, for the signup step and for
 * Settings alike: login with ads_read, read every ad account, save them, and keep the new token the
 * save returns. Each outcome is an alert, and also stays as `notice`, readable
 * without the dialog. `noTokenMessage` is the place's own "Authentication error" wording.
 */
export function useFacebookConnect({
  noTokenMessage,
  fallbackUser,
  onConnected,
}: {
  noTokenMessage: string;
  fallbackUser?: UserInfo | undefined;
  onConnected: () => void;
}) {
  const config = useClientConfig();
  const save = useSaveFacebookPermissions();
  const [sdk, setSdk] = useState<FacebookSdk | undefined>();
  const [sdkFailed, setSdkFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Asked when the SDK loads, because FB.login must run inside the click (popup blockers).
  const loginStatus = useRef<string | undefined>(undefined);
  const facebook = config.data?.facebook;

  useEffect(() => {
    if (!facebook) return;
    let live = true;
    loadFacebookConnectSdk(facebook).then(
      (loaded) => {
        if (!live) return;
        setSdk(loaded);
        // Facebook refuses getLoginStatus outside HTTPS; the click explains that instead.
        if (!facebookAllowed()) return;
        try {
          loaded.getLoginStatus((response) => {
            loginStatus.current = response.status;
          });
        } catch {
          // Unknown status: the click asks for the full scope, which is always enough.
        }
      },
      () => live && setSdkFailed(true),
    );
    return () => {
      live = false;
    };
  }, [facebook]);

  const say = (text: string, tone: Notice['tone'] = 'error') => {
    setNotice({ text, tone });
    browser.alert(text);
  };

  async function grant(loaded: FacebookSdk, token: string, facebookToken: string) {
    let accounts: AdAccount[];
    try {
      accounts = await fetchAllAdAccounts(loaded);
    } catch {
      return say(PERMISSION_MESSAGES.noAccounts);
    }
    if (accounts.length === 0) return say(PERMISSION_MESSAGES.noAccounts);
    let result: Awaited<ReturnType<typeof save.mutateAsync>>;
    try {
      result = await save.mutateAsync({ token, body: { facebookToken, accounts } });
    } catch (failure) {
      return say(errorMessage(failure, PERMISSION_MESSAGES.saveFailed));
    }
    // The new token records the grant; the identity stays the one stored at signup.
    const user = getUserInfo() ?? fallbackUser;
    if (!user) throw new Error('no user to store the new token with');
    saveSession(result.token, user);
    onConnected();
    say(PERMISSION_MESSAGES.granted, 'success');
  }

  const connect = () => {
    setNotice(null);
    if (!facebookAllowed()) return say(PERMISSION_MESSAGES.insecure);
    const token = getToken();
    if (!token) return say(noTokenMessage);
    if (!sdk) return say(PERMISSION_MESSAGES.loading);
    setBusy(true);
    facebookLogin(sdk, connectScope(loginStatus.current))
      .then(
        (facebookToken) => grant(sdk, token, facebookToken),
        (failure: unknown) => {
          if (!(failure instanceof ProviderError)) throw failure;
          say(PERMISSION_MESSAGES.denied);
        },
      )
      .catch(() => say(PERMISSION_MESSAGES.unexpected))
      .finally(() => setBusy(false));
  };

  const loadFailed = sdkFailed || config.isError;
  const shown: Notice | null = notice ?? (loadFailed ? { text: SDK_UNAVAILABLE, tone: 'error' } : null);
  return { sdkReady: Boolean(sdk), busy, notice: shown, say, connect };
}

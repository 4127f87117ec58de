import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { useClientConfig } from '../../../lib/providers/client-config';
import {
  type FacebookSdk,
  facebookAllowed,
  facebookLogin,
  loadFacebookConnectSdk,
} from '../../../lib/providers/facebook-sdk';
import { ProviderError } from '../../../lib/providers/provider-error';
import { getToken, getUserInfo, saveSession, type UserInfo } from '../../../lib/session';
import { useSaveFacebookPermissions } from '../api/save-facebook-permissions';
import { type AdAccount, fetchAllAdAccounts } from './ad-accounts';
import { mainAppUrl } from './main-app-url';
import { PERMISSION_MESSAGES, SDK_UNAVAILABLE } from './messages';

/** SPEC.md section 5: ads_read alone once Facebook already knows the user, else the profile too. */
export const connectScope = (loginStatus: string | undefined): string =>
  loginStatus === 'connected' ? 'ads_read' : 'email,public_profile,ads_read';

export type FacebookButtonState = 'loading' | 'ready' | 'connected';
export interface PermissionNotice {
  text: string;
  tone: 'error' | 'success';
}

/**
 * The permissions step (SPEC.md section 4, "Platform permissions"). Connecting Facebook Ads: login
 * with ads_read, read every ad account, save them, and keep the new token the save returns. Next:
 * on to the chat with the session. Each outcome is an alert, as the SPEC says, and also stays on
 * the page as `notice`, readable without the dialog.
 */
export function usePlatformConnections(fallbackUser: UserInfo | undefined) {
  const config = useClientConfig();
  const save = useSaveFacebookPermissions();
  const [sdk, setSdk] = useState<FacebookSdk | undefined>();
  const [sdkFailed, setSdkFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [connected, setConnected] = useState(false);
  const [notice, setNotice] = useState<PermissionNotice | null>(null);
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

  const say = (text: string, tone: PermissionNotice['tone'] = 'error') => {
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
    setConnected(true);
    say(PERMISSION_MESSAGES.granted, 'success');
  }

  const connect = () => {
    setNotice(null);
    if (!facebookAllowed()) return say(PERMISSION_MESSAGES.insecure);
    const token = getToken();
    if (!token) return say(PERMISSION_MESSAGES.signupAgain);
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

  const next = () => {
    setNotice(null);
    const token = getToken();
    if (!token) return say(PERMISSION_MESSAGES.nextWithoutToken);
    browser.assign(mainAppUrl(token, getUserInfo()));
  };

  const button: FacebookButtonState = connected ? 'connected' : sdk ? 'ready' : 'loading';
  const loadFailed = sdkFailed || config.isError;
  const shown: PermissionNotice | null =
    notice ?? (loadFailed ? { text: SDK_UNAVAILABLE, tone: 'error' } : null);
  return { facebookButton: button, busy, connected, notice: shown, connect, next };
}

import { useState } from 'react';
import { browser } from '../../../lib/browser';
import { PERMISSION_MESSAGES } from '../../../lib/facebook-connect/messages';
import { useFacebookConnect } from '../../../lib/facebook-connect/use-facebook-connect';
import { getToken, getUserInfo, type UserInfo } from '../../../lib/session';
import { mainAppUrl } from './main-app-url';

export type FacebookButtonState = 'loading' | 'ready' | 'connected';

/**
 * The permissions step (SPEC.md section 4, "Platform permissions"): connect Facebook Ads (the
 * shared flow, with signup's wording), then Next: on to the chat with the session.
 */
export function usePlatformConnections(fallbackUser: UserInfo | undefined) {
  const [connected, setConnected] = useState(false);
  const facebook = useFacebookConnect({
    noTokenMessage: PERMISSION_MESSAGES.signupAgain,
    fallbackUser,
    onConnected: () => setConnected(true),
  });

  const next = () => {
    const token = getToken();
    if (!token) return facebook.say(PERMISSION_MESSAGES.nextWithoutToken);
    browser.assign(mainAppUrl(token, getUserInfo()));
  };

  const button: FacebookButtonState = connected ? 'connected' : facebook.sdkReady ? 'ready' : 'loading';
  return {
    facebookButton: button,
    busy: facebook.busy,
    connected,
    notice: facebook.notice,
    connect: facebook.connect,
    next,
  };
}

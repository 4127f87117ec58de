import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { PERMISSION_MESSAGES } from '../../../lib/facebook-connect/messages';
import { useFacebookConnect } from '../../../lib/facebook-connect/use-facebook-connect';
import { getToken, type UserInfo } from '../../../lib/session';
import { createHandoffCode } from '../api/create-handoff-code';
import { mainAppUrl } from './main-app-url';

/** Beyond the listed alerts: Next could not get a hand-off code for the chat. */
export const HANDOFF_FAILED = 'Could not continue to ARLO. Please try again.';

export type FacebookButtonState = 'loading' | 'ready' | 'connected';

/**
 * The permissions step: connect Facebook Ads (the
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
    createHandoffCode(token).then(
      ({ code }) => browser.assign(mainAppUrl(code)),
      (failure: unknown) => facebook.say(errorMessage(failure, HANDOFF_FAILED)),
    );
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

import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNTS_KEY } from '../../../lib/api/get-accounts';
import { PERMISSION_MESSAGES } from '../../../lib/facebook-connect/messages';
import { useFacebookConnect } from '../../../lib/facebook-connect/use-facebook-connect';
import type { UserInfo } from '../../../lib/session';
import { USER_STATUS_KEY } from '../../../lib/user-status';

/**
 * Settings → Integrations → Connect or Reconnect: the signup step's Facebook flow, with the in-app
 * wording. Afterwards the user status and the accounts are read again, so the
 * red dot, the banner and the chat's disabled input clear without a reload. `user` stands in for
 * a stored identity that went missing, so the new token can still be kept.
 */
export function useFacebookReconnect(user: UserInfo | undefined) {
  const queryClient = useQueryClient();
  return useFacebookConnect({
    noTokenMessage: PERMISSION_MESSAGES.loginAgain,
    fallbackUser: user,
    onConnected: () => {
      void queryClient.invalidateQueries({ queryKey: [USER_STATUS_KEY] });
      void queryClient.invalidateQueries({ queryKey: [ACCOUNTS_KEY] });
    },
  });
}

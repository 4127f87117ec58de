import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountStatusResponse, type ConnectedAccount } from '../../../../shared/api/meta';
import { ACCOUNTS_KEY, accountsKey } from '../../../lib/api/get-accounts';
import { apiRequest } from '../../../lib/api-client';
import { USER_STATUS_KEY } from '../../../lib/user-status';

export interface AccountStatusChange {
  accountId: string;
  active: boolean;
}

/** `PUT /api/accounts/{id}/status`; an answer with `success: false` fails with its message. */
export async function setAccountStatus(token: string, { accountId, active }: AccountStatusChange) {
  const result = await apiRequest(
    `/api/accounts/${encodeURIComponent(accountId)}/status`,
    accountStatusResponse,
    { method: 'PUT', token, body: { active } },
  );
  if (!result.success) throw new Error(result.message);
  return result;
}

/**
 * Switches an ad account on or off, optimistically: the list shows the new state
 * at once and goes back if the call fails. On success every cached account list and user status
 * is refreshed, so the chat's next answer and its account list use the new scope.
 */
export function useSetAccountStatus(token: string | null) {
  const queryClient = useQueryClient();
  const key = accountsKey(token);
  const show = ({ accountId, active }: AccountStatusChange) =>
    queryClient.setQueryData<{ accounts: ConnectedAccount[] }>(key, (current) =>
      current
        ? {
            accounts: current.accounts.map((account) =>
              account.account_id === accountId ? { ...account, active } : account,
            ),
          }
        : current,
    );
  return useMutation({
    mutationFn: (change: AccountStatusChange) => setAccountStatus(token ?? '', change),
    onMutate: async (change) => {
      // A poll landing after the switch would otherwise paint the old state back.
      await queryClient.cancelQueries({ queryKey: key });
      show(change);
    },
    onError: (_error, change) => show({ ...change, active: !change.active }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ACCOUNTS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [USER_STATUS_KEY] }),
      ]),
  });
}

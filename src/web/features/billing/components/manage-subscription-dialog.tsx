import { useState } from 'react';
import { subscriptionTexts } from '../../../../shared/api/billing';
import { LoadProblem } from '../../../components/ui/load-problem';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { CancelSubscription } from './cancel-subscription';
import { SubscriptionSummary } from './subscription-summary';

/** The Manage Subscription dialog, opened from Settings → Account → Manage. */
export function ManageSubscriptionDialog({ onClose }: { onClose: () => void }) {
  const [token, setToken] = useState(getToken);
  const subscription = useSubscriptionStatus(token);

  // The session may have been restored meanwhile (another tab signed in), so read it again.
  const tryAgain = () => {
    const stored = getToken();
    if (stored !== token) setToken(stored);
    else if (stored) void subscription.refetch();
  };

  const body = () => {
    if (!token) return <LoadProblem text={subscriptionTexts.noUser} onRetry={tryAgain} />;
    if (subscription.isPending || (subscription.isError && subscription.isFetching)) {
      return (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          Loading subscription…
        </p>
      );
    }
    if (subscription.isError) {
      return (
        <LoadProblem
          text={errorMessage(subscription.error, subscriptionTexts.loadFailed)}
          onRetry={tryAgain}
        />
      );
    }
    const { data } = subscription;
    return (
      <>
        <SubscriptionSummary subscription={data} />
        {data.subscription_id && !data.cancel_at_period_end ? <CancelSubscription token={token} /> : null}
      </>
    );
  };

  return (
    <ModalDialog title="Manage Subscription" onClose={onClose}>
      {body()}
    </ModalDialog>
  );
}

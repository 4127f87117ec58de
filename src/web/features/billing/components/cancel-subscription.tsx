import { useEffect, useId, useRef, useState } from 'react';
import { subscriptionTexts } from '../../../../shared/api/billing';
import { errorMessage } from '../../../lib/api-client';
import { useCancelSubscription } from '../api/cancel-subscription';

const secondary =
  'rounded-lg bg-slate-100 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';
const danger =
  'rounded-lg bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-60';

/** Cancelling a subscription asks for confirmation first. */
export function CancelSubscription({ token }: { token: string }) {
  const cancel = useCancelSubscription(token);
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const keepButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // Each step replaces the button just pressed, so focus follows to the step's safe choice.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (confirming ? keepButton : cancelButton).current?.focus();
  }, [confirming]);

  const step = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };
  const confirm = () => cancel.mutate(undefined, { onSettled: () => step(false) });

  return (
    <div className="space-y-3">
      {confirming ? (
        <fieldset aria-labelledby={questionId} className="space-y-3 rounded-lg bg-red-50 p-3 dark:bg-red-950">
          <p id={questionId} className="text-sm font-medium text-red-800 dark:text-red-200">
            {subscriptionTexts.confirm}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={danger} disabled={cancel.isPending} onClick={confirm}>
              {cancel.isPending ? 'Processing...' : subscriptionTexts.yes}
            </button>
            <button
              ref={keepButton}
              type="button"
              className={secondary}
              disabled={cancel.isPending}
              onClick={() => step(false)}
            >
              {subscriptionTexts.keep}
            </button>
          </div>
        </fieldset>
      ) : (
        <button
          ref={cancelButton}
          type="button"
          className={secondary}
          onClick={() => {
            cancel.reset();
            step(true);
          }}
        >
          Cancel subscription
        </button>
      )}
      {cancel.isError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {errorMessage(cancel.error, subscriptionTexts.cancelFailed)}
        </p>
      ) : null}
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { PAYMENT_CANCELLED, paymentErrorText } from '../../../../shared/api/billing';

/** What the checkout sent the user back with: `cancelled` or `error`. */
export function PaymentNotices() {
  const [params] = useSearchParams();
  const error = params.get('error');
  return (
    <>
      {params.get('cancelled') === 'true' ? (
        <p
          role="status"
          className="rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800 dark:bg-orange-950 dark:text-orange-200"
        >
          {PAYMENT_CANCELLED}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {paymentErrorText(error)}
        </p>
      ) : null}
    </>
  );
}

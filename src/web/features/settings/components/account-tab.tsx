import { useId } from 'react';
import { Select } from '../../../components/ui/select';
import { SectionHeading } from './section-heading';

const LANGUAGES = [{ value: 'en', label: 'English' }] as const;

const term = 'text-slate-500 dark:text-slate-400';
const detail = 'font-medium text-slate-900 dark:text-slate-100';

/**
 * Settings → Account: the user identifier, the billing state (with Manage for an
 * active user) and the language. `onManageSubscription` is absent when the app wired no dialog.
 */
export function AccountTab({
  uid,
  status,
  onManageSubscription,
}: {
  uid: string | undefined;
  status: string | undefined;
  onManageSubscription: (() => void) | undefined;
}) {
  const languageId = useId();
  return (
    <section>
      <SectionHeading title="Account" />
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-4 text-sm">
        <dt className={term}>User ID</dt>
        <dd className={`${detail} break-all`}>{uid || 'Unknown'}</dd>
        <dt className={term}>Billing</dt>
        <dd className="flex items-center justify-between gap-2">
          <span className={`${detail} capitalize`}>{status ?? 'Unknown'}</span>
          {status === 'active' && onManageSubscription ? (
            <button
              type="button"
              onClick={onManageSubscription}
              className="rounded-lg bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-indigo-950 dark:text-indigo-200 dark:hover:bg-indigo-900"
            >
              Manage
            </button>
          ) : null}
        </dd>
        <dt className={term}>
          <label htmlFor={languageId}>Language</label>
        </dt>
        <dd>
          {/* English is the only language ARLO speaks today. */}
          <Select id={languageId} value="en" options={LANGUAGES} onChange={() => {}} />
        </dd>
      </dl>
    </section>
  );
}

import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import type { EmailReportPrefsBody } from '../../../../shared/api/email-reports';
import { secondaryButton } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { useEmailReports } from '../api/get-email-reports';
import { useSendTestDigest } from '../api/send-test-digest';
import { useUpdateEmailReports } from '../api/update-email-reports';
import { SectionHeading } from './section-heading';

/** The zone this browser runs in: the digest arrives on Monday 08:00 there. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Settings → Data and Dev Tools → Email reports: the weekly digest, anomaly alerts and a test digest. */
export function EmailReportsSection({ token }: { token: string | null }) {
  const prefs = useEmailReports(token);
  const update = useUpdateEmailReports(token);
  const test = useSendTestDigest(token);

  const change = (kind: 'digest' | 'alerts', on: boolean) => {
    const zone = browserTimeZone();
    // Opting in records this browser's zone, so Monday 08:00 is the reader's own morning.
    const body: EmailReportPrefsBody = { [kind]: on, ...(on && zone ? { timeZone: zone } : {}) };
    update.mutate(body);
  };
  const data = prefs.data;

  return (
    <section className="space-y-4" aria-labelledby="email-reports-heading">
      <div id="email-reports-heading">
        <SectionHeading
          title="Email reports"
          hint={
            data
              ? `Sent to your account's email. The digest arrives on Monday from 08:00 (${data.effectiveTimeZone}).`
              : 'Sent to your account’s email.'
          }
        />
      </div>
      {prefs.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(prefs.error, 'Could not load your email settings. Please try again.')}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        <ReportSwitch
          label="Weekly digest"
          description="Last week against the week before, the biggest movers, anomalies and three recommendations."
          checked={data?.digest ?? false}
          disabled={!data || update.isPending}
          onChange={(on) => change('digest', on)}
        />
        <ReportSwitch
          label="Anomaly alerts"
          description="After each refresh, when a campaign's CPA, ROAS or spend moves 20% or more. At most once a day per campaign and metric."
          checked={data?.alerts ?? false}
          disabled={!data || update.isPending}
          onChange={(on) => change('alerts', on)}
        />
      </ul>
      {update.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(update.error, 'Could not save your choice. Please try again.')}
        </p>
      ) : null}
      <div className="space-y-2">
        <button
          type="button"
          disabled={test.isPending}
          onClick={() => test.mutate()}
          className={secondaryButton}
        >
          {test.isPending ? 'Sending…' : 'Send me a test digest'}
        </button>
        {test.isSuccess ? (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            {test.data.message}
          </p>
        ) : null}
        {test.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(test.error, 'Could not send the test digest. Please try again.')}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function ReportSwitch(props: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p id={labelId} className="font-medium text-slate-900 dark:text-slate-100">
          {props.label}
        </p>
        <p id={descriptionId} className="text-xs text-slate-600 dark:text-slate-400">
          {props.description}
        </p>
      </div>
      <Switch.Root
        checked={props.checked}
        onCheckedChange={props.onChange}
        disabled={props.disabled}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-70 data-[state=checked]:bg-indigo-600 dark:bg-slate-600 dark:data-[state=checked]:bg-indigo-500"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </li>
  );
}

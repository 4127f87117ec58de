import { Link } from 'react-router';
import { PageShell } from '../../components/ui/page-shell';
import { textLink } from '../../components/ui/styles';

/** The terms a marketer accepts at signup, in plain words about what ARLO does with their data. */
export function TermsRoute() {
  return (
    <PageShell title="Terms of Service" subtitle="What you agree to when you use ARLO.">
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>
          ARLO reads your Meta Ads data with read-only access. It cannot create, change or delete campaigns,
          ad sets or ads.
        </li>
        <li>
          Your ad-account data is used only to answer your own questions. It is never shown to other users and
          never sold.
        </li>
        <li>
          Answers are computed from the data Meta reports. Meta may revise recent days, so figures for them
          can change after a later sync.
        </li>
        <li>
          You can disconnect an ad account at any time, and cancel a paid plan at the end of its billing
          period.
        </li>
        <li>You are responsible for keeping your password and sign-in methods safe.</li>
      </ul>
      <Link className={textLink} to="/signup">
        Back to signup
      </Link>
    </PageShell>
  );
}

import { Link } from 'react-router';
import { PageShell } from '../../components/ui/page-shell';

export function NotFoundRoute() {
  return (
    <PageShell title="Page not found" subtitle="This address does not exist in ARLO.">
      <Link className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300" to="/">
        Go to the chat
      </Link>
    </PageShell>
  );
}

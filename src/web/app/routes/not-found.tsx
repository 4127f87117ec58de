import { Link } from 'react-router';
import { PageShell } from '../../components/ui/page-shell';

export function NotFoundRoute() {
  return (
    <PageShell title="Page not found" subtitle="This address does not exist in ARLO.">
      <Link className="font-medium text-indigo-600 hover:underline" to="/">
        Go to the chat
      </Link>
    </PageShell>
  );
}

import { ExternalLink } from 'lucide-react';
import { useClientConfig } from '../../../lib/providers/client-config';
import { SectionHeading } from './section-heading';

/** Settings → Get Help: the WhatsApp community, when the server names one. */
export function GetHelpTab() {
  const config = useClientConfig();
  const url = config.data?.help.whatsappUrl;
  const body = () => {
    if (config.isPending) return <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>;
    if (config.isError) {
      return (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the help settings. Please try again later.
        </p>
      );
    }
    if (!url) {
      return (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The community link is not configured on this server.
        </p>
      );
    }
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-lg bg-emerald-600 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        Join the WhatsApp community
        <span className="sr-only"> (opens in a new tab)</span>
        <ExternalLink aria-hidden="true" size={16} />
      </a>
    );
  };
  return (
    <section>
      <SectionHeading
        title="Get Help"
        hint="Ask questions, share feedback and hear about new features with other ARLO users."
      />
      {body()}
    </section>
  );
}

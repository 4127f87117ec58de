import { ConnectedAccounts } from '../../features/chat/components/connected-accounts';
import { ChatEmptyState } from '../../features/chat/components/empty-state';
import { takeSessionFromAddress } from '../../features/chat/lib/session-handoff';

export function ChatRoute() {
  // Before the first render reads the session: the permissions step hands it over in the address.
  takeSessionFromAddress();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 p-6">
      <ChatEmptyState />
      <ConnectedAccounts />
      <footer className="text-xs text-slate-500">ARLO v1.0-beta</footer>
    </main>
  );
}

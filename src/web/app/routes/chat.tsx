import { ChatEmptyState } from '../../features/chat/components/empty-state';

export function ChatRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 p-6">
      <ChatEmptyState />
      <footer className="text-xs text-slate-500">ARLO v1.0-beta</footer>
    </main>
  );
}

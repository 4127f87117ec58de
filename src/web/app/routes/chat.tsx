import { SessionHandoff } from '../../components/session-handoff/session-handoff';
import { ManageSubscriptionDialog } from '../../features/billing/components/manage-subscription-dialog';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { SettingsDialog } from '../../features/settings/components/settings-dialog';

export function ChatRoute() {
  // Before the chat reads the session: the permissions step hands it over in the address.
  return (
    <SessionHandoff>
      <ChatScreen
        renderSettings={(close) => (
          <SettingsDialog
            onClose={close}
            renderManageSubscription={(closeManage) => <ManageSubscriptionDialog onClose={closeManage} />}
          />
        )}
      />
    </SessionHandoff>
  );
}

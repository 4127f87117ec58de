import { ManageSubscriptionDialog } from '../../features/billing/components/manage-subscription-dialog';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { SettingsDialog } from '../../features/settings/components/settings-dialog';
import { takeSessionFromAddress } from '../../lib/session-handoff';

export function ChatRoute() {
  // Before the first render reads the session: the permissions step hands it over in the address.
  takeSessionFromAddress();
  return (
    <ChatScreen
      renderSettings={(close) => (
        <SettingsDialog
          onClose={close}
          renderManageSubscription={(closeManage) => <ManageSubscriptionDialog onClose={closeManage} />}
        />
      )}
    />
  );
}

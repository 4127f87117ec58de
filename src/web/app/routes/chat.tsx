import { SessionHandoff } from '../../components/session-handoff/session-handoff';
import { CheckoutSuccessNotice } from '../../components/ui/checkout-success-notice';
import { ManageSubscriptionDialog } from '../../features/billing/components/manage-subscription-dialog';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { SettingsDialog } from '../../features/settings/components/settings-dialog';

export function ChatRoute() {
  // Before the chat reads the session: the permissions step hands it over in the address.
  return (
    <SessionHandoff>
      {/* Stripe sends a paying user back here; mounted before the chat drops its address marker. */}
      <CheckoutSuccessNotice />
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

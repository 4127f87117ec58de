import * as Tabs from '@radix-ui/react-tabs';
import { CircleUser, Database, LifeBuoy, Palette, Plug } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { getToken, getUserInfo } from '../../../lib/session';
import { useUserStatus } from '../../../lib/user-status';
import { FACEBOOK_REQUIRED } from '../lib/integrations';
import { AccountTab } from './account-tab';
import { AppearanceTab } from './appearance-tab';
import { DataTab } from './data-tab';
import { GetHelpTab } from './get-help-tab';
import { IntegrationsTab } from './integrations-tab';
import { ManageAccountsDialog } from './manage-accounts-dialog';
import { SettingsTabTrigger } from './settings-tab-trigger';

const panel = 'min-h-72 flex-1 focus-visible:outline-2 focus-visible:outline-indigo-500';

/**
 * The Settings dialog: Account, Integrations, Appearance, Data and Dev Tools
 * (MCP access tokens, email reports) and Get Help. Billing belongs to another feature, so the app passes its Manage
 * Subscription dialog in through `renderManageSubscription`.
 */
export function SettingsDialog({
  onClose,
  renderManageSubscription,
}: {
  onClose: () => void;
  renderManageSubscription?: ((close: () => void) => ReactNode) | undefined;
}) {
  const [token] = useState(getToken);
  const user = useUserStatus(token).data?.user;
  const [managing, setManaging] = useState<'subscription' | 'accounts' | null>(null);
  const firstTab = useRef<HTMLButtonElement>(null);
  const attentionId = useId();
  const needsFacebook = user !== undefined && !user.fb_permissions_granted;
  const stopManaging = () => setManaging(null);

  return (
    <>
      <ModalDialog title="Settings" size="xl" onClose={onClose} initialFocus={firstTab}>
        <Tabs.Root defaultValue="account" orientation="vertical" className="flex flex-col gap-4 sm:flex-row">
          <Tabs.List
            aria-label="Settings sections"
            className="flex shrink-0 flex-row flex-wrap gap-1 sm:w-52 sm:flex-col"
          >
            <SettingsTabTrigger ref={firstTab} value="account" icon={CircleUser} label="Account" />
            <SettingsTabTrigger
              value="integrations"
              icon={Plug}
              label="Integrations"
              aria-describedby={needsFacebook ? attentionId : undefined}
              marker={
                needsFacebook ? (
                  <span aria-hidden="true" className="ml-auto size-2 shrink-0 rounded-full bg-red-500" />
                ) : null
              }
            />
            <SettingsTabTrigger value="appearance" icon={Palette} label="Appearance" />
            <SettingsTabTrigger value="data" icon={Database} label="Data and Dev Tools" />
            <SettingsTabTrigger value="help" icon={LifeBuoy} label="Get Help" />
          </Tabs.List>
          {/* The red dot, in words, for the Integrations tab's description. */}
          <span id={attentionId} hidden>
            {FACEBOOK_REQUIRED}
          </span>
          <Tabs.Content value="account" className={panel}>
            <AccountTab
              uid={getUserInfo()?.uid || user?.uid}
              status={user?.status}
              onManageSubscription={renderManageSubscription ? () => setManaging('subscription') : undefined}
            />
          </Tabs.Content>
          <Tabs.Content value="integrations" className={panel}>
            <IntegrationsTab user={user} onManageAccounts={() => setManaging('accounts')} />
          </Tabs.Content>
          <Tabs.Content value="appearance" className={panel}>
            <AppearanceTab />
          </Tabs.Content>
          <Tabs.Content value="data" className={panel}>
            <DataTab />
          </Tabs.Content>
          <Tabs.Content value="help" className={panel}>
            <GetHelpTab />
          </Tabs.Content>
        </Tabs.Root>
      </ModalDialog>
      {managing === 'accounts' ? <ManageAccountsDialog onClose={stopManaging} /> : null}
      {managing === 'subscription' && renderManageSubscription
        ? renderManageSubscription(stopManaging)
        : null}
    </>
  );
}

// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../src/shared/api/meta';
import { ConnectedAccounts } from '../../src/web/features/chat/components/connected-accounts';
import { ImportStatus } from '../../src/web/features/permissions/components/import-status';
import { ManageAccountsDialog } from '../../src/web/features/settings/components/manage-accounts-dialog';
import { saveSession } from '../../src/web/lib/session';
import { noRetryClient, openDialogFrom } from '../helpers/dialog-opener';
import { json, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

const TOKEN = 'x.eyJleHAiOjQxMDI0NDQ4MDB9.sig';
const USER = { uid: 'ann@example.com', name: 'Ann' };
const year = new Date().getFullYear();

const importing: ConnectedAccount = {
  account_id: '1001',
  name: 'Summit Gear Co',
  active: true,
  currency: 'USD',
  timezone: 'America/New_York',
  sync: {
    status: 'running',
    last_success_at: null,
    // What the first chunk wrote: not a figure to show while the import runs.
    rows: 560,
    last_error: null,
    progress: { state: 'importing', percent: 45, data_through: `${year}-10-02` },
  },
};
const synced: ConnectedAccount = {
  ...importing,
  sync: {
    status: 'ok',
    last_success_at: '2031-07-01T12:00:00.000Z',
    rows: 12_345,
    last_error: null,
    progress: { state: 'synced', percent: null, data_through: null },
  },
};

// The network edge: ARLO's accounts API, whose answer the test moves from importing to synced.
let accounts: ConnectedAccount[];
let callsTo: ReturnType<typeof stubFetch>['callsTo'];

beforeEach(() => {
  localStorage.clear();
  saveSession(TOKEN, USER);
  accounts = [importing];
  ({ callsTo } = stubFetch(({ url }) =>
    url === '/api/accounts' ? json({ accounts }) : json({ message: 'no stub', code: 'NOT_FOUND' }, 404),
  ));
});

afterEach(() => {
  cleanup();
  undoEdgeStubs();
  localStorage.clear();
});

const POLL = { timeout: 6_000 };

function renderAlone(element: React.ReactNode) {
  render(<QueryClientProvider client={noRetryClient()}>{element}</QueryClientProvider>);
}

describe('the import shown where accounts are listed, followed until it is in', () => {
  it("the chat's connected-accounts card: the progress, then every row held", async () => {
    renderAlone(<ConnectedAccounts />);
    const card = within(await screen.findByRole('region', { name: 'Connected ad accounts' }));
    expect(card.getByText('Importing · data through Oct 2 (45%)')).toBeTruthy();
    expect(card.queryByText(/560/)).toBeNull();

    accounts = [synced];
    expect(await card.findByText('Synced · 12,345 rows', {}, POLL)).toBeTruthy();
    const polls = callsTo('/api/accounts').length;
    expect(polls).toBeGreaterThanOrEqual(2);
  });

  it('Settings → Manage Meta Accounts: the same, beside when it last synced', async () => {
    openDialogFrom((close) => <ManageAccountsDialog onClose={close} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Manage Meta Accounts' }));
    const row = within(await dialog.findByRole('group', { name: 'Summit Gear Co' }));
    expect(row.getByText('Importing')).toBeTruthy();
    expect(row.getByText(/· data through Oct 2 \(45%\)/)).toBeTruthy();

    accounts = [synced];
    expect(await row.findByText('Synced', {}, POLL)).toBeTruthy();
    expect(row.getByText(/· 12,345 rows · Last synced: Jul 1, 2031/)).toBeTruthy();
  });

  it('the permissions step after connecting: each account, waiting or importing, then synced', async () => {
    accounts = [
      importing,
      {
        ...importing,
        account_id: '1002',
        name: 'Northwind Learning',
        sync: {
          ...importing.sync,
          status: 'pending',
          rows: 0,
          progress: { state: 'importing', percent: 0, data_through: null },
        },
      },
    ];
    renderAlone(<ImportStatus />);
    const list = within(await screen.findByRole('region', { name: 'Import progress' }));
    expect(list.getByText('Importing · data through Oct 2 (45%)')).toBeTruthy();
    expect(list.getByText('Waiting to import · no data yet (0%)')).toBeTruthy();

    accounts = [synced, { ...synced, account_id: '1002', name: 'Northwind Learning' }];
    await list.findAllByText('Synced · 12,345 rows', {}, POLL);
    expect(list.getAllByText('Synced · 12,345 rows')).toHaveLength(2);
  });
});

// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../src/shared/api/meta';
import { ManageAccountsDialog } from '../../src/web/features/settings/components/manage-accounts-dialog';
import { saveSession } from '../../src/web/lib/session';
import { noRetryClient, openDialogFrom } from '../helpers/dialog-opener';
import { captureAlerts, json, type RecordedCall, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

const TOKEN = 'x.eyJleHAiOjQxMDI0NDQ4MDB9.sig';
const USER = { uid: 'ann@example.com', name: 'Ann' };

const account = (
  account_id: string,
  name: string,
  active: boolean,
  sync: Partial<ConnectedAccount['sync']> = {},
): ConnectedAccount => ({
  account_id,
  name,
  active,
  currency: 'USD',
  timezone: 'America/New_York',
  sync: {
    status: 'ok',
    // Midday UTC, so the date reads the same in every time zone the tests may run in.
    last_success_at: '2031-07-01T12:00:00.000Z',
    rows: 1200,
    last_error: null,
    ...sync,
  },
});

// The network edge: ARLO's API, answered per URL; a switch or a sync changes what the list reads.
let accounts: ConnectedAccount[];
let listAnswer: (() => Response) | null;
let statusAnswer: (id: string, active: boolean) => Response | Promise<Response>;
let callsTo: ReturnType<typeof stubFetch>['callsTo'];
let alerts: string[];

async function answer({ url, method, body }: RecordedCall): Promise<Response> {
  if (url === '/api/accounts') return listAnswer ? listAnswer() : json({ accounts });
  const [, id, action] = url.match(/^\/api\/accounts\/(\d+)\/(status|sync)$/) ?? [];
  if (action === 'status' && method === 'PUT') {
    const { active } = body as { active: boolean };
    const answered = await statusAnswer(id ?? '', active);
    if (answered.ok) accounts = accounts.map((a) => (a.account_id === id ? { ...a, active } : a));
    return answered;
  }
  if (action === 'sync' && method === 'POST') {
    accounts = accounts.map((a) =>
      a.account_id === id ? { ...a, sync: { ...a.sync, status: 'running' } } : a,
    );
    return json({ success: true, message: 'Sync started' });
  }
  return json({ message: `No stub for ${method} ${url}`, code: 'NOT_FOUND' }, 404);
}

beforeEach(() => {
  localStorage.clear();
  saveSession(TOKEN, USER);
  accounts = [
    account('1001', 'Summit Gear Co', true),
    account('1002', 'Northwind Learning', false, { status: 'pending', last_success_at: null, rows: 0 }),
  ];
  listAnswer = null;
  statusAnswer = (_id, active) =>
    json({ success: true, message: `Account ${active ? 'activated' : 'deactivated'} successfully` });
  ({ callsTo } = stubFetch(answer));
  alerts = captureAlerts();
});

afterEach(() => {
  cleanup();
  undoEdgeStubs();
  localStorage.clear();
});

/** Opens the dialog from a button, as Settings → Integrations → Manage does. */
function openDialog() {
  const client = noRetryClient();
  // What the chat holds about the user; a switch must make it read again.
  client.setQueryData(['user-status', TOKEN], { user: { status: 'active' } });
  openDialogFrom((close) => <ManageAccountsDialog onClose={close} />, client);
  return { client, dialog: within(screen.getByRole('dialog', { name: 'Manage Meta Accounts' })) };
}

const switchFor = (dialog: ReturnType<typeof within>, name: string) => dialog.getByRole('switch', { name });
const checked = (element: HTMLElement) => element.getAttribute('aria-checked');

describe('the Manage Meta Accounts dialog (SPEC.md sections 2 and 4)', () => {
  it('lists each account with its switch, its sync state and when it last synced', async () => {
    const { dialog } = openDialog();
    const summit = within(await dialog.findByRole('group', { name: 'Summit Gear Co' }));
    expect(checked(switchFor(dialog, 'Summit Gear Co'))).toBe('true');
    expect(summit.getByText('Synced')).toBeTruthy();
    expect(summit.getByText(/Last synced: Jul 1, 2031/)).toBeTruthy();
    const northwind = within(dialog.getByRole('group', { name: 'Northwind Learning' }));
    expect(checked(switchFor(dialog, 'Northwind Learning'))).toBe('false');
    expect(northwind.getByText('Waiting to sync')).toBeTruthy();
    expect(northwind.getByText(/Last synced: Not synced yet/)).toBeTruthy();
    expect(callsTo('/api/accounts')[0]?.auth).toBe(`Bearer ${TOKEN}`);
  });

  it('switches at once, before the server answers, and refreshes what the chat knows on success', async () => {
    let answer!: (response: Response) => void;
    statusAnswer = () => new Promise((resolve) => (answer = resolve));
    const { client, dialog } = openDialog();
    await dialog.findByRole('switch', { name: 'Summit Gear Co' });
    fireEvent.click(switchFor(dialog, 'Summit Gear Co'));

    await waitFor(() => expect(callsTo('/api/accounts/1001/status', 'PUT')).toHaveLength(1));
    expect(checked(switchFor(dialog, 'Summit Gear Co'))).toBe('false');
    expect(callsTo('/api/accounts/1001/status', 'PUT')[0]).toMatchObject({
      body: { active: false },
      auth: `Bearer ${TOKEN}`,
    });
    const listsBefore = callsTo('/api/accounts').length;

    answer(json({ success: true, message: 'Account deactivated successfully' }));
    await waitFor(() => expect(callsTo('/api/accounts').length).toBe(listsBefore + 1));
    expect(client.getQueryState(['user-status', TOKEN])?.isInvalidated).toBe(true);
    expect(checked(switchFor(dialog, 'Summit Gear Co'))).toBe('false');
    expect(alerts).toEqual([]);
  });

  it("puts a failed switch back and alerts the server's message", async () => {
    statusAnswer = () => json({ message: 'Ad account not found', code: 'NOT_FOUND' }, 404);
    const { dialog } = openDialog();
    fireEvent.click(await dialog.findByRole('switch', { name: 'Summit Gear Co' }));
    await waitFor(() => expect(alerts).toEqual(['Failed to deactivate account: Ad account not found']));
    expect(checked(switchFor(dialog, 'Summit Gear Co'))).toBe('true');
  });

  it('alerts the error itself when the server sent no message, and a refusal in a 200 too', async () => {
    statusAnswer = () => new Response('Bad gateway', { status: 502 });
    const { dialog } = openDialog();
    fireEvent.click(await dialog.findByRole('switch', { name: 'Northwind Learning' }));
    await waitFor(() => expect(alerts).toEqual(['Failed to activate account: HTTP 502']));
    expect(checked(switchFor(dialog, 'Northwind Learning'))).toBe('false');

    statusAnswer = () => json({ success: false, message: 'Account is being removed' });
    await waitFor(() =>
      expect((switchFor(dialog, 'Northwind Learning') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(switchFor(dialog, 'Northwind Learning'));
    await waitFor(() => expect(alerts).toHaveLength(2));
    expect(alerts[1]).toBe('Failed to activate account: Account is being removed');
    expect(checked(switchFor(dialog, 'Northwind Learning'))).toBe('false');
  });

  it('says Failed to load accounts, and Try again loads them', async () => {
    listAnswer = () => json({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }, 503);
    const { dialog } = openDialog();
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to load accounts');
    listAnswer = null;
    fireEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('switch', { name: 'Summit Gear Co' })).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('says No accounts found when there are none', async () => {
    accounts = [];
    const { dialog } = openDialog();
    expect(await dialog.findByText('No accounts found')).toBeTruthy();
    expect(dialog.queryByRole('switch')).toBeNull();
  });

  it('Sync now queues a sync, shows it syncing, and follows it to the end', async () => {
    const { dialog } = openDialog();
    const summit = within(await dialog.findByRole('group', { name: 'Summit Gear Co' }));
    fireEvent.click(summit.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(callsTo('/api/accounts/1001/sync', 'POST')).toHaveLength(1));
    expect(callsTo('/api/accounts/1001/sync', 'POST')[0]?.auth).toBe(`Bearer ${TOKEN}`);
    expect(await summit.findByText('Syncing…')).toBeTruthy();
    expect((summit.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true);

    // The sync finishes on the server; the list keeps asking until it sees that.
    accounts = accounts.map((a) =>
      a.account_id === '1001'
        ? { ...a, sync: { ...a.sync, status: 'ok', last_success_at: '2031-07-02T12:00:00.000Z' } }
        : a,
    );
    expect(await summit.findByText(/Last synced: Jul 2, 2031/, {}, { timeout: 5_000 })).toBeTruthy();
    expect(summit.getByText('Synced')).toBeTruthy();
    expect((summit.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

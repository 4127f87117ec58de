// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManageSubscriptionDialog } from '../../src/web/features/billing/components/manage-subscription-dialog';
import { saveSession } from '../../src/web/lib/session';
import { openDialogFrom } from '../helpers/dialog-opener';
import { json, type RecordedCall, stubFetch, undoEdgeStubs } from '../helpers/network-edge';
import { PRO_SUBSCRIPTION } from '../helpers/subscription';

const TOKEN = 'x.eyJleHAiOjQxMDI0NDQ4MDB9.sig';
const USER = { uid: 'ann@example.com', name: 'Ann' };

const SERVICE_ENDS = '2031-08-01T12:00:00.000Z';

// The network edge: ARLO's API, answered per URL by a stubbed fetch.
let statusAnswers: (() => Response)[];
let cancelAnswer: () => Response;
let calls: RecordedCall[];

const answer = ({ url }: RecordedCall) => {
  if (url === '/payment/subscription-status') {
    const next = statusAnswers.length > 1 ? statusAnswers.shift() : statusAnswers[0];
    return next ? next() : json(PRO_SUBSCRIPTION);
  }
  if (url === '/payment/cancel-subscription') return cancelAnswer();
  return json({ message: `No stub for ${url}`, code: 'NOT_FOUND' }, 404);
};
const callsTo = (url: string) => calls.filter((call) => call.url === url);

beforeEach(() => {
  localStorage.clear();
  saveSession(TOKEN, USER);
  statusAnswers = [() => json(PRO_SUBSCRIPTION)];
  cancelAnswer = () => json({ success: true, service_ends: SERVICE_ENDS });
  calls = stubFetch(answer).calls;
});

afterEach(() => {
  cleanup();
  undoEdgeStubs();
  localStorage.clear();
});

/** Opens the dialog from a button, as Settings → Account → Manage does. */
function openDialog() {
  const { opener } = openDialogFrom((close) => <ManageSubscriptionDialog onClose={close} />);
  return { opener, dialog: within(screen.getByRole('dialog', { name: 'Manage Subscription' })) };
}

describe('the Manage Subscription dialog (SPEC.md sections 2, 3 and 4)', () => {
  it('shows the plan, price, status and renewal date', async () => {
    const { dialog } = openDialog();
    expect(await dialog.findByText('Pro (Beta Access)')).toBeTruthy();
    expect(dialog.getByText('$25/month')).toBeTruthy();
    expect(dialog.getByText('active')).toBeTruthy();
    expect(dialog.getByText('July 1, 2031')).toBeTruthy();
    expect(dialog.queryByText('Cancelling')).toBeNull();
    expect(callsTo('/payment/subscription-status')[0]?.auth).toBe(`Bearer ${TOKEN}`);
  });

  it('shows an annual subscription that is already cancelling', async () => {
    statusAnswers = [
      () =>
        json({
          ...PRO_SUBSCRIPTION,
          amount: 240,
          interval: 'year',
          cancel_at_period_end: true,
        }),
    ];
    const { dialog } = openDialog();
    expect(await dialog.findByText('$240/year')).toBeTruthy();
    expect(dialog.getByText('Cancelling')).toBeTruthy();
    expect(dialog.getByText('Pro until July 1, 2031')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('is a modal that takes focus, closes on Escape and gives focus back', async () => {
    const { opener } = openDialog();
    const element = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(element.getAttribute('aria-modal')).toBe('true');
    expect(element.contains(document.activeElement)).toBe(true);
    await within(element).findByText('$25/month');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix gives focus back once the dialog has unmounted, a tick later.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('Keep Subscription leaves everything as it was', async () => {
    const { dialog } = openDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Cancel subscription' }));
    expect(dialog.getByText('Are you sure you want to cancel?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Keep Subscription' }));
    expect(dialog.queryByText('Are you sure you want to cancel?')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(dialog.getByText('July 1, 2031')).toBeTruthy();
    expect(callsTo('/payment/cancel-subscription')).toHaveLength(0);
  });

  it('Yes, Cancel cancels and shows Pro until the end of the period', async () => {
    const { dialog } = openDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, Cancel' }));
    expect(await dialog.findByText('Cancelling')).toBeTruthy();
    expect(dialog.getByText('Pro until August 1, 2031')).toBeTruthy();
    expect(dialog.queryByText('July 1, 2031')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(callsTo('/payment/cancel-subscription')).toEqual([
      { url: '/payment/cancel-subscription', method: 'POST', body: {}, auth: `Bearer ${TOKEN}` },
    ]);
  });

  it.each([
    [
      'without a message',
      () => new Response('Bad gateway', { status: 502 }),
      'Failed to cancel subscription',
    ],
    [
      "with the server's message",
      () => json({ message: 'Subscription already cancelled', code: 'CONFLICT' }, 409),
      'Subscription already cancelled',
    ],
  ])('says so when cancelling fails %s', async (_, answer, text) => {
    cancelAnswer = answer;
    const { dialog } = openDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, Cancel' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(text);
    expect(dialog.queryByText('Cancelling')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('says the data failed to load, and Try again loads it again', async () => {
    statusAnswers = [() => new Response('Bad gateway', { status: 502 }), () => json(PRO_SUBSCRIPTION)];
    const { dialog } = openDialog();
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to load subscription data');
    fireEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByText('$25/month')).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(callsTo('/payment/subscription-status')).toHaveLength(2);
  });

  it("shows the server's message when the load failure carries one", async () => {
    statusAnswers = [() => json({ message: 'Billing is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503)];
    const { dialog } = openDialog();
    expect((await dialog.findByRole('alert')).textContent).toBe('Billing is unavailable');
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('without a session says No user data found, and Try again picks up a new one', async () => {
    localStorage.clear();
    const { dialog } = openDialog();
    expect(dialog.getByRole('alert').textContent).toBe('No user data found');
    expect(callsTo('/payment/subscription-status')).toHaveLength(0);
    saveSession(TOKEN, USER);
    fireEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByText('$25/month')).toBeTruthy();
  });

  it('offers the plans, and no cancel, to a user without a subscription', async () => {
    statusAnswers = [
      () =>
        json({
          ...PRO_SUBSCRIPTION,
          user_type: 'basic',
          plan_name: null,
          subscription_id: null,
          amount: null,
          interval: null,
          current_period_end: null,
          status: null,
        }),
    ];
    const { dialog } = openDialog();
    expect((await dialog.findByRole('link', { name: 'See plans' })).getAttribute('href')).toBe('/plans');
    expect(dialog.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});

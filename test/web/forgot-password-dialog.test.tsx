// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ForgotPasswordDialog } from '../../src/web/features/auth/components/forgot-password-dialog';
import { openDialogFrom } from '../helpers/dialog-opener';
import { json, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

afterEach(() => {
  cleanup();
  undoEdgeStubs();
});

function openForgotPassword(initialEmail = 'ann@example.com') {
  const network = stubFetch((call) =>
    call.url === '/auth/forgot-password' ? json({ success: true }) : json({ message: 'no stub' }, 404),
  );
  const { opener } = openDialogFrom((close) => (
    <ForgotPasswordDialog initialEmail={initialEmail} onClose={close} onDone={close} />
  ));
  const element = screen.getByRole('dialog', { name: 'Reset your password' });
  return { opener, element, dialog: within(element), network };
}

describe('the forgot-password dialog (SPEC.md section 4)', () => {
  it('is a modal that starts on the email, closes on Escape and gives focus back', async () => {
    const { opener, element, dialog } = openForgotPassword();
    expect(element.getAttribute('aria-modal')).toBe('true');
    const email = dialog.getByLabelText('Email') as HTMLInputElement;
    // Focus on the email, not the close button: Enter there sends the code.
    expect(document.activeElement).toBe(email);
    expect(email.value).toBe('ann@example.com');

    fireEvent.keyDown(email, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('sends the code to the email, then asks for the code and a new password; Cancel closes it', async () => {
    const { dialog, network } = openForgotPassword();
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByLabelText('Reset code')).toBeTruthy();
    expect(dialog.getByText('ann@example.com')).toBeTruthy();
    expect(network.callsTo('/auth/forgot-password', 'POST').map((call) => call.body)).toEqual([
      { email: 'ann@example.com' },
    ]);

    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

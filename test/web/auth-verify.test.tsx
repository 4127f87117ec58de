// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailStep } from '../../src/web/features/auth/components/verify-email-step';
import { formatClock, resendLabel } from '../../src/web/features/auth/lib/countdown';

const renderStep = (overrides: Partial<Parameters<typeof VerifyEmailStep>[0]> = {}) => {
  const props = {
    email: 'ann@example.com',
    onVerify: vi.fn(),
    onResend: vi.fn(async () => true),
    ...overrides,
  };
  render(<VerifyEmailStep {...props} />);
  return props;
};
const codeInput = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const verifyButton = () => screen.getByRole('button', { name: 'Verify Email' }) as HTMLButtonElement;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('countdown labels', () => {
  it('formats m:ss and the resend label', () => {
    expect(formatClock(300)).toBe('5:00');
    expect(formatClock(59)).toBe('0:59');
    expect(resendLabel(300)).toBe('Resend in 1:00');
    expect(resendLabel(241)).toBe('Resend in 0:01');
    expect(resendLabel(240)).toBe('Resend Code');
  });
});

describe('verification step', () => {
  it('shows the email, the sent message and the placeholder', () => {
    renderStep();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('Verification code sent to your email. Please check your inbox.')).toBeTruthy();
    expect(codeInput().placeholder).toBe('000000');
  });

  it('the code input strips non-digits, keeps at most 6, and Verify is enabled only at 6', () => {
    const { onVerify } = renderStep();
    expect(verifyButton().disabled).toBe(true);
    fireEvent.change(codeInput(), { target: { value: '12ab3' } });
    expect(codeInput().value).toBe('123');
    expect(verifyButton().disabled).toBe(true);
    fireEvent.change(codeInput(), { target: { value: '12-34-56-78' } });
    expect(codeInput().value).toBe('123456');
    expect(verifyButton().disabled).toBe(false);
    fireEvent.click(verifyButton());
    expect(onVerify).toHaveBeenCalledWith('123456');
  });

  it('counts down, allows resend at 240 s left, and resend restarts the 300 s timer', async () => {
    const { onResend } = renderStep();
    expect(screen.getByText('Code expires in 5:00')).toBeTruthy();
    const resend = () => screen.getByRole('button', { name: /^Resend/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Resend in 1:00');
    expect(resend().disabled).toBe(true);
    tick(1000);
    expect(screen.getByText('Code expires in 4:59')).toBeTruthy();
    expect(resend().textContent).toBe('Resend in 0:59');
    tick(59_000);
    expect(screen.getByText('Code expires in 4:00')).toBeTruthy();
    expect(resend().textContent).toBe('Resend Code');
    expect(resend().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(resend());
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Code expires in 5:00')).toBeTruthy();
    expect(resend().textContent).toBe('Resend in 1:00');
  });

  it('a failed resend keeps the timer and shows the error', async () => {
    renderStep({ onResend: vi.fn(async () => false), error: 'Error resending code. Please try again.' });
    tick(60_000);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    });
    expect(screen.getByText('Code expires in 4:00')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Error resending code. Please try again.');
  });
});

/** A code lives 300 s; resend is allowed once 240 s or fewer remain. */
export const CODE_TTL_SECONDS = 300;
export const RESEND_WHEN_REMAINING = 240;

export function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

export function resendLabel(remaining: number): string {
  return remaining > RESEND_WHEN_REMAINING
    ? `Resend in ${formatClock(remaining - RESEND_WHEN_REMAINING)}`
    : 'Resend Code';
}

export const canResend = (remaining: number): boolean => remaining <= RESEND_WHEN_REMAINING;

import { StripeApiError } from './errors';

interface Saved {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Enough for any test or demo; the oldest keys go first beyond it. */
const MAX_KEYS = 1000;

/**
 * Stripe's `Idempotency-Key`: a POST retried with the same key gets the first answer back instead
 * of creating a second checkout session; the same key with other parameters is an error.
 */
export class IdempotencyCache {
  private readonly saved = new Map<string, Saved>();

  /** The earlier answer for this key, if any. */
  replay(key: string | undefined, fingerprint: string): Saved | undefined {
    if (!key) return undefined;
    const saved = this.saved.get(key);
    if (saved && saved.fingerprint !== fingerprint) {
      throw new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { type: 'idempotency_error' },
      );
    }
    return saved;
  }

  /** Server errors are not saved, so a retry may succeed (as with Stripe). */
  save(key: string | undefined, fingerprint: string, status: number, body: unknown): void {
    if (!key || status >= 500) return;
    this.saved.set(key, { fingerprint, status, body });
    if (this.saved.size > MAX_KEYS) {
      const oldest = this.saved.keys().next().value;
      if (oldest !== undefined) this.saved.delete(oldest);
    }
  }
}

import { type ErrorCode, errorStatus } from '../shared/errors';

/**
 * The one error type handlers throw. `message` is shown to the user as-is, so it must never
 * hold internals; `extra` carries additional documented fields such as `redirect`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.statusCode = errorStatus[code];
  }
}

// Connection-level failures (PostgreSQL down or restarting, or our own pool closed during shutdown)
// are the caller's cue to retry, not a bug.
const unavailableErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/** PostgreSQL refused text it cannot store: a NUL character (22021) or an untranslatable one (22P05). */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '22021' || current.code === '22P05') return true;
    current = current.cause as typeof current;
  }
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined; current; ) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (unavailableErrnos.has(code) || code.startsWith('08') || code === '57P01' || code === '57P03')
      return true;
    if (
      typeof current.message === 'string' &&
      // "not queryable": a transaction's rollback on a connection that was lost mid-transaction.
      /Connection terminated|not queryable|PGlite is closed|pool after calling end/i.test(current.message)
    ) {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}

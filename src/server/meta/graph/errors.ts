/**
 * Graph API errors. Messages are built from Meta's own message and codes only, run through the caller's
 * scrubber, so a token or the app secret can never ride along into a log line or an error report.
 */

export interface GraphApiErrorInit {
  /** HTTP status of the answer; 0 when there was none (network error, timeout, refused `next`). */
  status: number;
  code?: number | undefined;
  subcode?: number | undefined;
  type?: string | undefined;
  fbtraceId?: string | undefined;
  retryable: boolean;
  /** Only safe, secret-free values: never the raw fetch error (its message can carry the URL). */
  cause?: { name: string; code?: string } | undefined;
}

export class GraphApiError extends Error {
  override name = 'GraphApiError';
  readonly status: number;
  readonly code: number | undefined;
  readonly subcode: number | undefined;
  readonly type: string | undefined;
  readonly fbtraceId: string | undefined;
  readonly retryable: boolean;

  constructor(message: string, init: GraphApiErrorInit) {
    super(message, init.cause ? { cause: init.cause } : undefined);
    this.status = init.status;
    this.code = init.code;
    this.subcode = init.subcode;
    this.type = init.type;
    this.fbtraceId = init.fbtraceId;
    this.retryable = init.retryable;
  }
}

/** Code 190: the user's token expired or was revoked; the caller marks the permission as not granted. */
export class GraphTokenError extends GraphApiError {
  override name = 'GraphTokenError';
}

/** Meta refuses a query that covers too much data; `insights()` answers by splitting the date range. */
export class GraphTooMuchDataError extends GraphApiError {
  override name = 'GraphTooMuchDataError';
}

const TOO_MUCH_DATA_SUBCODE = 1487534;
// 4 app, 17 user, 32 page, 613 custom rate limits; 80000–80014 business-use-case (BUC) rate limits.
const THROTTLE_CODES = new Set([4, 17, 32, 613]);

export function isThrottleCode(code: number | undefined): boolean {
  return code !== undefined && (THROTTLE_CODES.has(code) || (code >= 80000 && code <= 80014));
}

/** Which failures are worth another try. A 190 or any other 4xx will fail the same way again. */
export function isRetryable(status: number, code: number | undefined, subcode: number | undefined): boolean {
  if (code === 190) return false;
  // Code 2 "service temporarily unavailable"; code 1 subcode 99 "unknown error, retry".
  if (isThrottleCode(code) || code === 2 || (code === 1 && subcode === 99)) return true;
  return status >= 500;
}

const toNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const toText = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value.slice(0, 500) : undefined;

/** Builds the error for a non-2xx answer (or a 2xx carrying `{ error }`) from Meta's JSON, if any. */
export function graphErrorFrom(
  status: number,
  body: unknown,
  scrub: (text: string) => string,
): GraphApiError {
  const error =
    body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object'
      ? (body.error as Record<string, unknown>)
      : undefined;
  if (!error) {
    return new GraphApiError(`Graph API answered HTTP ${status} without a JSON error`, {
      status,
      retryable: isRetryable(status, undefined, undefined),
    });
  }
  const code = toNumber(error.code);
  const subcode = toNumber(error.error_subcode);
  const metaMessage = scrub(toText(error.message) ?? 'no message');
  const codes = code === undefined ? '' : ` ${code}${subcode === undefined ? '' : `/${subcode}`}`;
  const message = `Graph API error${codes} (HTTP ${status}): ${metaMessage}`;
  const init: GraphApiErrorInit = {
    status,
    code,
    subcode,
    type: toText(error.type),
    fbtraceId: toText(error.fbtrace_id),
    retryable: isRetryable(status, code, subcode),
  };
  if (code === 190) return new GraphTokenError(message, init);
  if ((code === 100 && subcode === TOO_MUCH_DATA_SUBCODE) || /reduce the amount of data/i.test(metaMessage)) {
    // Asking again for the same range fails the same way, even on a 5xx.
    return new GraphTooMuchDataError(message, { ...init, retryable: false });
  }
  return new GraphApiError(message, init);
}

/** The error for a failed fetch: named by the error's name/code only, never its message (it may hold the URL). */
export function networkError(error: unknown, timeoutMs: number): GraphApiError {
  const name = error instanceof Error ? error.name : 'Error';
  const rawCode = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  const code = typeof rawCode === 'string' && /^[A-Z0-9_]{1,40}$/.test(rawCode) ? rawCode : undefined;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  const message = timedOut
    ? `Graph API request timed out after ${timeoutMs} ms`
    : `Graph API request failed (${code ?? name})`;
  return new GraphApiError(message, { status: 0, retryable: true, cause: code ? { name, code } : { name } });
}

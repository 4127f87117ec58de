import { GraphError } from './errors';
import type { Fault, FaultMatch, RequestKind } from './types';

const INSIGHTS_KINDS: ReadonlySet<RequestKind> = new Set([
  'insights',
  'insights_async',
  'report_run_insights',
]);

function matches(match: FaultMatch, kind: RequestKind): boolean {
  if (kind === 'sdk' || kind === 'preflight') return false;
  if (match === 'any') return true;
  if (match === 'insights') return INSIGHTS_KINDS.has(kind);
  return match === kind;
}

interface Pending {
  fault: Fault;
  remaining: number;
}

/** Injected faults, consumed first in, first out; each hits `times` matching requests, then goes. */
export class FaultQueue {
  private pending: Pending[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError(`times must be a positive integer`);
    this.pending.push({ fault, remaining: times });
  }

  clear(): void {
    this.pending = [];
  }

  /** Sums and consumes every slow fault that matches, so a delay can precede another fault. */
  takeDelay(kind: RequestKind): number {
    let delay = 0;
    for (const entry of this.pending) {
      if (entry.fault.kind === 'slow' && matches(entry.fault.match ?? 'any', kind)) {
        delay += entry.fault.delayMs;
        entry.remaining--;
      }
    }
    this.prune();
    return delay;
  }

  /** The first matching failure other than too_much_data (which needs the request's date range). */
  takeFailure(kind: RequestKind): Fault | undefined {
    return this.take(
      (fault) =>
        fault.kind !== 'slow' && fault.kind !== 'too_much_data' && matches(fault.match ?? 'any', kind),
    );
  }

  /** A too_much_data fault for a sync insights request spanning `spanDays` days, if one applies. */
  takeTooMuchData(kind: RequestKind, spanDays: number): Fault | undefined {
    return this.take(
      (fault) =>
        fault.kind === 'too_much_data' &&
        kind === 'insights' &&
        matches(fault.match ?? 'insights', kind) &&
        spanDays > (fault.minDays ?? 0),
    );
  }

  private take(test: (fault: Fault) => boolean): Fault | undefined {
    const entry = this.pending.find((candidate) => test(candidate.fault));
    if (!entry) return undefined;
    entry.remaining--;
    this.prune();
    return entry.fault;
  }

  private prune(): void {
    this.pending = this.pending.filter((entry) => entry.remaining > 0);
  }
}

const RATE_LIMIT_MESSAGES: Record<number, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  80000:
    '(#80000) There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
  80004:
    '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
};

const SERVER_ERROR_MESSAGES: Record<number, string> = {
  500: 'An unexpected error has occurred. Please retry your request later.',
  502: 'An unknown error occurred',
  503: 'Service temporarily unavailable',
};

/** The error a failing fault produces. Without a code, throttling of account calls says 80000, else 4. */
export function faultError(fault: Fault, hasAccount: boolean): GraphError {
  switch (fault.kind) {
    case 'rate_limit': {
      const code = fault.code ?? (hasAccount ? 80000 : 4);
      // Ads business-use-case throttles carry this subcode in Meta's answers.
      const subcode = code === 80000 || code === 80004 ? 2446079 : undefined;
      return new GraphError(code, RATE_LIMIT_MESSAGES[code] ?? `(#${code}) Rate limit reached`, {
        subcode,
        isTransient: true,
      });
    }
    case 'server_error': {
      const status = fault.status ?? 500;
      return new GraphError(2, SERVER_ERROR_MESSAGES[status] ?? 'An unexpected error has occurred.', {
        status,
        isTransient: true,
      });
    }
    case 'token_expired': {
      const now = Math.floor(Date.now() / 1000);
      const at = (seconds: number) => new Date(seconds * 1000).toUTCString();
      return new GraphError(
        190,
        `Error validating access token: Session has expired on ${at(now - 60)}. The current time is ${at(now)}.`,
        { subcode: 463 },
      );
    }
    case 'too_much_data':
      return new GraphError(
        100,
        "Please reduce the amount of data you're asking for, then retry your request",
        {
          subcode: 1487534,
        },
      );
    case 'slow':
      throw new Error('a slow fault delays a request; it is not an error');
  }
}

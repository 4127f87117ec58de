import { vi } from 'vitest';
import { browser } from '../../src/web/lib/browser';

/** A JSON answer, as ARLO's API sends them. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
  auth: string | null;
}

/**
 * Replaces `fetch` (the network edge) with `answer`, recording every call: URL, method, JSON body
 * and authorization header. Undone by `vi.unstubAllGlobals()`.
 */
export function stubFetch(answer: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: RecordedCall = {
        url: String(input),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        auth: new Headers(init.headers).get('authorization'),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  const callsTo = (url: string, method = 'GET') =>
    calls.filter((call) => call.url === url && call.method === method);
  return { calls, callsTo };
}

/** The messages the app shows with `browser.alert`, in order, instead of blocking dialogs. */
export function captureAlerts(): string[] {
  const alerts: string[] = [];
  vi.spyOn(browser, 'alert').mockImplementation((message) => void alerts.push(message));
  return alerts;
}

/** Puts back what `stubFetch` and `captureAlerts` (and any other stub or spy) replaced. */
export function undoEdgeStubs(): void {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
}

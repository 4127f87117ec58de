/**
 * The request core: URL building with appsecret_proof, one request with a timeout, retries with backoff,
 * rate-limit pauses, and paging. Everything else in the client is built on `send` and `pages`.
 */
import { createHmac } from 'node:crypto';
import { FACEBOOK_SDK_VERSION } from '../../../shared/api/client-config';
import { GraphApiError, graphErrorFrom, networkError } from './errors';
import { redactUrl, scrubber } from './redact';
import { type GraphUsage, parseUsage, pauseFor } from './usage';

/** One Meta API version for the browser SDK and the Graph API. */
export const GRAPH_VERSION = FACEBOOK_SDK_VERSION;

export type GraphParams = Record<string, string | number | undefined>;

export interface GraphLog {
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface GraphClientOptions {
  /** e.g. https://graph.facebook.com, or a stand-in with a path prefix such as http://127.0.0.1:4100/meta-sim */
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Injectable for tests; default setTimeout-based. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries after the first attempt; default 6. */
  maxRetries?: number;
  /** Backoff base; default 500 ms, doubled per retry, full jitter, capped by maxDelayMs (default 60 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Per request; default 60 s. */
  timeoutMs?: number;
  /** The jitter source, in [0, 1); default Math.random. Tests pin it. */
  random?: () => number;
  log?: GraphLog;
}

export interface GraphRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** POST parameters go in a form body, so no credential sits in a URL for POSTs. */
  body?: URLSearchParams;
}

interface Page<T> {
  data?: T[];
  paging?: { next?: unknown };
}

export type GraphCore = ReturnType<typeof createCore>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createCore(options: GraphClientOptions) {
  const base = new URL(options.baseUrl.replace(/\/+$/, ''));
  const baseHref = base.href.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 6;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const random = options.random ?? Math.random;
  const { appId, appSecret, log } = options;

  let lastUsage: GraphUsage | undefined;
  // The pause the last usage reading asks for; taken (and cleared) by the next call or retry.
  let pendingPauseMs = 0;
  const takePause = () => {
    const pause = pendingPauseMs;
    pendingPauseMs = 0;
    return pause;
  };

  const proof = (token: string) => createHmac('sha256', appSecret).update(token).digest('hex');

  function url(path: string, params: GraphParams): URL {
    const u = new URL(`${baseHref}/${GRAPH_VERSION}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) u.searchParams.set(key, String(value));
    }
    return u;
  }

  function withUserToken<P extends URL | URLSearchParams>(target: P, token: string): P {
    const params: URLSearchParams = target instanceof URL ? target.searchParams : (target as URLSearchParams);
    // Set, not append: the proof must match the token we hold, whatever a `next` URL carried.
    params.set('access_token', token);
    params.set('appsecret_proof', proof(token));
    return target;
  }

  async function once<T>(req: GraphRequest, scrub: (text: string) => string): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(req.url, {
        method: req.method,
        headers: {
          accept: 'application/json',
          ...(req.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(req.body ? { body: req.body.toString() } : {}),
        // A redirect would carry the token in the URL to wherever it points.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const usage = parseUsage(response.headers);
      if (usage) {
        lastUsage = usage;
        pendingPauseMs = pauseFor(usage, maxDelayMs);
      }
      text = await response.text();
    } catch (error) {
      throw networkError(error, timeoutMs);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const carriesError = Boolean(body && typeof body === 'object' && 'error' in body);
    if (response.ok && body !== undefined && !carriesError) return body as T;
    if (response.status >= 300 && response.status < 400) {
      throw new GraphApiError(`Graph API answered with a redirect (HTTP ${response.status}); not followed`, {
        status: response.status,
        retryable: false,
      });
    }
    if (response.ok && !carriesError) {
      throw new GraphApiError('Graph API answered with a body that is not JSON', {
        status: response.status,
        retryable: false,
      });
    }
    throw graphErrorFrom(response.status, body, scrub);
  }

  /** One call with retries. `token` is the credential in this request, so it is scrubbed from errors. */
  async function send<T>(req: GraphRequest, token?: string): Promise<T> {
    const scrub = scrubber([token, `${appId}|${appSecret}`, appSecret]);
    for (let attempt = 0; ; attempt++) {
      const pause = takePause();
      if (pause > 0) {
        log?.debug?.({ pauseMs: pause, usagePct: lastUsage?.maxPct }, 'Graph API usage high; pausing');
        await sleep(pause);
      }
      try {
        return await once<T>(req, scrub);
      } catch (error) {
        if (!(error instanceof GraphApiError) || !error.retryable || attempt >= maxRetries) throw error;
        const backoff = Math.round(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
        // A throttled answer's estimated_time_to_regain_access wins over the backoff.
        const delayMs = Math.max(backoff, takePause());
        log?.warn(
          {
            method: req.method,
            url: scrub(redactUrl(req.url.href)),
            attempt: attempt + 1,
            maxRetries,
            delayMs,
            status: error.status,
            code: error.code,
            subcode: error.subcode,
            fbtraceId: error.fbtraceId,
            error: error.message,
          },
          'Graph API call failed; retrying',
        );
        await sleep(delayMs);
      }
    }
  }

  function userGet<T>(path: string, params: GraphParams, token: string): Promise<T> {
    return send<T>({ method: 'GET', url: withUserToken(url(path, params), token) }, token);
  }

  function userPost<T>(path: string, params: GraphParams, token: string): Promise<T> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) body.set(key, String(value));
    return send<T>({ method: 'POST', url: url(path, {}), body: withUserToken(body, token) }, token);
  }

  /** Checks a `paging.next` URL before the token goes to it. */
  function nextUrl(next: string, token: string): URL {
    let u: URL;
    try {
      u = new URL(next, `${baseHref}/`);
    } catch {
      throw new GraphApiError('Graph API paging.next is not a URL; refused', { status: 0, retryable: false });
    }
    if (u.origin !== base.origin) {
      throw new GraphApiError(`Graph API paging.next points to ${u.origin}, not ${base.origin}; refused`, {
        status: 0,
        retryable: false,
      });
    }
    return withUserToken(u, token);
  }

  /**
   * GETs `path` and follows `paging.next` to the end, handing each non-empty page's `data` to `onPage`
   * (awaited, so a slow consumer slows the paging). Returns the number of items.
   */
  async function pages<T>(
    path: string,
    params: GraphParams,
    token: string,
    onPage: (items: T[]) => Promise<void> | void,
  ): Promise<number> {
    let page = await userGet<Page<T>>(path, params, token);
    let count = 0;
    const seen = new Set<string>();
    for (;;) {
      if (!page || typeof page !== 'object' || !Array.isArray(page.data)) {
        throw new GraphApiError('Graph API answered a list call without a data array', {
          status: 200,
          retryable: false,
        });
      }
      if (page.data.length > 0) {
        count += page.data.length;
        await onPage(page.data);
      }
      const next = page.paging?.next;
      if (typeof next !== 'string' || next === '') return count;
      const u = nextUrl(next, token);
      // A server that hands back a cursor already followed would keep us here forever.
      if (seen.has(u.href)) {
        throw new GraphApiError('Graph API paging.next repeats a page; stopped', {
          status: 200,
          retryable: false,
        });
      }
      seen.add(u.href);
      page = await send<Page<T>>({ method: 'GET', url: u }, token);
    }
  }

  return {
    appId,
    appSecret,
    sleep,
    log,
    url,
    send,
    userGet,
    userPost,
    pages,
    lastUsage: () => lastUsage,
  };
}

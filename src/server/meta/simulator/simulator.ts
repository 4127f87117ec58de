import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { epochDay } from '../../../analyst/demo/calendar';
import { listenHandler } from '../../listen-handler';
import { ReportRuns } from './async-runs';
import { authenticateUser } from './auth';
import type { RequestContext, SimulatorState } from './context';
import { errorBody, fbtraceId, GraphError } from './errors';
import { FaultQueue, faultError } from './faults';
import { publicOrigin, readBodyParams, send, sendPreflight } from './http';
import { InsightsSource } from './insights-source';
import type { LinkBuilder } from './paging';
import { GRAPH_VERSION, resolveRoute } from './router';
import { SDK_STANDIN_JS } from './sdk-standin';
import { TokenStore } from './tokens';
import type { Fault, GraphSimulator, GraphSimulatorOptions, RecordedRequest } from './types';
import { UsageMeter } from './usage';

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < 1) throw new RangeError(`${name} must be a positive integer`);
  return result;
}

/**
 * ARLO's own Graph API (v23.0) over a dataset: the endpoints ARLO uses, with Meta's formats,
 * errors, paging and usage headers, plus a stand-in for the browser SDK. In memory; one app.
 */
export function createGraphSimulator(options: GraphSimulatorOptions): GraphSimulator {
  if (!options.appId || !options.appSecret)
    throw new Error('The simulator needs an app id and an app secret');
  const now = options.now ?? Date.now;
  const source = new InsightsSource(options.dataset);
  const state: SimulatorState = {
    appId: options.appId,
    appSecret: options.appSecret,
    limits: {
      pageSize: positiveInteger(options.pageSize, 25, 'pageSize'),
      maxPageSize: positiveInteger(options.maxPageSize, 5000, 'maxPageSize'),
    },
    tokens: new TokenStore(options.appId, now, options.tokenSigningKey),
    runs: new ReportRuns(options.asyncPolls ?? 2, now),
    faults: new FaultQueue(),
    source,
    today: options.today ? epochDay(options.today) : source.defaultToday(),
    now,
  };
  const usage = new UsageMeter(now);
  const requests: RecordedRequest[] = [];

  async function process(
    req: IncomingMessage,
    res: ServerResponse,
    prefix: string | undefined,
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const mounted = Boolean(prefix) && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    const mount = mounted ? (prefix as string) : '';
    const path = url.pathname.slice(mount.length) || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const query = Object.fromEntries(url.searchParams);
    if (method === 'OPTIONS') {
      requests.push({ method, path, kind: 'preflight', query });
      return sendPreflight(res);
    }
    if (path === '/sdk.js') {
      requests.push({ method, path, kind: 'sdk', query });
      return send(res, 200, 'text/javascript; charset=utf-8', SDK_STANDIN_JS, {
        'cache-control': 'no-cache',
      });
    }

    const route = resolveRoute(method, path, state);
    const traceId = fbtraceId();
    let throttle: Extract<Fault, { kind: 'rate_limit' }> | undefined;
    let status = 200;
    let body: unknown;
    try {
      const params = method === 'GET' ? query : { ...query, ...(await readBodyParams(req)) };
      requests.push({ method, path, kind: route.kind, query: params });
      usage.record();
      const delay = state.faults.takeDelay(route.kind);
      if (delay > 0) await sleep(delay);
      const fault = state.faults.takeFailure(route.kind);
      if (fault) {
        if (fault.kind === 'rate_limit') throttle = fault;
        throw faultError(fault, route.accountId !== undefined);
      }
      const link: LinkBuilder = (cursor) => {
        const next = new URLSearchParams(url.searchParams);
        next.delete('after');
        next.delete('before');
        for (const [key, value] of Object.entries(cursor)) next.set(key, value);
        return `${publicOrigin(req)}${mount}${path}?${next}`;
      };
      const ctx: RequestContext = { method, params, headers: req.headers, link };
      if (route.needsUser) ctx.user = authenticateUser(params, req.headers, state);
      body = route.run(ctx);
    } catch (error) {
      if (!(error instanceof GraphError)) console.error('Graph API simulator:', error);
      const graphError =
        error instanceof GraphError ? error : new GraphError(1, 'An unknown error occurred', { status: 500 });
      status = graphError.status;
      body = errorBody(graphError, traceId);
    }
    send(res, status, 'application/json; charset=UTF-8', JSON.stringify(body), {
      'facebook-api-version': GRAPH_VERSION,
      'x-fb-trace-id': traceId,
      ...usage.headers({ kind: route.kind, accountId: route.accountId, throttle }),
    });
  }

  const simulator: GraphSimulator = {
    requests,
    handle(req, res, prefix) {
      process(req, res, prefix).catch((error: unknown) => {
        console.error('Graph API simulator:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end();
      });
    },
    listen: (port = 0, host = '127.0.0.1') =>
      listenHandler((req, res) => simulator.handle(req, res), port, host),
    issueUserToken: (input) => state.tokens.issue(input).token,
    revokeToken: (token) => state.tokens.revoke(token),
    injectFault: (fault) => state.faults.add(fault),
    clearFaults: () => state.faults.clear(),
  };
  return simulator;
}

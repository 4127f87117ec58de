import { GRAPH_VERSION } from '../graph';
import type { RequestContext, SimulatorState } from './context';
import { GraphError, unsupportedRequest } from './errors';
import {
  adAccount,
  adAccounts,
  insights,
  me,
  permissions,
  reportRunInsights,
  reportRunStatus,
  startReportRun,
} from './handlers-ads';
import { debugToken, dialogOAuth, oauthAccessToken } from './handlers-auth';
import { objectEdge } from './handlers-objects';
import type { RequestKind } from './types';

export { GRAPH_VERSION };

export interface Route {
  kind: RequestKind;
  /** The ad account the call is about (no 'act_'), for the usage headers. */
  accountId?: string;
  /** Whether the call needs a user token and appsecret_proof. */
  needsUser: boolean;
  run(ctx: RequestContext): unknown;
}

function fail(kind: RequestKind, error: GraphError, needsUser = true): Route {
  return {
    kind,
    needsUser,
    run: () => {
      throw error;
    },
  };
}

/** Maps a method and path (mount prefix removed) to its handler. */
export function resolveRoute(method: string, path: string, state: SimulatorState): Route {
  if (path === '/dialog/oauth' || path === `/${GRAPH_VERSION}/dialog/oauth`) {
    return { kind: 'dialog', needsUser: false, run: (ctx) => dialogOAuth(ctx, state) };
  }
  const [version, ...segments] = path.split('/').filter(Boolean);
  if (version !== GRAPH_VERSION) {
    return fail('unknown', new GraphError(2500, `Unknown path components: ${path}`), false);
  }
  const [node = '', edge, ...extra] = segments;
  const route = (kind: RequestKind, run: Route['run'], accountId?: string): Route => ({
    kind,
    accountId,
    needsUser: true,
    run,
  });
  const unsupported = (kind: RequestKind) => fail(kind, unsupportedRequest(method, node));
  if (extra.length > 0) return unsupported('unknown');

  if (node === 'oauth' && edge === 'access_token' && method === 'GET') {
    return { kind: 'oauth', needsUser: false, run: (ctx) => oauthAccessToken(ctx, state) };
  }
  if (node === 'debug_token' && edge === undefined && method === 'GET') {
    return { kind: 'debug_token', needsUser: false, run: (ctx) => debugToken(ctx, state) };
  }
  if (node === 'me') {
    if (edge === undefined && method === 'GET') return route('me', (ctx) => me(ctx));
    if (edge === 'adaccounts' && method === 'GET')
      return route('adaccounts', (ctx) => adAccounts(ctx, state));
    if (edge === 'permissions' && (method === 'GET' || method === 'DELETE')) {
      return route('permissions', (ctx) => permissions(ctx, state));
    }
    return unsupported('unknown');
  }
  const account = /^act_(\d+)$/.exec(node)?.[1];
  if (account) {
    if (edge === undefined && method === 'GET') {
      return route('adaccount', (ctx) => adAccount(ctx, state, account), account);
    }
    if (edge === 'insights' && method === 'GET') {
      return route('insights', (ctx) => insights(ctx, state, account), account);
    }
    if (edge === 'insights' && method === 'POST') {
      return route('insights_async', (ctx) => startReportRun(ctx, state, account), account);
    }
    if ((edge === 'campaigns' || edge === 'adsets' || edge === 'ads') && method === 'GET') {
      return route(edge, (ctx) => objectEdge(ctx, state, account, edge), account);
    }
    return unsupported('unknown');
  }
  if (/^\d+$/.test(node)) {
    const runAccount = state.runs.get(node)?.accountId;
    if (edge === undefined && method === 'GET') {
      return route('report_run', (ctx) => reportRunStatus(ctx, state, node), runAccount);
    }
    if (edge === 'insights' && method === 'GET') {
      return route('report_run_insights', (ctx) => reportRunInsights(ctx, state, node), runAccount);
    }
  }
  return unsupported('unknown');
}

import type { GraphAdAccount } from '../../../warehouse/graph-types';
import type { ReportRun } from './async-runs';
import type { RequestContext, SimulatorState } from './context';
import { GraphError, invalidParameter, unsupportedRequest } from './errors';
import { faultError } from './faults';
import { formatGroup } from './insights-aggregate';
import { parseInsightsQuery, splitFields } from './insights-query';
import { paginate, readPageRequest } from './paging';
import { canSeeAccount, hasAdsScope, type UserToken } from './tokens';

const USER_FIELDS = ['id', 'name', 'email', 'first_name', 'last_name'];
const ACCOUNT_FIELDS = ['id', 'account_id', 'name', 'currency', 'timezone_name', 'account_status'];

/** Requested fields of a node, in the order asked, with `id` last when not asked (as Meta does). */
function project(
  node: Record<string, unknown>,
  fieldsParam: string | undefined,
  defaults: string[],
  known: string[],
  nodeType: string,
): Record<string, unknown> {
  const fields = splitFields(fieldsParam);
  const out: Record<string, unknown> = {};
  for (const field of fields.length > 0 ? fields : defaults) {
    if (!known.includes(field)) {
      throw invalidParameter(`Tried accessing nonexisting field (${field}) on node type (${nodeType})`);
    }
    if (node[field] !== undefined) out[field] = node[field];
  }
  if (!('id' in out)) out.id = node.id;
  return out;
}

function currentUser(ctx: RequestContext): UserToken {
  if (!ctx.user) throw new Error('handler needs an authenticated user');
  return ctx.user;
}

/** `GET /me`: Meta's default fields are id and name; email only with the email permission. */
export function me(ctx: RequestContext): unknown {
  const user = currentUser(ctx);
  const [first, ...rest] = user.name.split(' ');
  const node = {
    id: user.userId,
    name: user.name,
    email: user.scopes.includes('email') ? user.email : undefined,
    first_name: first,
    last_name: rest.join(' ') || undefined,
  };
  return project(node, ctx.params.fields, ['id', 'name'], USER_FIELDS, 'User');
}

/** `GET /me/permissions`, and `DELETE /me/permissions`, which deauthorizes the app (revokes the token). */
export function permissions(ctx: RequestContext, state: SimulatorState): unknown {
  const user = currentUser(ctx);
  if (ctx.method === 'DELETE') {
    state.tokens.revoke(user.token);
    return { success: true };
  }
  return { data: user.scopes.map((permission) => ({ permission, status: 'granted' })) };
}

function visibleAccounts(user: UserToken, state: SimulatorState): readonly GraphAdAccount[] {
  // Without an ads permission Meta shows no ad accounts.
  if (!hasAdsScope(user) && !user.scopes.includes('business_management')) return [];
  return state.source.accounts.filter((account) => canSeeAccount(user, account.account_id));
}

/** `GET /me/adaccounts`: the accounts the token may see, cursor-paged. */
export function adAccounts(ctx: RequestContext, state: SimulatorState): unknown {
  const accounts = visibleAccounts(currentUser(ctx), state);
  const page = paginate(accounts, readPageRequest(ctx.params, state.limits), ctx.link);
  const data = page.data.map((account) =>
    project({ ...account }, ctx.params.fields, ['account_id'], ACCOUNT_FIELDS, 'AdAccount'),
  );
  return { ...page, data };
}

/** The account of an `act_<id>` path, or Meta's "unsupported request" when the token may not see it. */
export function accountFor(ctx: RequestContext, state: SimulatorState, accountId: string): GraphAdAccount {
  const user = currentUser(ctx);
  const account = state.source.account(accountId);
  if (!account || !canSeeAccount(user, accountId)) throw unsupportedRequest(ctx.method, `act_${accountId}`);
  if (!hasAdsScope(user)) {
    throw new GraphError(200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission');
  }
  return account;
}

/** `GET /act_<id>`. */
export function adAccount(ctx: RequestContext, state: SimulatorState, accountId: string): unknown {
  const account = accountFor(ctx, state, accountId);
  return project({ ...account }, ctx.params.fields, ['account_id'], ACCOUNT_FIELDS, 'AdAccount');
}

/** `GET /act_<id>/insights`: rows summed to the level and time increment, cursor-paged. */
export function insights(ctx: RequestContext, state: SimulatorState, accountId: string): unknown {
  const account = accountFor(ctx, state, accountId);
  const query = parseInsightsQuery(ctx.params, state.today);
  const fault = state.faults.takeTooMuchData('insights', query.until - query.since + 1);
  if (fault) throw faultError(fault, true);
  const groups = state.source.groups(account, query);
  const page = paginate(groups, readPageRequest(ctx.params, state.limits), ctx.link);
  return { ...page, data: page.data.map((group) => formatGroup(group, query, account)) };
}

/** `POST /act_<id>/insights`: starts an async report run over the same parameters. */
export function startReportRun(ctx: RequestContext, state: SimulatorState, accountId: string): unknown {
  const account = accountFor(ctx, state, accountId);
  const query = parseInsightsQuery(ctx.params, state.today);
  const run = state.runs.create(accountId, query, state.source.groups(account, query));
  return { report_run_id: run.id };
}

/** The report run of a `/<id>` path, if the token may see its account. */
export function runFor(ctx: RequestContext, state: SimulatorState, id: string): ReportRun {
  const run = state.runs.get(id);
  if (!run || !canSeeAccount(currentUser(ctx), run.accountId)) throw unsupportedRequest(ctx.method, id);
  return run;
}

/** `GET /<report_run_id>`: one status poll. */
export function reportRunStatus(ctx: RequestContext, state: SimulatorState, id: string): unknown {
  return state.runs.poll(runFor(ctx, state, id));
}

/** `GET /<report_run_id>/insights`: the finished run's rows, paged like the sync endpoint. */
export function reportRunInsights(ctx: RequestContext, state: SimulatorState, id: string): unknown {
  const run = runFor(ctx, state, id);
  if (run.completedAt === undefined) {
    throw new GraphError(
      2601,
      'Error accessing adreport job. The report is not ready yet; poll its status first.',
    );
  }
  const account = state.source.account(run.accountId) as GraphAdAccount;
  const page = paginate(run.groups, readPageRequest(ctx.params, state.limits), ctx.link);
  return { ...page, data: page.data.map((group) => formatGroup(group, run.query, account)) };
}

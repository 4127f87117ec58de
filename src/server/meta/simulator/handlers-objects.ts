import type { GraphObjects } from '../../../warehouse/graph-types';
import type { RequestContext, SimulatorState } from './context';
import { invalidParameter } from './errors';
import {
  checkSelection,
  type FieldSelection,
  type NodeShape,
  parseFieldSelection,
  projectNode,
} from './field-selection';
import { accountFor } from './handlers-ads';
import { paginate, readPageRequest } from './paging';

export type ObjectEdge = 'campaigns' | 'adsets' | 'ads';

const CREATIVE: NodeShape = {
  type: 'AdCreative',
  fields: ['id', 'object_type', 'thumbnail_url', 'title', 'body', 'call_to_action_type'],
};

const SHAPES: Record<ObjectEdge, NodeShape> = {
  campaigns: {
    type: 'Campaign',
    fields: [
      'id',
      'account_id',
      'name',
      'objective',
      'status',
      'effective_status',
      'daily_budget',
      'lifetime_budget',
      'bid_strategy',
      'start_time',
      'stop_time',
    ],
  },
  adsets: {
    type: 'AdSet',
    fields: [
      'id',
      'account_id',
      'name',
      'campaign_id',
      'status',
      'effective_status',
      'daily_budget',
      'lifetime_budget',
      'bid_strategy',
      'optimization_goal',
    ],
  },
  ads: {
    type: 'Ad',
    fields: ['id', 'account_id', 'name', 'adset_id', 'campaign_id', 'status', 'effective_status', 'creative'],
    nested: { creative: CREATIVE },
  },
};

/** Every effective_status Meta knows, for the filter's "must be one of" message. */
const EFFECTIVE_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'PENDING_REVIEW',
  'DISAPPROVED',
  'PREAPPROVED',
  'PENDING_BILLING_INFO',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'ADSET_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
];

function readStatusFilter(text: string | undefined): Set<string> | undefined {
  if (!text) return undefined;
  let values: string[];
  try {
    const parsed: unknown = JSON.parse(text);
    values = Array.isArray(parsed) ? parsed.map(String) : [String(parsed)];
  } catch {
    values = text.split(',').map((value) => value.trim());
  }
  for (const [index, value] of values.entries()) {
    if (!EFFECTIVE_STATUSES.includes(value)) {
      throw invalidParameter(
        `Param effective_status[${index}] must be one of {${EFFECTIVE_STATUSES.join(', ')}}`,
      );
    }
  }
  return new Set(values);
}

/**
 * `GET /act_<id>/campaigns`, `/adsets` and `/ads`: the account's objects with the asked fields
 * (`id` alone when none are asked, as Meta does), nested `creative{...}` selections, an optional
 * `effective_status` filter, and cursor paging like every edge.
 */
export function objectEdge(
  ctx: RequestContext,
  state: SimulatorState,
  accountId: string,
  edge: ObjectEdge,
): unknown {
  const account = accountFor(ctx, state, accountId);
  const shape = SHAPES[edge];
  const selection: FieldSelection[] = ctx.params.fields ? parseFieldSelection(ctx.params.fields) : [];
  // Checked before paging, so a bad field fails even on an account with no objects.
  checkSelection(selection, shape);
  const statuses = readStatusFilter(ctx.params.effective_status);
  const all = state.source.objects(account)[edge] as GraphObjects[ObjectEdge];
  const kept = statuses ? all.filter((node) => statuses.has(String(node.effective_status))) : all;
  const page = paginate<(typeof kept)[number]>(kept, readPageRequest(ctx.params, state.limits), ctx.link);
  const data = page.data.map((node) =>
    projectNode({ ...node, account_id: account.account_id }, selection, shape),
  );
  return { ...page, data };
}

/** The account's campaigns, ad sets and ads with their settings, read from their edges. */
import type { GraphAd, GraphAdSet, GraphCampaign, GraphObjects } from '../../../warehouse/graph-types';
import type { GraphCore } from './core';
import { actPath } from './insights';

const CAMPAIGN_FIELDS =
  'id,name,objective,status,effective_status,daily_budget,lifetime_budget,bid_strategy,start_time,stop_time';
const ADSET_FIELDS =
  'id,name,campaign_id,status,effective_status,daily_budget,lifetime_budget,bid_strategy,optimization_goal';
const AD_FIELDS =
  'id,name,adset_id,campaign_id,status,effective_status,creative{id,object_type,thumbnail_url,title,body,call_to_action_type}';

/** Objects per page: settings are small, so few pages even for thousands of ads. */
const OBJECTS_PAGE_LIMIT = 500;

/** Pages one edge (`campaigns`, `adsets`, `ads`) of an ad account to the end. */
async function edge<T>(core: GraphCore, accountId: string, name: string, fields: string, token: string) {
  const all: T[] = [];
  await core.pages<T>(
    `${actPath(accountId)}/${name}`,
    { fields, limit: OBJECTS_PAGE_LIMIT },
    token,
    (items) => {
      for (const item of items) all.push(item);
    },
  );
  return all;
}

/** GET /act_<id>/campaigns, /adsets and /ads with the settings ARLO keeps, each paged to the end. */
export async function fetchObjects(core: GraphCore, accountId: string, token: string): Promise<GraphObjects> {
  const campaigns = await edge<GraphCampaign>(core, accountId, 'campaigns', CAMPAIGN_FIELDS, token);
  const adsets = await edge<GraphAdSet>(core, accountId, 'adsets', ADSET_FIELDS, token);
  const ads = await edge<GraphAd>(core, accountId, 'ads', AD_FIELDS, token);
  return { campaigns, adsets, ads };
}

import type { GraphAction, GraphAdAccount, GraphInsightRow } from '../../src/warehouse/graph-types';

/** A hand-made Graph account, for tests whose expected numbers must be obvious by hand. */
export function graphAccount(id: string, name: string, currency = 'USD'): GraphAdAccount {
  return { account_id: id, id: `act_${id}`, name, account_status: 1, currency, timezone_name: 'UTC' };
}

interface RowInput {
  account: string;
  campaign: string;
  adset?: string;
  ad: string;
  day: string;
  impressions: number;
  clicks: number;
  spend: string;
  reach?: number;
  purchases?: number;
  revenue?: string;
  leads?: number;
  objective?: string;
}

/** A Graph insights row as Meta sends it: strings everywhere, purchases under three aliases. */
export function graphRow(input: RowInput): GraphInsightRow {
  const actions: GraphAction[] = [];
  const values: GraphAction[] = [];
  if (input.purchases) {
    for (const type of ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase']) {
      actions.push({ action_type: type, value: String(input.purchases) });
      values.push({ action_type: type, value: input.revenue ?? '0' });
    }
  }
  if (input.leads) {
    actions.push({ action_type: 'lead', value: String(input.leads) });
    actions.push({ action_type: 'onsite_conversion.lead_grouped', value: String(input.leads) });
  }
  const adset = input.adset ?? `${input.campaign} | Set`;
  return {
    account_id: input.account,
    account_name: `Account ${input.account}`,
    campaign_id: `${input.account}-${input.campaign}`,
    campaign_name: input.campaign,
    objective: input.objective ?? 'OUTCOME_SALES',
    adset_id: `${input.account}-${adset}`,
    adset_name: adset,
    ad_id: `${input.account}-${input.ad}`,
    ad_name: input.ad,
    impressions: String(input.impressions),
    reach: String(input.reach ?? Math.round(input.impressions * 0.8)),
    clicks: String(input.clicks),
    spend: input.spend,
    date_start: input.day,
    date_stop: input.day,
    actions,
    action_values: values,
  };
}

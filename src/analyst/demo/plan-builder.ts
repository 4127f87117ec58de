import { type AccountSpec, type AdSpec, type CampaignSpec, metaId } from './model';

/** An ad as written in a plan: a name and a spend weight, plus optional start, scenario effect and pause. */
export type AdDraft = [
  name: string,
  weight: number,
  extra?: Pick<AdSpec, 'startDaysAgo' | 'effect' | 'paused'>,
];

export interface AdSetDraft {
  name: string;
  weight: number;
  ads: AdDraft[];
}

export type CampaignDraft = Omit<CampaignSpec, 'id' | 'adSets'> & { adSets: AdSetDraft[] };

export type AccountDraft = Omit<AccountSpec, 'campaigns'> & { accountNo: number; campaigns: CampaignDraft[] };

/** Turns a readable plan into specs with stable Meta-style ids derived from each entity's position. */
export function buildAccount(draft: AccountDraft): AccountSpec {
  const { accountNo, campaigns, ...account } = draft;
  return {
    ...account,
    campaigns: campaigns.map((campaign, c) => ({
      ...campaign,
      id: metaId(accountNo, 1, c + 1),
      adSets: campaign.adSets.map((adSet, s) => ({
        id: metaId(accountNo, 2, c + 1, s + 1),
        name: adSet.name,
        weight: adSet.weight,
        ads: adSet.ads.map(([name, weight, extra], a) => ({
          id: metaId(accountNo, 3, c + 1, s + 1, a + 1),
          name,
          weight,
          ...extra,
        })),
      })),
    })),
  };
}

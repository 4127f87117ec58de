import { z } from 'zod';
import type { FacebookSdk } from '../providers/facebook-sdk';

export interface AdAccount {
  account_id: string;
  name: string;
}

/** The fields read before saving; 100 is the largest page Meta serves. */
export const AD_ACCOUNT_FIELDS = 'account_id,name';
export const AD_ACCOUNTS_PAGE_SIZE = 100;
// The save call takes at most 5000 accounts; the cap also stops a paging loop that never ends.
const MAX_PAGES = 50;

const adAccountsPage = z.object({
  data: z.array(z.object({ account_id: z.string(), name: z.string().optional() })),
  paging: z
    .object({ next: z.string().optional(), cursors: z.object({ after: z.string().optional() }).optional() })
    .optional(),
});

/** Why the ad accounts could not be read: Graph's own error, or an answer of the wrong shape. */
export class AdAccountsError extends Error {
  override name = 'AdAccountsError';
}

function graphGet(sdk: FacebookSdk, path: string, params: Record<string, unknown>): Promise<unknown> {
  return new Promise((resolve) => sdk.api(path, params, resolve));
}

/**
 * The cursor of the next page. Graph marks a last page by leaving out `next` (it still sends
 * cursors), so `next` decides; the cursor comes from `cursors.after`, or from `next` itself.
 */
function nextCursor(paging: z.infer<typeof adAccountsPage>['paging']): string | undefined {
  if (!paging?.next) return undefined;
  if (paging.cursors?.after) return paging.cursors.after;
  try {
    return new URL(paging.next).searchParams.get('after') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every ad account of the Facebook user, following Graph's paging: a first page holds 25 by
 * default, and users with more accounts must still see them all.
 */
export async function fetchAllAdAccounts(sdk: FacebookSdk): Promise<AdAccount[]> {
  const accounts = new Map<string, AdAccount>();
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const params = { fields: AD_ACCOUNT_FIELDS, limit: AD_ACCOUNTS_PAGE_SIZE, ...(after ? { after } : {}) };
    const parsed = adAccountsPage.safeParse(await graphGet(sdk, '/me/adaccounts', params));
    if (!parsed.success) throw new AdAccountsError('unexpected /me/adaccounts answer');
    for (const { account_id, name } of parsed.data.data) {
      accounts.set(account_id, { account_id, name: name ?? '' });
    }
    const next = nextCursor(parsed.data.paging);
    if (!next || next === after) break;
    after = next;
  }
  return [...accounts.values()];
}

import type { GraphObjects } from '../../../warehouse/graph-types';
import { writeObjects } from '../../../warehouse/load-objects';
import type { Db } from '../../db/client';
import { GraphApiError, GraphTokenError } from '../graph';

export const SETTINGS_FAILED =
  'Performance data is up to date, but campaign, ad set and ad settings could not be read from Facebook';

/**
 * Writes the campaigns, ad sets and ads read from the objects endpoints. Their failure does not
 * undo the sync's rows: they stay, and the error is returned for the sync state to show. A token
 * error is thrown on, since the whole account has lost access then.
 */
export async function syncObjects(
  db: Db,
  log: { warn(obj: object, msg: string): void },
  account: { id: string; currency: string },
  read: Promise<GraphObjects>,
): Promise<{ written: number; error?: string }> {
  try {
    const objects = await read;
    await writeObjects(db, account.id, account.currency, objects);
    return { written: objects.campaigns.length + objects.adsets.length + objects.ads.length };
  } catch (error) {
    if (error instanceof GraphTokenError) throw error;
    log.warn({ accountId: account.id, err: error }, 'meta sync could not read the account settings');
    // Meta's message says why (never a token); anything else stays in the log.
    const why = error instanceof GraphApiError ? `: ${error.message}` : '.';
    return { written: 0, error: `${SETTINGS_FAILED}${why}` };
  }
}

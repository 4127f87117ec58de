import { clientName } from '../../scripts/bench/agency-data';
import { AUDIENCES, CREATIVES, PRODUCT_LINES, STRATEGIES } from '../../src/analyst/demo/large-account';
import { type Catalog, type CatalogParts, catalogOf } from '../../src/analyst/parse/entities';

/**
 * An agency's catalog of names shaped like the benchmark's: every client a copy of the 'large' demo
 * account (25 campaigns × 4 ad sets × 5 ads) with the client's name in front. Built from the names
 * alone, without generating a day of data, so a test can hold 15,000 entities in milliseconds.
 * 626 entities per client: 24 clients make about 15,000.
 */
export function agencyCatalog(clients = 24): Catalog {
  const parts: CatalogParts = { accounts: [], campaigns: [], adsets: [], ads: [] };
  for (let c = 0; c < clients; c++) {
    const client = clientName(c);
    const accountId = `act_${String(c + 1).padStart(3, '0')}`;
    parts.accounts.push({ id: accountId, name: `${client} Harborline Home Goods`, currency: 'USD' });
    let adNumber = 1000;
    for (const [p, product] of PRODUCT_LINES.entries()) {
      for (const [s, strategy] of STRATEGIES.entries()) {
        const campaignId = `${accountId}-c${p * STRATEGIES.length + s}`;
        const campaign = `${client} ${product} - ${strategy}`;
        parts.campaigns.push({ id: campaignId, name: campaign, accountId, objective: 'OUTCOME_SALES' });
        for (const [a, audience] of AUDIENCES.entries()) {
          const adsetId = `${campaignId}-s${a}`;
          parts.adsets.push({ id: adsetId, name: `${campaign} | ${audience}`, accountId });
          for (const creative of CREATIVES) {
            adNumber += 1;
            parts.ads.push({
              id: `${adsetId}-a${adNumber}`,
              name: `${client} ${creative} #${adNumber}`,
              accountId,
            });
          }
        }
      }
    }
  }
  return catalogOf(parts);
}

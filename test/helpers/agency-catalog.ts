import { type Catalog, type CatalogParts, catalogOf } from '../../src/analyst/parse/entities';

/**
 * An agency's catalog of names shaped like the benchmark's: every client a copy of the 'large' demo
 * account (25 campaigns × 4 ad sets × 5 ads) with the client's name in front. Built from the names
 * alone, without generating a day of data, so a test can hold 15,000 entities in milliseconds.
 */

const CLIENTS = [
  'Harborline',
  'Northwind',
  'Bluefin',
  'Cedarpeak',
  'Driftwood',
  'Emberly',
  'Foxglove',
  'Granite',
  'Hollowell',
  'Ironbark',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Oakhurst',
  'Pinecrest',
  'Quarry',
  'Redwater',
  'Saltmarsh',
  'Tidewell',
  'Umbra',
  'Vantage',
  'Willowby',
  'Xanthe',
  'Yarrow',
  'Zephyr',
  'Amberly',
  'Brightmoor',
  'Coldspring',
];
const PRODUCT_LINES = ['Bedding', 'Kitchen', 'Bath', 'Outdoor Living', 'Lighting'];
const STRATEGIES = [
  'Prospecting - Broad',
  'Prospecting - Lookalike 1%',
  'Advantage+ Shopping',
  'Retargeting - Site Visitors',
  'Retargeting - Cart Abandoners',
];
const AUDIENCES = ['US 25-44', 'US 45-64', 'Lookalike 2% Purchasers', 'Advantage+ Audience'];
const CREATIVES = [
  'Video - Product Demo',
  'Image - Lifestyle',
  'Carousel - Bestsellers',
  'Image - Customer Review',
  'Video - UGC Testimonial',
];

/** 626 entities per client: 24 clients make about 15,000. */
export function agencyCatalog(clients = 24): Catalog {
  const parts: CatalogParts = { accounts: [], campaigns: [], adsets: [], ads: [] };
  for (let c = 0; c < clients; c++) {
    const round = Math.floor(c / CLIENTS.length);
    const client = `${CLIENTS[c % CLIENTS.length]}${round === 0 ? '' : ` ${round + 1}`}`;
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

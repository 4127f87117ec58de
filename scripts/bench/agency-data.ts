import { DEFAULT_DEMO_SEED, generateDemoData } from '../../src/analyst/demo/generate';
import type {
  BreakdownKey,
  GraphAd,
  GraphAdSet,
  GraphBreakdownRow,
  GraphCampaign,
  GraphDataset,
  GraphInsightRow,
} from '../../src/warehouse/graph-types';

/**
 * An agency's warehouse for the benchmark: several copies of the generated 'large' account (each
 * 25 campaigns × 4 ad sets × 5 ads × 365 days), every copy with its own seed, ids and names, so the
 * rows are as many as an agency's and no two accounts share an id or a name.
 */

/** Ad-day rows of one generated 'large' account: 500 ads × 365 days. */
export const ROWS_PER_ACCOUNT = 182_500;

/** Bumped whenever what the copies contain changes, so cached databases are rebuilt. */
export const AGENCY_DATA_VERSION = 'agency-v1';

export interface AgencySize {
  /** As given on the command line: "0.18m", "1m", "5m". */
  label: string;
  accounts: number;
  rows: number;
}

/** "0.18m" → 1 account (182,500 rows); "1m" → 6 (1,095,000); "5m" → 28. At least the rows asked for, give or take 5%. */
export function agencySize(label: string): AgencySize {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(label.trim());
  if (!match) throw new RangeError(`not a row count: ${JSON.stringify(label)} (try 0.18m, 1m, 5m)`);
  const unit = match[2]?.toLowerCase() === 'm' ? 1e6 : match[2]?.toLowerCase() === 'k' ? 1e3 : 1;
  const wanted = Number(match[1]) * unit;
  const accounts = Math.max(1, Math.ceil(wanted / ROWS_PER_ACCOUNT - 0.05));
  return { label: label.trim().toLowerCase(), accounts, rows: accounts * ROWS_PER_ACCOUNT };
}

// Client names of the copies: distinct words, none a prefix of another, so a name lookup that
// matches by substring never finds another client's campaign.
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

/** The client name of copy `index` (0-based): a word, then a number once the words run out. */
export function clientName(index: number): string {
  const word = CLIENTS[index % CLIENTS.length] as string;
  const round = Math.floor(index / CLIENTS.length);
  return round === 0 ? word : `${word} ${round + 1}`;
}

/**
 * Copy `index`'s id for a generated id: a fixed-width copy number in front. Meta ids are digits;
 * a fixed width makes the mapping one-to-one, so ids of different copies never collide.
 */
export function relabelId(id: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 998)
    throw new RangeError(`copy ${index} out of range`);
  return `${String(index + 1).padStart(3, '0')}${id}`;
}

/** Copy `index`'s name for a generated name: the client's name in front. */
export function relabelName(name: string, index: number): string {
  return `${clientName(index)} ${name}`;
}

/** The fields every insights row carries, whatever its level. */
type LevelRow = Pick<
  GraphInsightRow,
  'account_id' | 'account_name' | 'campaign_id' | 'campaign_name' | 'adset_id' | 'adset_name'
>;

function relabelLevel<T extends LevelRow>(row: T, index: number): T {
  return {
    ...row,
    account_id: relabelId(row.account_id, index),
    account_name: relabelName(row.account_name, index),
    campaign_id: relabelId(row.campaign_id, index),
    campaign_name: relabelName(row.campaign_name, index),
    adset_id: relabelId(row.adset_id, index),
    adset_name: relabelName(row.adset_name, index),
  };
}

/** One generated account as copy `index`: every id and name relabelled, numbers untouched. */
export function relabelDataset(dataset: GraphDataset, index: number): GraphDataset {
  const id = (value: string) => relabelId(value, index);
  const name = (value: string) => relabelName(value, index);
  const key = (accountKey: string) => `act_${id(accountKey.replace(/^act_/, ''))}`;
  const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [key(k), fn(v)]));
  const breakdowns = (byKey: Partial<Record<BreakdownKey, GraphBreakdownRow[]>>) =>
    Object.fromEntries(
      Object.entries(byKey).map(([k, rows]) => [k, (rows ?? []).map((row) => relabelLevel(row, index))]),
    );
  return {
    adAccounts: dataset.adAccounts.map((account) => ({
      ...account,
      account_id: id(account.account_id),
      id: key(account.id),
      name: name(account.name),
    })),
    insights: mapValues(dataset.insights, (rows) =>
      rows.map((row) => ({ ...relabelLevel(row, index), ad_id: id(row.ad_id), ad_name: name(row.ad_name) })),
    ),
    ...(dataset.breakdowns ? { breakdowns: mapValues(dataset.breakdowns, breakdowns) } : {}),
    ...(dataset.objects
      ? {
          objects: mapValues(dataset.objects, (objects) => ({
            campaigns: objects.campaigns.map(
              (c): GraphCampaign => ({ ...c, id: id(c.id), name: name(c.name) }),
            ),
            adsets: objects.adsets.map(
              (s): GraphAdSet => ({ ...s, id: id(s.id), name: name(s.name), campaign_id: id(s.campaign_id) }),
            ),
            ads: objects.ads.map(
              (a): GraphAd => ({
                ...a,
                id: id(a.id),
                name: name(a.name),
                adset_id: id(a.adset_id),
                campaign_id: id(a.campaign_id),
                ...(a.creative ? { creative: { ...a.creative, id: id(a.creative.id) } } : {}),
              }),
            ),
          })),
        }
      : {}),
  };
}

/** Copy `index` of the agency: generated with its own seed, then relabelled. Deterministic. */
export function agencyAccount(today: string, index: number): GraphDataset {
  return relabelDataset(generateDemoData({ today, size: 'large', seed: DEFAULT_DEMO_SEED + index }), index);
}

/** What a cache must match to be reused: the copies' recipe, the accounts and the date they end on. */
export function agencyDataVersion(size: AgencySize, today: string): string {
  return `${AGENCY_DATA_VERSION} seed=${DEFAULT_DEMO_SEED}+i accounts=${size.accounts} today=${today}`;
}

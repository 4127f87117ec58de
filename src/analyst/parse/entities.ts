import { sql } from 'drizzle-orm';
import { textArray } from '../../warehouse/sql-arrays';
import type { Scope } from '../executor';
import type { EntityDimension } from '../query';
import { normalise } from '../text/normalise';
import { queryRows, type WarehouseDb } from '../warehouse-db';
import { closeNames, isNameLike, nameIndex, namesMaybeIn } from './name-index';
import { withinTypos } from './typo-search';

export interface CatalogEntity {
  level: Exclude<EntityDimension, 'objective'>;
  id: string;
  name: string;
  accountId: string;
  /** The name lowercased with punctuation turned into spaces, as questions are normalised. */
  key: string;
}

export interface Catalog {
  entities: CatalogEntity[];
  /** Words that appear in names; typo correction leaves them alone. */
  nameWords: Set<string>;
  currencyByAccount: Map<string, string>;
  objectiveByCampaign: Map<string, string | null>;
  /** The first and last day with rows in scope: "lifetime" starts at the first, today may lack rows. */
  firstDay?: string | undefined;
  lastDay?: string | undefined;
}

// Many parser files and tests import it from here, next to the catalog keys it builds.
export { normalise };

/** Everything the caller may ask about by name: only the accounts in scope. */
export async function loadCatalog(db: WarehouseDb, scope: Scope): Promise<Catalog> {
  const ids = textArray(scope.accountIds);
  const [accounts, campaigns, adsets, ads, days] = await Promise.all([
    queryRows<{ id: string; name: string; currency: string }>(
      db,
      sql`select id, name, currency from meta_ad_accounts where id = any(${ids})`,
    ),
    queryRows<{ id: string; name: string; account_id: string; objective: string | null }>(
      db,
      sql`select id, name, account_id, objective from meta_campaigns where account_id = any(${ids})`,
    ),
    queryRows<{ id: string; name: string; account_id: string }>(
      db,
      sql`select id, name, account_id from meta_adsets where account_id = any(${ids})`,
    ),
    queryRows<{ id: string; name: string; account_id: string }>(
      db,
      sql`select id, name, account_id from meta_ads where account_id = any(${ids})`,
    ),
    // The account-day sums hold the same days with one row per account and day, so the first
    // and last day cost an index probe rather than a scan of every campaign's days.
    queryRows<{ first: string | null; last: string | null }>(
      db,
      sql`select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
        from meta_insights_account_daily where account_id = any(${ids})`,
    ),
  ]);
  return catalogOf({
    accounts,
    campaigns: campaigns.map((row) => ({ ...row, accountId: row.account_id })),
    adsets: adsets.map((row) => ({ ...row, accountId: row.account_id })),
    ads: ads.map((row) => ({ ...row, accountId: row.account_id })),
    firstDay: days[0]?.first ?? undefined,
    lastDay: days[0]?.last ?? undefined,
  });
}

interface Named {
  id: string;
  name: string;
  accountId: string;
}

/** What a catalog is made of, wherever the names come from (the warehouse, or a dataset in memory). */
export interface CatalogParts {
  accounts: { id: string; name: string; currency: string }[];
  campaigns: (Named & { objective: string | null })[];
  adsets: Named[];
  ads: Named[];
  firstDay?: string | undefined;
  lastDay?: string | undefined;
}

export function catalogOf(parts: CatalogParts): Catalog {
  const entities: CatalogEntity[] = [
    ...parts.accounts.map((a) => entity('account', a.id, a.name, a.id)),
    ...parts.campaigns.map((c) => entity('campaign', c.id, c.name, c.accountId)),
    ...parts.adsets.map((s) => entity('adset', s.id, s.name, s.accountId)),
    ...parts.ads.map((a) => entity('ad', a.id, a.name, a.accountId)),
  ];
  return {
    entities,
    nameWords: new Set(entities.flatMap((e) => e.key.split(' '))),
    currencyByAccount: new Map(parts.accounts.map((a) => [a.id, a.currency])),
    objectiveByCampaign: new Map(parts.campaigns.map((c) => [c.id, c.objective])),
    firstDay: parts.firstDay,
    lastDay: parts.lastDay,
  };
}

/** Enough for every active user's scope on one node; the least recently used goes first. */
const CATALOG_CACHE_SIZE = 500;
const catalogCaches = new WeakMap<WarehouseDb, Map<string, Promise<Catalog>>>();

/**
 * The catalog for this scope as of `dataVersion` (see `activeScope`), read once per version: the
 * names only change when a sync writes, and reading them is a third of a short answer's queries.
 * The catalog is shared between answers, so nothing may change it.
 */
export function cachedCatalog(db: WarehouseDb, scope: Scope, dataVersion: string): Promise<Catalog> {
  const cache = catalogCaches.get(db) ?? new Map<string, Promise<Catalog>>();
  catalogCaches.set(db, cache);
  const key = `${[...scope.accountIds].sort().join(',')}@${dataVersion}`;
  let catalog = cache.get(key);
  if (catalog) cache.delete(key);
  else {
    catalog = loadCatalog(db, scope);
    // A failed read is not kept: the next question tries again.
    catalog.catch(() => cache.delete(key));
  }
  cache.set(key, catalog);
  if (cache.size > CATALOG_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return catalog;
}

function entity(level: CatalogEntity['level'], id: string, name: string, accountId: string): CatalogEntity {
  return { level, id, name, accountId, key: normalise(name) };
}

export interface EntityMatch {
  level: CatalogEntity['level'];
  name: string;
  /** Every id with this name at this level (the same ad name can exist in two accounts). */
  ids: string[];
  accountIds: string[];
  /** Where the name sits in the normalised question, so it can be cut out before other parsing. */
  index: number;
  length: number;
  exact: boolean;
}

const levelOrder: CatalogEntity['level'][] = ['account', 'campaign', 'adset', 'ad'];

/** Every entity with the picked one's name at its level, as one match (an ad name can be in two accounts). */
export function entityMatch(
  catalog: Catalog,
  picked: CatalogEntity,
  index: number,
  length: number,
  exact: boolean,
): EntityMatch {
  const same = (nameIndex(catalog).byKey.get(picked.key) ?? []).filter((e) => e.level === picked.level);
  return {
    level: picked.level,
    name: picked.name,
    ids: same.map((e) => e.id),
    accountIds: [...new Set(same.map((e) => e.accountId))],
    index,
    length,
    exact,
  };
}

const levelWords: [RegExp, CatalogEntity['level']][] = [
  [/\b(ad ?sets?|ad groups?)\s*(called|named)?\s*'?\s*$/, 'adset'],
  [/\bcampaigns?\s*(called|named)?\s*'?\s*$/, 'campaign'],
  [/\b(ads?|creatives?)\s*(called|named)?\s*'?\s*$/, 'ad'],
  [/\baccounts?\s*(called|named)?\s*'?\s*$/, 'account'],
];

/** The level named right before a name ("the campaign X", "ad set 'X'"), if any. */
function levelBefore(question: string, index: number): CatalogEntity['level'] | undefined {
  const before = question.slice(Math.max(0, index - 24), index);
  return levelWords.find(([pattern]) => pattern.test(before))?.[1];
}

/** Prefers the level the question names ("the campaign X"), then the broader level. */
function pickLevel(
  candidates: CatalogEntity[],
  preferred: CatalogEntity['level'] | undefined,
): CatalogEntity {
  const sorted = [...candidates].sort((a, b) => levelOrder.indexOf(a.level) - levelOrder.indexOf(b.level));
  return sorted.find((e) => e.level === preferred) ?? (sorted[0] as CatalogEntity);
}

/**
 * Finds the entities a normalised question names: quoted names first, then names written out in
 * full (longest first, so an ad set "X | Y" beats its campaign "X"), then close misspellings.
 */
export function findEntities(question: string, catalog: Catalog): EntityMatch[] {
  const matches: EntityMatch[] = [];
  const taken = new Array(question.length).fill(false);
  const claim = (index: number, length: number) => {
    for (let i = index; i < index + length; i++) taken[i] = true;
  };
  const free = (index: number, length: number) => !taken.slice(index, index + length).some(Boolean);

  const { byKey } = nameIndex(catalog);
  for (const candidate of namesMaybeIn(question, catalog)) {
    if (!question.includes(candidate.key)) continue;
    const pattern = new RegExp(
      `(?<![a-z0-9])${candidate.key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z0-9])`,
    );
    const found = pattern.exec(question);
    if (!found || !free(found.index, candidate.key.length)) continue;
    // Names with one key have one length, so the catalog's order is also their order by length.
    const sameKey = byKey.get(candidate.key) ?? [];
    matches.push(
      entityMatch(
        catalog,
        pickLevel(sameKey, levelBefore(question, found.index)),
        found.index,
        candidate.key.length,
        true,
      ),
    );
    claim(found.index, candidate.key.length);
  }

  for (const fuzzy of fuzzyMatches(question, catalog, free, { searches: MAX_FUZZY_SEARCHES })) {
    matches.push(fuzzy);
    claim(fuzzy.index, fuzzy.length);
  }
  return matches.sort((a, b) => a.index - b.index);
}

/** Windows of the question compared with names, for names typed with a typo or two. */
/**
 * A fuzzy search costs about a millisecond; a real question names a handful of things. The budget
 * keeps a crafted 2,000-character question from costing seconds (names beyond it are left unread,
 * and their words then show up as unread rather than being guessed).
 */
const MAX_FUZZY_SEARCHES = 12;

/** More typos than this and a window is not read as a name, whatever Fuse scores it. */
const MAX_NAME_TYPOS = 3;

function fuzzyMatches(
  question: string,
  catalog: Catalog,
  free: (index: number, length: number) => boolean,
  budget: { searches: number },
): EntityMatch[] {
  const { shortestKey, longestKey } = nameIndex(catalog);
  const shortest = shortestKey * 0.8;
  const longest = longestKey * 1.25;
  const words = [...question.matchAll(/[a-z0-9%$.']+/g)].map((m) => ({
    text: m[0],
    index: m.index ?? 0,
    nameLike: isNameLike(m[0], catalog),
  }));
  const results: EntityMatch[] = [];
  const maxWords = Math.min(8, words.length);
  for (let size = maxWords; size >= 2; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const first = words[start] as (typeof words)[number];
      const last = words[start + size - 1] as (typeof words)[number];
      const index = first.index;
      const length = last.index + last.text.length - index;
      if (!free(index, length) || length < shortest || length > longest) continue;
      // A fuzzy search costs milliseconds; most windows hold too few name words to be a name.
      const nameWords = words.slice(start, start + size).filter((word) => word.nameLike).length;
      if (nameWords * 2 < size) continue;
      const window = question.slice(index, index + length);
      if (budget.searches <= 0) return results;
      if (!withinTypos(window, catalog, MAX_NAME_TYPOS)) continue;
      budget.searches--;
      const best = closeNames(window, catalog, 0.2);
      const top = best[0];
      if (!top) continue;
      const ties = best.filter((hit) => hit.item.key === top.item.key).map((hit) => hit.item);
      results.push(entityMatch(catalog, pickLevel(ties, levelBefore(question, index)), index, length, false));
      return [...results, ...fuzzyMatches(blank(question, index, length), catalog, free, budget)];
    }
  }
  return results;
}

function blank(text: string, index: number, length: number): string {
  return text.slice(0, index) + ' '.repeat(length) + text.slice(index + length);
}

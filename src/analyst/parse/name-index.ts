import Fuse, { type FuseResult } from 'fuse.js';
import { editDistance } from '../text/edit-distance';
import type { Catalog, CatalogEntity } from './entities';
import { perCatalog } from './per-catalog';

/**
 * The fuzzy name search, made to scale to an agency's 15,000 names: what only depends on the
 * catalog is worked out once per catalog (catalogs never change once built), and cheap necessary
 * conditions drop most names before the exact edit distance or the Fuse score is computed. The
 * conditions never drop a name the full comparison would keep, so the matches are the same as
 * comparing the window with every name.
 */

const fuseOptions = { includeScore: true, ignoreLocation: true, threshold: 0.25, keys: ['key'] };

/** Fuse scores a pattern longer than this in pieces of this length, averaging their scores. */
const FUSE_CHUNK = 32;

/** Letters, digits, space, other printable marks, control codes: a coarse count of a text's characters. */
const SLOTS = 39;
const CONTROL_SLOT = 38;

function slotOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 48 + 26;
  if (code === 32) return 36;
  return code >= 32 ? 37 : CONTROL_SLOT;
}

interface NameIndex {
  /** Longest key first; ties keep the catalog's order. */
  byLength: CatalogEntity[];
  /** Positions in `byLength` of the keys of three characters or more, by their first three. */
  byLengthByStart: Map<string, number[]>;
  /** Every entity with a key, in the catalog's order. */
  byKey: Map<string, CatalogEntity[]>;
  /** Catalog positions of the entities whose key has each length. */
  positionsByLength: number[][];
  /** Per entity, SLOTS counts of its lower-cased key (saturated at 255), as Fuse compares it. */
  slotCounts: Uint8Array;
  /** Per entity, the slots its lower-cased key uses, folded into 32 bits. */
  fusePresence: Uint32Array;
  /** Per entity, the largest average piece score Fuse can raise to its field-norm power and still be within reach. */
  fieldNorm: Float64Array;
  shortestKey: number;
  longestKey: number;
  nameLike: Map<string, boolean>;
}

export const nameIndex = perCatalog(buildIndex);

function buildIndex(catalog: Catalog): NameIndex {
  const { entities } = catalog;
  const byKey = new Map<string, CatalogEntity[]>();
  const positionsByLength: number[][] = [];
  const slotCounts = new Uint8Array(entities.length * SLOTS);
  const fusePresence = new Uint32Array(entities.length);
  const fieldNorm = new Float64Array(entities.length);
  entities.forEach((entity, position) => {
    const group = byKey.get(entity.key);
    if (group) group.push(entity);
    else byKey.set(entity.key, [entity]);
    const atLength = positionsByLength[entity.key.length];
    if (atLength) atLength.push(position);
    else positionsByLength[entity.key.length] = [position];
    const lower = entity.key.toLowerCase();
    slotCounts.set(countSlots(lower), position * SLOTS);
    fusePresence[position] = slotBits(lower);
    fieldNorm[position] = fuseFieldNorm(entity.key);
  });
  const lengths = entities.map((entity) => entity.key.length);
  const byLength = [...entities].sort((a, b) => b.key.length - a.key.length);
  const byLengthByStart = new Map<string, number[]>();
  byLength.forEach((entity, rank) => {
    if (entity.key.length < 3) return;
    const start = entity.key.slice(0, 3);
    const ranks = byLengthByStart.get(start);
    if (ranks) ranks.push(rank);
    else byLengthByStart.set(start, [rank]);
  });
  return {
    byLength,
    byLengthByStart,
    byKey,
    positionsByLength,
    slotCounts,
    fusePresence,
    fieldNorm,
    shortestKey: Math.min(...lengths),
    longestKey: Math.max(...lengths),
    nameLike: new Map(),
  };
}

/**
 * Fuse's weight for a name of many words: it raises the name's score to this power (at most one),
 * 1/√words rounded to three decimals. Rounded up a little more here, so a bound built on it errs
 * towards keeping a name.
 */
function fuseFieldNorm(key: string): number {
  const words = key.split(/[\t\n\v\f\r \u00a0]+/).filter(Boolean).length || 1;
  return Math.min(1, Math.round(1000 / Math.sqrt(words)) / 1000 + 0.001);
}

/**
 * The names of three characters or more that may be written out in the text, longest first (as
 * `byLength` orders them): a name inside the text starts with three characters found there.
 */
export function namesMaybeIn(text: string, catalog: Catalog): CatalogEntity[] {
  const index = nameIndex(catalog);
  const starts = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) starts.add(text.slice(i, i + 3));
  const ranks: number[] = [];
  for (const start of starts) ranks.push(...(index.byLengthByStart.get(start) ?? []));
  return ranks.sort((a, b) => a - b).map((rank) => index.byLength[rank] as CatalogEntity);
}

function countSlots(text: string): Uint8Array {
  const counts = new Uint8Array(SLOTS);
  for (let i = 0; i < text.length; i++) {
    const slot = slotOf(text.charCodeAt(i));
    counts[slot] = Math.min(255, (counts[slot] as number) + 1);
  }
  return counts;
}

/** Which slots the text uses, one bit each; slots past 31 share a bit with one below. */
function slotBits(text: string): number {
  let bits = 0;
  for (let i = 0; i < text.length; i++) bits |= 1 << (slotOf(text.charCodeAt(i)) % 32);
  return bits;
}

function bitCount(bits: number): number {
  let n = bits - ((bits >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function similarLength(name: string, window: string): boolean {
  return lengthsAlike(name.length, window.length);
}

function lengthsAlike(nameLength: number, windowLength: number): boolean {
  return windowLength >= nameLength * 0.8 && windowLength <= nameLength * 1.25;
}

/**
 * The names Fuse scores at most `maxScore` for the window and of a similar length, best first, as
 * a Fuse search of the whole catalog would list them (its order: score, then catalog position).
 */
export function closeNames(window: string, catalog: Catalog, maxScore: number): FuseResult<CatalogEntity>[] {
  return new Fuse(fuseCandidates(window, catalog, maxScore), fuseOptions)
    .search(window)
    .filter((hit) => (hit.score ?? 1) <= maxScore)
    .filter((hit) => similarLength(hit.item.key, window));
}

/**
 * Every name that could score at most `maxScore`, in catalog order. Fuse scores each piece of the
 * pattern by the fewest edits turning it into part of the name, divided by the piece's length;
 * every character a piece holds more often than the whole name costs at least one of those edits.
 * The name's score is the pieces' average raised to its field norm (at most one), so a name of many
 * words needs a much smaller average.
 */
function fuseCandidates(window: string, catalog: Catalog, maxScore: number): CatalogEntity[] {
  const index = nameIndex(catalog);
  const pieces = fusePieces(window.toLowerCase()).map((piece) => {
    const counts = countSlots(piece);
    const slots = [...counts].flatMap((count, slot) => (count > 0 ? [slot] : []));
    return { length: piece.length, counts, slots, bits: slotBits(piece) };
  });
  const budgets = new Map<number, number>();
  const positions: number[] = [];
  index.positionsByLength.forEach((atLength, length) => {
    if (!lengthsAlike(length, window.length)) return;
    for (const position of atLength) {
      const norm = index.fieldNorm[position] as number;
      let budget = budgets.get(norm);
      if (budget === undefined) {
        // The same fractions Fuse adds up; the margin keeps float rounding from dropping a name.
        budget = maxScore ** (1 / norm) * pieces.length + 1e-9;
        budgets.set(norm, budget);
      }
      // Each slot a piece uses and the name lacks is at least one character too many: a quick first bound.
      let total = 0;
      const nameBits = index.fusePresence[position] as number;
      for (const piece of pieces) total += bitCount(piece.bits & ~nameBits) / piece.length;
      if (total > budget) continue;
      total = 0;
      const offset = position * SLOTS;
      for (const piece of pieces) {
        let excess = 0;
        for (const slot of piece.slots) {
          const inName = index.slotCounts[offset + slot] as number;
          const inPiece = piece.counts[slot] as number;
          if (inPiece > inName) excess += inPiece - inName;
        }
        total += excess / piece.length;
        if (total > budget) break;
      }
      if (total <= budget) positions.push(position);
    }
  });
  return positions.sort((a, b) => a - b).map((position) => catalog.entities[position] as CatalogEntity);
}

/** The pieces Fuse cuts a long pattern into: whole pieces from the start, the rest as the last piece. */
function fusePieces(pattern: string): string[] {
  if (pattern.length <= FUSE_CHUNK) return [pattern];
  const pieces: string[] = [];
  const whole = pattern.length - (pattern.length % FUSE_CHUNK);
  for (let i = 0; i < whole; i += FUSE_CHUNK) pieces.push(pattern.substr(i, FUSE_CHUNK));
  if (pattern.length % FUSE_CHUNK) pieces.push(pattern.substr(pattern.length - FUSE_CHUNK));
  return pieces;
}

/** Words remembered per catalog; past this many they are forgotten, so odd questions cannot grow it forever. */
const MAX_REMEMBERED_WORDS = 20_000;

/** A word from a name, or one edit away from one (a typo). */
export function isNameLike(word: string, catalog: Catalog): boolean {
  const known = nameIndex(catalog).nameLike;
  let nameLike = known.get(word);
  if (nameLike === undefined) {
    nameLike = nameLikeUncached(word, catalog);
    if (known.size >= MAX_REMEMBERED_WORDS) known.clear();
    known.set(word, nameLike);
  }
  return nameLike;
}

function nameLikeUncached(word: string, catalog: Catalog): boolean {
  if (catalog.nameWords.has(word)) return true;
  if (word.length < 4) return false;
  for (const nameWord of catalog.nameWords) {
    if (
      Math.abs(nameWord.length - word.length) <= 1 &&
      nameWord[0] === word[0] &&
      editDistance(word, nameWord, 1) <= 1
    ) {
      return true;
    }
  }
  return false;
}

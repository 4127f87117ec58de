import { type RollupLevel, type RollupTable, rollups } from '../../warehouse/rollups';
import type { StoredGrain } from './range-parts';

/** Levels of the insights tables, coarsest first: a question reads the first that holds all it needs. */
export const insightLevels = ['account', 'campaign', 'ad'] as const satisfies readonly RollupLevel[];

/** The insights table holding the sums of one level at one grain. */
export function insightsTable(level: RollupLevel, grain: StoredGrain): RollupTable {
  const found = rollups.find((rollup) => rollup.level === level && rollup.grain === grain);
  if (!found) throw new Error(`no insights table holds ${level} sums by ${grain}`);
  return found.table;
}

import { describe, it } from 'vitest';
import type { Dimension, TimeGrain } from '../../src/analyst/query';
import { grains, levelOf, type RangeName, ranges, useRollupWarehouse } from '../helpers/rollup-answers';

const levels: Dimension[][] = [[], ['account'], ['campaign'], ['objective'], ['adset'], ['ad'], ['format']];

/** Ads by single days read the ad-day rows either way: nothing to compare. */
const compared = (dims: Dimension[], grain: TimeGrain | undefined) =>
  levelOf(dims) !== 'ad' || (grain !== 'day' && grain !== 'weekday');

// Filters, one currency, the current period and rankings are in rollup-answers-filters.
describe('answers from the roll-ups, at every level and time grain', () => {
  const warehouse = useRollupWarehouse();

  for (const range of Object.keys(ranges) as RangeName[])
    it(`answers every level and time grain exactly as the ad rows do, in two currencies: ${range}`, async () => {
      for (const dims of levels)
        for (const grain of grains)
          if (compared(dims, grain))
            await warehouse.expectSameFromRollups(warehouse.mixed, range, dims, grain);
    }, 240_000);
});

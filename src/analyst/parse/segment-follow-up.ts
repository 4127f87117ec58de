import { isSegmentDimension } from '../dimensions';
import type { CompareGroup, Filters } from './plan';
import type { Reading } from './reading';

const segmentFilter = (filter: Filters[number]) => isSegmentDimension(filter.dimension);
const segmentGroup = (group: CompareGroup) => group.filters.some(segmentFilter);

/**
 * A follow-up's segments against the turn before: "and by gender?" replaces the split, "by
 * campaign" or "daily" drops it, and a new segment value ("what about mobile?", "only Instagram")
 * replaces the earlier ones, since Meta's breakdowns cannot be combined anyway.
 */
export function mergeSegments(merged: Reading, prev: Reading, next: Reading): Reading {
  const out: Reading = { ...merged };
  if (next.segments?.by.length) {
    // A share across campaigns, then "and by placement?": the share is asked again, by segment.
    const share = next.segments.share || Boolean(prev.segments?.share || prev.levelShare);
    out.segments = { by: next.segments.by, share };
    delete out.levelShare;
    delete out.byLevel;
    out.levels = [];
    delete out.grain;
    delete out.pick;
    if (!next.groups.length) out.groups = out.groups.filter((group) => !segmentGroup(group));
  } else if (next.byLevel || next.grain || next.pick) {
    delete out.segments;
    if (next.levelShare) out.levelShare = true;
    else if (!next.byLevel) delete out.levelShare;
  } else if (next.segments?.share && prev.segments) {
    out.segments = { ...prev.segments, share: true };
  } else if ((next.segments?.share || next.levelShare) && (prev.byLevel || prev.levels.length)) {
    // "Spend by campaign", then "as a share?": each campaign's share of the total.
    delete out.segments;
    out.levelShare = true;
  }
  if (next.filters.some(segmentFilter)) {
    const earlier = prev.filters.filter(segmentFilter);
    out.filters = out.filters.filter((filter) => !earlier.includes(filter));
    if (!next.groups.length) out.groups = out.groups.filter((group) => !segmentGroup(group));
  }
  return out;
}

import { previousPeriod } from '../dates';
import { endOfMonth, startOfMonth } from '../dates/calendar';
import type { EntityMatch } from './entities';
import type { Filters, Period } from './plan';
import { lastFullMonth, type Reading } from './reading';
import { fragmentGroup } from './rules/fragments';
import { mergeSegments } from './segment-follow-up';

/**
 * Whether a question leans on the turns before it: a lead-in ("and", "what about", "only"), a
 * reference ("it", "that", "the first one"), or a question that names no metric and no intent but
 * changes something (a period, a level, a filter).
 */
export function isFollowUp(next: Reading, prev?: Reading): boolean {
  if (next.unsupported || next.report) return false;
  if (next.followUp) return true;
  // "worst?" after a ranking turns it around; after a total it says nothing to go on.
  const ranked = prev && (prev.rankCue || prev.byLevel || prev.pick);
  if (ranked && next.direction && !next.metrics.length && !next.intent && !next.levels.length) return true;
  const changesSomething =
    next.range ||
    next.compare ||
    next.yearAgo ||
    next.lifetime ||
    next.entities.length ||
    next.filters.length ||
    next.byLevel ||
    next.grain ||
    next.pick ||
    next.limit ||
    next.excluded.length ||
    next.segments;
  return !next.metrics.length && !next.intent && Boolean(changesSomething) && !next.levels.length;
}

const dayBefore =
  /\b(?:the )?(?:day|week|month|period|days|weeks) before\b|\bbefore that\b|\bprevious (?:day|week|month|period)\b|\bprior (?:day|week|month|period)\b/;

/** The earlier reading with what the follow-up changes: period, metric, level, filter, intent. */
export function mergeFollowUp(prev: Reading, next: Reading): Reading {
  const merged: Reading = {
    ...prev,
    question: next.question,
    text: next.text,
    leftovers: next.leftovers,
    followUp: true,
    additive: next.additive,
    other: next.other,
    comparisonCue: next.comparisonCue,
    sideBySide: next.sideBySide,
  };
  delete merged.unsupported;
  // Settings asked now replace the earlier ones; a status list stays a filter for what follows
  // ("which campaigns are paused", then "their spend last month").
  const statusList = prev.settings?.topics.every((topic) => topic === 'status');
  if (next.settings) merged.settings = next.settings;
  else if ((next.metrics.length || next.intent) && !statusList) delete merged.settings;
  delete merged.ordinal;
  delete merged.rankingSource;
  if (next.ordinal !== undefined) merged.ordinal = next.ordinal;
  // "the second one", then "and its CPA": "its" is the row named just before, in the same ranking.
  else if (!next.other && prev.ordinal !== undefined && rowPronoun.test(next.text))
    merged.ordinal = prev.ordinal;
  if (merged.ordinal !== undefined || next.other) merged.rankingSource = prev.rankingSource ?? prev;

  let comparing = next.comparisonCue;
  // Period: a new one replaces the old; "compare that with August" keeps the old and adds August.
  if (next.range && next.comparisonCue && !next.compare && prev.range) {
    merged.compare = next.range;
  } else if (next.range) {
    merged.range = next.range;
    merged.lifetime = false;
    if (next.compare) merged.compare = next.compare;
    else delete merged.compare;
  } else if (next.compare) {
    // "vs last month": the earlier period stays and gets a comparison.
    merged.compare = next.compare;
  } else if (next.lifetime) {
    merged.lifetime = true;
    delete merged.range;
  } else if (dayBefore.test(next.text) && prev.range) {
    // "the month before" a calendar month is the calendar month before it, not the 31 days before.
    const before =
      /\bmonth\b/.test(next.text) && wholeMonth(prev.range)
        ? lastFullMonth(prev.range.start)
        : { ...previousPeriod(prev.range), label: 'the period before' };
    // "compare that with the week before" keeps the period and sets the one before beside it.
    if (/\b(?:compare[ds]?|vs|versus|against|next to)\b/.test(next.text)) merged.compare = before;
    else {
      merged.range = before;
      delete merged.compare;
      merged.comparisonCue = false;
      comparing = false;
    }
  } else {
    // No period named: the earlier period and its comparison hold ("and for Acme only").
    merged.comparisonCue = prev.comparisonCue || comparing;
  }
  if (comparing && !merged.compare) merged.comparisonCue = true;
  if (next.yearAgo) merged.yearAgo = true;
  else if (next.range || next.compare) delete merged.yearAgo;

  if (next.metrics.length)
    merged.metrics = next.additive ? [...new Set([...prev.metrics, ...next.metrics])] : next.metrics;

  if (next.byLevel) {
    merged.byLevel = next.byLevel;
    merged.levels = [next.byLevel];
    // "daily spend", then "by campaign": the days give way to the campaigns unless both are named.
    if (!next.grain && !next.pick) {
      delete merged.grain;
      delete merged.pick;
    }
  } else if (next.levels.length) merged.levels = next.levels;

  // A name or name fragment at the same level replaces the earlier one ("and for Prospecting?",
  // "and retargeting?"); at another level it narrows.
  const fragmentLevels = next.filters.filter(isNameFragment).map((f) => f.dimension);
  const entities = prev.entities.filter((e) => !fragmentLevels.includes(e.level));
  for (const entity of next.entities) {
    const at = entities.findIndex((e) => e.level === entity.level);
    if (at >= 0) entities.splice(at, 1, entity);
    else entities.push(entity);
  }
  merged.entities = entities;
  // "put the two side by side": the last two names the conversation mentioned.
  if (/\b(the two|both|side by side|them both|these two|those two)\b/.test(next.text)) {
    const mentioned = [...(prev.mentioned ?? []), ...next.entities];
    const distinct = uniqueByName(mentioned).slice(-2);
    if (distinct.length === 2) {
      merged.entities = distinct;
      merged.sideBySide = true;
    }
  }
  merged.mentioned = uniqueByName([...(prev.mentioned ?? prev.entities), ...next.entities]);

  const kept = prev.filters.filter(
    (f) =>
      !next.filters.some((n) => n.dimension === f.dimension) &&
      !(isNameFragment(f) && next.entities.some((e) => e.level === f.dimension)),
  );
  merged.filters = [...kept, ...next.filters];
  merged.excluded = [...prev.excluded, ...next.excluded];
  if (next.groups.length) merged.groups = next.groups;
  // "ctr for carousel ads", then "vs static ads": the two fragments side by side.
  const against = /^(?:vs|versus|compared (?:to|with)|against)\b/.test(next.text);
  const side = next.filters.find(isNameFragment);
  const earlier = side && prev.filters.find((f) => isNameFragment(f) && f.dimension === side.dimension);
  if (against && side && earlier) {
    merged.groups = [fragmentGroup(earlier), fragmentGroup(side)];
    merged.filters = merged.filters.filter((f) => f !== side && f !== earlier);
  }
  merged.having = [...prev.having, ...next.having];

  if (next.intent) merged.intent = next.intent;
  else if (next.metrics.length || next.byLevel) delete merged.intent;
  if (next.limit) merged.limit = next.limit;
  if (next.direction) merged.direction = next.direction;
  merged.rankCue = prev.rankCue || next.rankCue;
  if (next.byLevel && !next.limit) {
    delete merged.limit;
    merged.rankCue = false;
  }
  if (next.grain) merged.grain = next.grain;
  if (next.pick) merged.pick = next.pick;
  return mergeSegments(merged, prev, next);
}

const rowPronoun = /\b(?:it|its|it's|that one|this one)\b/;

function isNameFragment(filter: Filters[number]): boolean {
  return filter.op === 'contains' && filter.dimension !== 'account' && filter.dimension !== 'objective';
}

function wholeMonth(range: Period): boolean {
  return range.start === startOfMonth(range.start) && range.end === endOfMonth(range.start);
}

function uniqueByName(entities: EntityMatch[]): EntityMatch[] {
  const out: EntityMatch[] = [];
  for (const entity of entities) {
    const at = out.findIndex((e) => e.name === entity.name && e.level === entity.level);
    if (at >= 0) out.splice(at, 1);
    out.push(entity);
  }
  return out;
}

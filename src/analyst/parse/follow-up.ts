import { previousPeriod } from '../dates';
import type { EntityMatch } from './entities';
import type { Reading } from './reading';

/**
 * Whether a question leans on the turns before it: a lead-in ("and", "what about", "only"), a
 * reference ("it", "that", "the first one"), or a question that names no metric and no intent but
 * changes something (a period, a level, a filter).
 */
export function isFollowUp(next: Reading): boolean {
  if (next.unsupported || next.report) return false;
  if (next.followUp) return true;
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
    next.excluded.length;
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
  delete merged.ordinal;
  if (next.ordinal !== undefined) merged.ordinal = next.ordinal;

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
    const before = { ...previousPeriod(prev.range), label: 'the period before' };
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
  } else if (next.levels.length) merged.levels = next.levels;

  // A name at the same level replaces the earlier one ("and for Prospecting?"); at another level it narrows.
  const entities = [...prev.entities];
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

  merged.filters = [
    ...prev.filters.filter((f) => !next.filters.some((n) => n.dimension === f.dimension)),
    ...next.filters,
  ];
  merged.excluded = [...prev.excluded, ...next.excluded];
  if (next.groups.length) merged.groups = next.groups;
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
  return merged;
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

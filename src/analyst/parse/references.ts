import type { EntityDimension } from '../query';
import { type BuildContext, buildPlan } from './build-plan';
import { type EntityMatch, entityMatch } from './entities';
import type { Plan } from './plan';
import type { Reading } from './reading';

type Ranking = Extract<Plan, { kind: 'ranking' }>;
type SegmentSplit = Extract<Plan, { kind: 'segment' }>;

/**
 * Runs an earlier ranking (or split by a segment) again and returns its labels (segment values) in
 * order, so "the second one" can be named.
 */
export type RankedLabels = (plan: Ranking | SegmentSplit) => Promise<string[]>;

const pronoun =
  /\b(?:it|its|it's|that one|this one|the winner|the loser|that (?:campaign|ad set|ad|account|creative)|the (?:first|second|third|top|last|bottom) one)\b/;

/**
 * "The first one", "its CPA", "the other account": a reference to a row of the ranking the
 * conversation showed last. The ranking is run again (same data, same order) and the row it names
 * becomes the entity the follow-up is about.
 */
export async function resolveReferences(
  reading: Reading,
  previous: Reading | undefined,
  context: BuildContext,
  rankedLabels: RankedLabels,
): Promise<Reading> {
  if (!previous || !reading.followUp) return reading;
  const referring = reading.ordinal !== undefined || reading.other || pronoun.test(reading.text);
  if (!referring) return reading;
  let referents = previous.referents;
  let referenced = previous.referenced;
  // After "the second one", the ranking referred to is the one before it, not that row's figures.
  const source = previous.rankingSource ?? previous;
  const earlier = buildPlan(source, context);
  if (earlier.kind === 'segment') return segmentReference(reading, earlier, await rankedLabels(earlier));
  if (earlier.kind === 'ranking' && earlier.level !== 'objective') {
    const labels = await rankedLabels(earlier);
    referents = { level: earlier.level, labels };
    // Earlier turns are re-read without their references resolved: "the first one" then "the
    // other one" still needs to know which row the first reference named.
    const earlierOrdinal = previous.ordinal;
    referenced =
      earlierOrdinal === undefined
        ? undefined
        : earlierOrdinal === -1
          ? labels.length - 1
          : earlierOrdinal - 1;
  }
  if (!referents || referents.labels.length === 0) return reading;
  let index = reading.ordinal === -1 ? referents.labels.length - 1 : (reading.ordinal ?? 1) - 1;
  if (reading.other) index = referenced === 0 ? 1 : 0;
  const name = referents.labels[index];
  if (!name) return reading;
  const entity = entityNamed(context, referents.level, name);
  if (!entity) return reading;
  const resolved: Reading = {
    ...reading,
    entities: [...reading.entities.filter((e) => e.level !== entity.level), entity],
    levels: reading.byLevel ? [reading.byLevel] : [],
    rankCue: false,
    referents,
    referenced: index,
  };
  delete resolved.direction;
  delete resolved.limit;
  return resolved;
}

function entityNamed(context: BuildContext, level: EntityDimension, name: string): EntityMatch | undefined {
  const first = context.catalog.entities.find((e) => e.level === level && e.name === name);
  return first ? entityMatch(context.catalog, first, 0, 0, true) : undefined;
}

/**
 * "The first one" after a split by a segment: that segment's value, as a filter on the follow-up
 * ("spend by country", then "what's the ROAS of the first one?" is the ROAS of the top country).
 */
function segmentReference(reading: Reading, split: SegmentSplit, values: string[]): Reading {
  const dimension = split.by[0];
  // "Break it down by device": a new split, not a row of the old one.
  const same = reading.segments?.by.join() === split.by.join();
  if (!dimension || !values.length || (reading.segments?.by.length && !same)) return reading;
  const index = reading.ordinal === -1 ? values.length - 1 : (reading.ordinal ?? 1) - 1;
  const value = reading.other ? values[1] : values[index];
  if (!value) return reading;
  const resolved: Reading = {
    ...reading,
    filters: [
      ...reading.filters.filter((f) => f.dimension !== dimension),
      { dimension, op: 'in', values: [value] },
    ],
    rankCue: false,
  };
  delete resolved.segments;
  delete resolved.direction;
  delete resolved.limit;
  return resolved;
}

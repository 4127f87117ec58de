import type { AssistantMessage } from '../../shared/api/answer';
import { breakdownOf, type Dimension, isSegmentDimension, type SegmentDimension } from '../dimensions';
import { type MetricKey, metrics } from '../metrics';
import type { Filters, Period } from '../parse/plan';
import type { ComposeContext } from './context';
import { declineAnswer } from './decline';
import { composeQuery } from './query-answer';
import { breakdownCoverage, formatsKnown } from './segment-coverage';
import { coverageNotes, estimateNote, noBreakdownMessage } from './segment-notes';
import type { QueryPlan } from './shape';

/** What a question over segments needs before it is answered: a decline, or notes to add. */
export type SegmentGuard = { decline: AssistantMessage } | { notes: string[] };

/**
 * Whether ARLO has the segments a question reads: declined naming the dates it has when the
 * breakdown has no rows for the period (never zeros), or when no ad's creative format is known;
 * otherwise notes on partial coverage and on Meta's estimates.
 */
export async function segmentGuard(
  ctx: ComposeContext,
  read: readonly Dimension[],
  filters: Filters,
  range: Period,
  metric: MetricKey = 'spend',
): Promise<SegmentGuard> {
  const segments = [...new Set(read.filter(isSegmentDimension))] as SegmentDimension[];
  const key = breakdownOf(segments);
  const notes: string[] = [];
  if (key) {
    const coverage = await breakdownCoverage(ctx, key, filters, range);
    if (coverage.days === 0) {
      const label = metrics[metric].label;
      return {
        decline: declineAnswer(
          noBreakdownMessage(ctx, key, coverage, range),
          [
            ...(coverage.first && coverage.last
              ? [`${label} from ${coverage.first} to ${coverage.last}`]
              : []),
            `${label} ${range.label}`,
            `${label} by campaign ${range.label}`,
          ].slice(0, 3),
        ),
      };
    }
    notes.push(
      ...coverageNotes(ctx, key, coverage, range),
      estimateNote(ctx, key, undefined, undefined, () => ''),
    );
  }
  if (segments.includes('format') && !(await formatsKnown(ctx, filters)))
    return {
      decline: declineAnswer(
        "ARLO doesn't have the creative format of these ads: their creative settings (Meta's object_type) haven't been synced, so it can't pick out video, image or carousel ads.",
        [
          'Which ads had the highest CTR last month?',
          'How much did I spend last month?',
          'Top 5 ads by ROAS last month',
        ],
      ),
    };
  return { notes };
}

/**
 * An ordinary question narrowed to segment values ("CPA on Instagram", "top campaigns on mobile"),
 * answered from the breakdown rows with the guard's notes. Undefined when the plan reads no segment.
 */
export async function composeWithinSegments(
  ctx: ComposeContext,
  plan: QueryPlan,
): Promise<AssistantMessage | undefined> {
  const filters = [
    ...plan.filters,
    ...(plan.kind === 'compare' ? plan.groups.flatMap((g) => g.filters) : []),
  ];
  const read = filters.map((f) => f.dimension).filter(isSegmentDimension);
  if (!read.length) return undefined;
  const metric = 'metric' in plan ? plan.metric : 'metrics' in plan ? plan.metrics[0] : undefined;
  const guard = await segmentGuard(ctx, read, plan.filters, plan.range, metric);
  if ('decline' in guard) return guard.decline;
  return composeQuery(ctx, { ...plan, notes: [...plan.notes, ...guard.notes] });
}

import { z } from 'zod';
import {
  dimensionKeys,
  filterDimensions,
  isSegmentDimension,
  timeGrains,
  unreadableTogether,
} from './dimensions';
import { metricKeys } from './metrics';

export {
  type Dimension,
  dimensionKeys,
  type EntityDimension,
  entityDimensions,
  type FilterDimension,
  filterDimensions,
  isEntityDimension,
  isSegmentDimension,
  type SegmentDimension,
  segmentDimensions,
  type TimeGrain,
  timeGrains,
} from './dimensions';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const dateRangeSchema = z
  .object({ start: day, end: day })
  .refine((range) => range.start <= range.end, { message: 'start must not be after end' });

export const metricSchema = z.enum(metricKeys);

// A bound on the raw list only, so a runaway list of repeats is refused before any work.
const MAX_NAMED_METRICS = 200;

export const filterOps = ['in', 'not_in', 'contains', 'not_contains'] as const;
export type FilterOp = (typeof filterOps)[number];

export const havingOps = ['gt', 'gte', 'lt', 'lte'] as const;
export type HavingOp = (typeof havingOps)[number];

/** The most values one filter holds; a caller with more ids asks in parts of this size. */
export const FILTER_VALUES_MAX = 100;

const filterSchema = z
  .object({
    dimension: z.enum(filterDimensions),
    /**
     * Absent means 'in'. 'in'/'not_in' compare ids (objective codes for objective, Meta's segment
     * values for a segment: 'US', '25-34', 'instagram|instagram_reels' for a placement);
     * 'contains'/'not_contains' match the entity's name, case-insensitively, against any value.
     */
    op: z.enum(filterOps).optional(),
    values: z.array(z.string().min(1).max(200)).min(1).max(FILTER_VALUES_MAX),
  })
  .refine(
    (filter) =>
      (filter.dimension !== 'objective' && !isSegmentDimension(filter.dimension)) ||
      !filter.op ||
      ['in', 'not_in'].includes(filter.op),
    {
      message: 'objective and segment filters take codes with in or not_in only',
    },
  );

export type QueryFilter = z.infer<typeof filterSchema>;

/** A filter's operator, with the default spelled out. */
export const filterOp = (filter: Pick<QueryFilter, 'op'>): FilterOp => filter.op ?? 'in';

/**
 * The one question shape the executor answers. The parser and the optional LLM both produce it,
 * and it is validated here, so nothing reaches SQL that this schema does not allow.
 */
export const analyticsQuerySchema = z
  .object({
    // Naming a metric twice is harmless: repeats are dropped before the limit of every metric once.
    metrics: z
      .array(metricSchema)
      .min(1)
      .max(MAX_NAMED_METRICS)
      .transform((keys) => [...new Set(keys)])
      .pipe(z.array(metricSchema).max(metricKeys.length)),
    dimensions: z.array(z.enum(dimensionKeys)).max(3).default([]),
    time: z.object({
      range: dateRangeSchema,
      /** Shorthand for adding a time dimension (day, week, month, quarter, weekday) to the dimensions. */
      grain: z.enum(timeGrains).optional(),
      compare: dateRangeSchema.optional(),
    }),
    filters: z.array(filterSchema).max(8).default([]),
    order: z.object({ metric: metricSchema, direction: z.enum(['asc', 'desc']) }).optional(),
    limit: z.number().int().min(1).max(500).optional(),
    /** Rankings of ratios ignore rows below this volume, so one lucky sale does not top the list. */
    minVolume: z.object({ metric: metricSchema, min: z.number().nonnegative() }).optional(),
    /**
     * Conditions on each output row after aggregation ("campaigns with ROAS above 2"). A row whose
     * metric has no value (a ratio over zero) fails its condition.
     */
    having: z
      .array(z.object({ metric: metricSchema, op: z.enum(havingOps), value: z.number() }))
      .max(5)
      .optional(),
  })
  // Meta reports each breakdown on its own and per ad set: a query that crosses two breakdowns,
  // or a breakdown with ads, asks for figures that do not exist.
  .superRefine((query, ctx) => {
    const keys = [
      ...query.dimensions,
      ...(query.time.grain ? [query.time.grain] : []),
      ...query.filters.map((filter) => filter.dimension),
    ];
    const problem = unreadableTogether(keys);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['dimensions'] });
  });

export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;
export type DateRange = z.infer<typeof dateRangeSchema>;

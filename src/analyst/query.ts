import { z } from 'zod';
import { metricKeys } from './metrics';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const dateRangeSchema = z
  .object({ start: day, end: day })
  .refine((range) => range.start <= range.end, { message: 'start must not be after end' });

export const entityDimensions = ['account', 'campaign', 'adset', 'ad', 'objective'] as const;
export const timeGrains = ['day', 'week', 'month'] as const;
export const dimensionKeys = [...entityDimensions, ...timeGrains] as const;
export type EntityDimension = (typeof entityDimensions)[number];
export type TimeGrain = (typeof timeGrains)[number];
export type Dimension = (typeof dimensionKeys)[number];

export const metricSchema = z.enum(metricKeys);

/**
 * The one question shape the executor answers. The parser and the optional LLM both produce it,
 * and it is validated here, so nothing reaches SQL that this schema does not allow.
 */
export const analyticsQuerySchema = z.object({
  metrics: z.array(metricSchema).min(1).max(12),
  dimensions: z.array(z.enum(dimensionKeys)).max(3).default([]),
  time: z.object({
    range: dateRangeSchema,
    /** Shorthand for adding day, week or month to the dimensions. */
    grain: z.enum(timeGrains).optional(),
    compare: dateRangeSchema.optional(),
  }),
  filters: z
    .array(
      z.object({
        dimension: z.enum(entityDimensions),
        values: z.array(z.string().min(1).max(200)).min(1).max(100),
      }),
    )
    .max(5)
    .default([]),
  order: z.object({ metric: metricSchema, direction: z.enum(['asc', 'desc']) }).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  /** Rankings of ratios ignore rows below this volume, so one lucky sale does not top the list. */
  minVolume: z.object({ metric: metricSchema, min: z.number().nonnegative() }).optional(),
});

export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;
export type DateRange = z.infer<typeof dateRangeSchema>;

import { z } from 'zod';

/** Content types of an answer section; the web app picks a renderer by `type`. */
export const contentTypes = [
  'text',
  'table',
  'line_chart',
  'bar_chart',
  'pie_chart',
  'chart',
  'complex',
] as const;
export type ContentType = (typeof contentTypes)[number];

export type Cell = string | number | null;
export type DataRow = Record<string, Cell>;

/**
 * How a column's values read: a metric's unit, `change` for a signed percent change between two
 * periods, a label (`text`, `date`), or `image`: an https URL of a picture on Meta's CDN (an ad's
 * thumbnail), shown 48 px and loaded lazily. Rows keep raw numbers; the unit says how to show them.
 */
export const columnUnits = [
  'money',
  'count',
  'percent',
  'multiplier',
  'decimal',
  'change',
  'text',
  'date',
  'image',
] as const;
export type ColumnUnit = (typeof columnUnits)[number];

export interface Column {
  key: string;
  label: string;
  unit: ColumnUnit;
}

export const columnSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(columnUnits),
});

export interface ContentItem {
  type: ContentType;
  header?: string;
  /** Text (markdown) for `text`. */
  content?: string;
  /** Rows for tables and charts; items for `complex`. */
  data?: DataRow[] | ContentItem[];
  /** For tables and charts: every key of the rows, with its label and unit. Absent in older messages. */
  columns?: Column[];
  /** A chart's one currency: its rows hold the label and the metric only, not each row's currency. */
  currency?: string;
}

export const contentItemSchema: z.ZodType<ContentItem> = z.lazy(() =>
  z.object({
    type: z.enum(contentTypes),
    header: z.string().optional(),
    content: z.string().optional(),
    data: z
      .union([
        z.array(contentItemSchema),
        z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
      ])
      .optional(),
    columns: z.array(columnSchema).optional(),
    currency: z.string().optional(),
  }),
);

/** An assistant message as the chat stream assembles it. */
export const assistantMessageSchema = z.object({
  sender: z.literal('lynceus'),
  analytics: contentItemSchema,
  reasoning: contentItemSchema,
  actionable_insights: contentItemSchema,
  error: contentItemSchema.optional(),
  settings: contentItemSchema.optional(),
  suggestions: z.array(z.string()),
  isReportSection: z.boolean().optional(),
  reportQuestion: z.string().optional(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

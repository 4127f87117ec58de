import { z } from 'zod';

/** Content types of SPEC.md section 3; the web app picks a renderer by `type`. */
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

export interface ContentItem {
  type: ContentType;
  header?: string;
  /** Text (markdown) for `text`. */
  content?: string;
  /** Rows for tables and charts; items for `complex`. */
  data?: DataRow[] | ContentItem[];
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
  }),
);

/** An assistant message as the chat stream assembles it (DESIGN.md section 6). */
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

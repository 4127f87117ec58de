import { z } from 'zod';
import { assistantMessageSchema, contentItemSchema } from './answer';

/** The two models, arlo_pro by default. */
export const chatModels = ['arlo_auto', 'arlo_pro'] as const;
export type ChatModel = (typeof chatModels)[number];
export const DEFAULT_MODEL: ChatModel = 'arlo_pro';
/** A question's longest length, counted after trimming; the server and the chat input share it. */
export const MAX_MESSAGE_CHARS = 2000;
export const MESSAGE_TOO_LONG = `Your message is too long: please keep it under ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters.`;
/** The free plan's questions per day (UTC day). */
export const FREE_QUESTIONS_PER_DAY = 3;
export const CONNECT_ADS_MESSAGE = 'Please connect your ads account in Settings to continue.';

export const sessionIdSchema = z.uuid('must be a session id');

export const sessionSummarySchema = z.object({
  sessionId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const recentSessionsResponse = z.object({ sessions: z.array(sessionSummarySchema) });
export const sessionParams = z.object({ id: sessionIdSchema });

/** Each history message has a sender, content, and type ('response' with a response). */
export const historyMessageSchema = z.object({
  sender: z.enum(['user', 'lynceus', 'system']),
  type: z.enum(['message', 'response']),
  content: z.string().optional(),
  response: assistantMessageSchema.optional(),
  createdAt: z.string(),
});
export type HistoryMessage = z.infer<typeof historyMessageSchema>;

export const sessionHistoryResponse = sessionSummarySchema.extend({
  history: z.object({ messages: z.array(historyMessageSchema) }),
});

export const newChatBody = z.object({ sessionId: sessionIdSchema.optional() }).default({});
export const newChatResponse = z.object({ sessionId: z.string() });

// Checking a zone builds a formatter, which is slow; the valid ones (a few hundred) are remembered.
const knownTimeZones = new Set<string>();

function isTimeZone(zone: string): boolean {
  if (knownTimeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  knownTimeZones.add(zone);
  return true;
}

export const askBody = z.object({
  message: z.string().trim().min(1, 'Please type a question.').max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG),
  sessionId: sessionIdSchema,
  timezone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Paris' })
    .default('UTC'),
  model: z.enum(chatModels, { message: 'must be arlo_auto or arlo_pro' }).default(DEFAULT_MODEL),
});
export type AskBody = z.input<typeof askBody>;

/** The `data:` events of `POST /api/ask`, in the order they are sent; then `data: [DONE]`. */
export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('analytics'),
    analytics: contentItemSchema,
    error: contentItemSchema.nullable(),
    settings: contentItemSchema.nullable(),
    suggestions: z.array(z.string()),
  }),
  z.object({ type: z.literal('reasoning'), reasoning: contentItemSchema }),
  z.object({
    type: z.literal('actionable_insights'),
    actionable_insights: contentItemSchema,
    suggestions: z.array(z.string()),
  }),
  z.object({
    type: z.literal('report_section'),
    order: z.number().int(),
    title: z.string(),
    question: z.string(),
    analytics: contentItemSchema,
  }),
  z.object({
    type: z.literal('report_section_reasoning'),
    order: z.number().int(),
    reasoning: contentItemSchema,
  }),
  z.object({
    type: z.literal('report_section_actionable'),
    order: z.number().int(),
    actionable_insights: contentItemSchema,
    suggestions: z.array(z.string()),
  }),
  z.object({
    type: z.literal('report_complete'),
    total_sections: z.number().int(),
    total_requested: z.number().int(),
  }),
  /** The free plan's daily questions are used up: the answer offers Pro. */
  z.object({ type: z.literal('quota_exceeded'), message: z.string(), upgradeUrl: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

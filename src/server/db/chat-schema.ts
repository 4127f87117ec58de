import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  json,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New chat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const chatSender = pgEnum('chat_sender', ['user', 'lynceus', 'system']);

/**
 * One entry of a conversation: the user's text, or an assistant message (a report's sections are
 * one entry each), stored as the stream sent it so a reload shows the same content types.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sender: chatSender('sender').notNull(),
    content: text('content'),
    // json, not jsonb: jsonb reorders object keys, and a table's columns follow its rows' key order.
    response: json('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** On a question: the boot writing its answer, until the answer is saved. */
    answeringBoot: uuid('answering_boot'),
    /** On a question: the day of the free question it took, until that is given back. */
    quotaDay: date('quota_day'),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.seq),
    index('chat_messages_user_created_idx').on(t.userId, t.createdAt),
    index('chat_messages_answering_idx').on(t.answeringBoot).where(sql`${t.answeringBoot} is not null`),
  ],
);

/** Questions asked per user and UTC day: the free plan's quota, reserved atomically. */
export const questionUsage = pgTable(
  'question_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

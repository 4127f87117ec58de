import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * One row per wrong password, kept an hour, with a keyed hash of the address it came from: the
 * backoff is per source, so nobody's guesses can lock the owner out.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_user_at_idx').on(t.userId, t.at),
    index('login_failures_source_at_idx').on(t.source, t.at),
  ],
);

/** One row per code mailed, with a keyed hash of the address that asked for it: the per-requester cap. */
export const codeSends = pgTable(
  'code_sends',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The code_purpose values; plain text here because that enum is declared in schema.ts, which
    // loads this file before its own body.
    purpose: text('purpose').$type<'verify_email' | 'reset_password'>().notNull(),
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_sends_user_purpose_source_at_idx').on(t.userId, t.purpose, t.source, t.at)],
);

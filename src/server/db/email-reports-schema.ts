import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** Each user's email report choices. No row means both reports are off. */
export const emailReportPrefs = pgTable('email_report_prefs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: boolean('digest').notNull().default(false),
  alerts: boolean('alerts').notNull().default(false),
  /** IANA zone the browser reported; null falls back to the first active ad account's zone. */
  timeZone: text('time_zone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per email ARLO means to send, claimed before the send: the unique key (a digest's ISO
 * week, an alert's campaign, metric and day) is what keeps a restart or a second node from
 * sending it twice, and a 'failed' or long-stale 'claimed' row is what a later pass retries.
 */
export const emailSends = pgTable(
  'email_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'digest' | 'alert' | 'test'. */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** 'claimed' | 'sent' | 'failed'. */
    status: text('status').notNull().default('claimed'),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('email_sends_user_kind_key_idx').on(t.userId, t.kind, t.key),
    index('email_sends_kind_claimed_idx').on(t.kind, t.claimedAt),
  ],
);

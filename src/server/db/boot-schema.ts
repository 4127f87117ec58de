import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per running server process (a boot), refreshed by its heartbeat. Work a process holds
 * (a sync lease, an answer being written) names its boot, so another process can tell whether that
 * work has an owner still alive or was left behind by a crash.
 */
export const serverBoots = pgTable('server_boots', {
  id: uuid('id').primaryKey(),
  /** Where `pid` means something: hostname, kernel boot and pid namespace. */
  host: text('host').notNull(),
  /** For people reading the table; `host` is what liveness checks compare. */
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * A user's long-lived Facebook token, encrypted at rest (AES-256-GCM, the user id as associated
 * data, so a row copied onto another user does not decrypt). One per user.
 */
export const metaConnections = pgTable('meta_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  facebookUserId: text('facebook_user_id').notNull(),
  keyId: text('key_id').notNull(),
  iv: text('iv').notNull(),
  ciphertext: text('ciphertext').notNull(),
  tag: text('tag').notNull(),
  scopes: text('scopes').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which ad accounts a user connected, and whether answers use them. Ownership lives here. */
export const userAdAccounts = pgTable(
  'user_ad_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountId] }),
    index('user_ad_accounts_account_idx').on(t.accountId),
  ],
);

export const syncStatus = pgEnum('meta_sync_status', ['pending', 'running', 'ok', 'error']);
export const syncKind = pgEnum('meta_sync_kind', ['backfill', 'refresh']);

/**
 * Per ad account: what the last sync did, and the work in progress. `cursor` is the first day
 * not yet written, so a sync cut off by a restart resumes where it stopped; `lease_until` lets
 * another process (or the same one after a crash) take over work nobody is doing any more, and
 * `lease_owner` (the holder's boot) lets that happen at once when the holder is known to be dead.
 */
export const metaSyncState = pgTable('meta_sync_state', {
  accountId: text('account_id').primaryKey(),
  status: syncStatus('status').notNull().default('pending'),
  kind: syncKind('kind').notNull().default('backfill'),
  since: date('since'),
  until: date('until'),
  cursor: date('cursor'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  leaseOwner: uuid('lease_owner'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  rows: integer('rows').notNull().default(0),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Unique reach as Meta reports it for an exact range at account or campaign level. Daily reach
 * cannot be added up, so these are fetched per standard window rather than derived.
 */
export const metaReach = pgTable(
  'meta_reach',
  {
    accountId: text('account_id').notNull(),
    level: text('level').notNull(),
    objectId: text('object_id').notNull(),
    since: date('since').notNull(),
    until: date('until').notNull(),
    reach: numeric('reach').notNull(),
    impressions: numeric('impressions').notNull(),
    frequency: numeric('frequency'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.objectId, t.since, t.until] }),
    index('meta_reach_account_idx').on(t.accountId, t.since, t.until),
  ],
);

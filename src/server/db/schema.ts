import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Statuses and plans as the product names them.
export const userStatus = pgEnum('user_status', ['signup', 'active', 'trial', 'payment', 'paused']);
export const userType = pgEnum('user_type', ['basic', 'pro']);
export const signupMethod = pgEnum('signup_method', ['web', 'google', 'facebook']);
export const codePurpose = pgEnum('code_purpose', ['verify_email', 'reset_password']);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  // Stored lowercased (emails compare case-insensitively); the unique index stops duplicate signups.
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  status: userStatus('status').notNull().default('signup'),
  userType: userType('user_type').notNull().default('basic'),
  signupMethod: signupMethod('signup_method').notNull().default('web'),
  /** argon2id; null for accounts that only sign in with Google or Facebook. */
  passwordHash: text('password_hash'),
  /** Null until the emailed code is verified: such a signup is still pending and can be redone. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Raised on a password reset; tokens carrying an older version are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  fbPermissionsGranted: boolean('fb_permissions_granted').notNull().default(false),
  gPermissionsGranted: boolean('g_permissions_granted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from '../../warehouse/schema';

/** Emailed 6-digit codes, stored only as keyed hashes; each dies after 5 tries, 300 s, or one use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: codePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

export const identityProvider = pgEnum('identity_provider', ['google', 'facebook']);

/**
 * A Google or Facebook sign-in, keyed by the provider's own subject id, never by email: an email
 * match alone never lets a social login into an account.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: identityProvider('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    // One identity per provider per user.
    uniqueIndex('user_identities_user_provider_idx').on(t.userId, t.provider),
  ],
);

export * from './auth-schema';
export * from './billing-schema';
export * from './boot-schema';
export * from './chat-schema';
export * from './email-reports-schema';
export * from './handoff-schema';
export * from './mcp-schema';
export * from './meta-schema';

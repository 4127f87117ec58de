import { sql } from 'drizzle-orm';
import { pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Statuses and plans exactly as SPEC.md section 4 names them.
export const userStatus = pgEnum('user_status', ['signup', 'active', 'trial', 'payment', 'paused']);
export const userType = pgEnum('user_type', ['basic', 'pro']);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  // Stored lowercased (SPEC.md section 5); the unique index is what stops duplicate signups.
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  status: userStatus('status').notNull().default('signup'),
  userType: userType('user_type').notNull().default('basic'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from './warehouse-schema';

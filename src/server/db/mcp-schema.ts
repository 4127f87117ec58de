import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Personal access tokens for the MCP endpoint. Only a SHA-256 of the secret is kept: the secret
 * is random (256 bits), so a fast hash is enough, and a leaked table opens nothing. A revoked token
 * is deleted, so it stops working at once and nothing of it lingers.
 */
export const mcpTokens = pgTable(
  'mcp_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('mcp_tokens_user_created_idx').on(t.userId, t.createdAt)],
);

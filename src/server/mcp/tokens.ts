import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MCP_TOKEN_PREFIX, MCP_TOKENS_PER_USER, type McpTokenSummary } from '../../shared/api/mcp-tokens';
import type { Db } from '../db/client';
import { mcpTokens, users } from '../db/schema';

type User = typeof users.$inferSelect;

/** 32 random bytes: a secret nobody guesses, so its plain SHA-256 is a safe thing to store. */
const SECRET_BYTES = 32;
const TOKEN_SHAPE = new RegExp(`^${MCP_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a bearer value could be one of ours: anything else is refused without a lookup. */
export const looksLikeMcpToken = (value: string) => TOKEN_SHAPE.test(value);

const summaryOf = (row: typeof mcpTokens.$inferSelect): McpTokenSummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A new token for the user, unless they already hold the most allowed (undefined then). The count
 * and the insert run under a per-user lock, so parallel creates cannot both slip past the cap.
 */
export async function createToken(
  db: Db,
  userId: string,
  name: string,
): Promise<(McpTokenSummary & { token: string }) | undefined> {
  const token = `${MCP_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mcp_tokens|${userId}`}))`);
    const [held] = await tx.select({ n: count() }).from(mcpTokens).where(eq(mcpTokens.userId, userId));
    if ((held?.n ?? 0) >= MCP_TOKENS_PER_USER) return undefined;
    const [row] = await tx
      .insert(mcpTokens)
      .values({ userId, name, tokenHash: hashToken(token) })
      .returning();
    if (!row) throw new Error('token insert returned nothing');
    return { ...summaryOf(row), token };
  });
}

export async function listTokens(db: Db, userId: string): Promise<McpTokenSummary[]> {
  const rows = await db
    .select()
    .from(mcpTokens)
    .where(eq(mcpTokens.userId, userId))
    .orderBy(desc(mcpTokens.createdAt));
  return rows.map(summaryOf);
}

/** Deletes the caller's token; false when they have none with this id (a stranger's looks missing). */
export async function revokeToken(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(mcpTokens)
    .where(and(eq(mcpTokens.id, id), eq(mcpTokens.userId, userId)))
    .returning({ id: mcpTokens.id });
  return deleted.length > 0;
}

/**
 * The owner of a live token, marking it used now; undefined for an unknown or revoked one. The
 * mark and the lookup are one statement: a token revoked a moment ago matches no row.
 */
export async function tokenOwner(db: Db, token: string): Promise<User | undefined> {
  if (!looksLikeMcpToken(token)) return undefined;
  const [used] = await db
    .update(mcpTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(mcpTokens.tokenHash, hashToken(token)))
    .returning({ userId: mcpTokens.userId });
  if (!used) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, used.userId)).limit(1);
  return user;
}

import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { AssistantMessage } from '../../shared/api/answer';
import type { HistoryMessage, SessionSummary } from '../../shared/api/chat';
import type { Db } from '../db/client';
import { chatMessages, chatSessions } from '../db/schema';

type SessionRow = typeof chatSessions.$inferSelect;

const TITLE_CHARS = 60;
const RECENT_LIMIT = 30;

export const summaryOf = (row: SessionRow): SessionSummary => ({
  sessionId: row.id,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's session with this id, or undefined: another user's id looks like a missing one. */
export async function ownedSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .limit(1);
  return row;
}

export async function createSession(db: Db, userId: string): Promise<SessionRow> {
  const [row] = await db.insert(chatSessions).values({ userId }).returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** The most recently used session, or a new one for a first visit. */
export async function currentSession(db: Db, userId: string): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.updatedAt))
    .limit(1);
  return row ?? createSession(db, userId);
}

/** A new chat; an untouched current session is reused rather than piling up empty ones. */
export async function newChat(
  db: Db,
  userId: string,
  fromSessionId: string | undefined,
): Promise<SessionRow> {
  if (fromSessionId) {
    const from = await ownedSession(db, userId, fromSessionId);
    if (from && !(await hasMessages(db, from.id))) return from;
  }
  return createSession(db, userId);
}

async function hasMessages(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .limit(1);
  return Boolean(row);
}

/** Sessions with at least one message, most recently used first. */
export async function recentSessions(db: Db, userId: string): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.userId, userId),
        exists(
          db.select({ one: sql`1` }).from(chatMessages).where(eq(chatMessages.sessionId, chatSessions.id)),
        ),
      ),
    )
    .orderBy(desc(chatSessions.updatedAt))
    .limit(RECENT_LIMIT);
  return rows.map(summaryOf);
}

export async function sessionHistory(db: Db, sessionId: string): Promise<HistoryMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.seq));
  return rows.map((row) =>
    row.sender === 'lynceus'
      ? {
          sender: 'lynceus',
          type: 'response',
          response: row.response as AssistantMessage,
          createdAt: row.createdAt.toISOString(),
        }
      : {
          sender: row.sender,
          type: 'message',
          content: row.content ?? '',
          createdAt: row.createdAt.toISOString(),
        },
  );
}

/** The question, and the session's title taken from its first question. */
export async function saveQuestion(db: Db, session: SessionRow, text: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(chatMessages)
      .values({ sessionId: session.id, userId: session.userId, sender: 'user', content: text });
    await tx
      .update(chatSessions)
      .set({
        updatedAt: sql`now()`,
        title: sql`case when ${chatSessions.title} = 'New chat' then ${text.slice(0, TITLE_CHARS)} else ${chatSessions.title} end`,
      })
      .where(eq(chatSessions.id, session.id));
  });
}

/** Assistant messages (one per report section) or a system notice, in order. */
export async function saveReplies(
  db: Db,
  session: SessionRow,
  replies: ({ sender: 'lynceus'; response: AssistantMessage } | { sender: 'system'; content: string })[],
): Promise<void> {
  if (replies.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(chatMessages).values(
      replies.map((reply) => ({
        sessionId: session.id,
        userId: session.userId,
        sender: reply.sender,
        content: reply.sender === 'system' ? reply.content : null,
        response: reply.sender === 'lynceus' ? reply.response : null,
      })),
    );
    await tx.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, session.id));
  });
}

/** Questions the user asked in the last minute: the fair-use limit for unlimited plans. */
export async function questionsLastMinute(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.sender, 'user'),
        sql`${chatMessages.createdAt} > now() - interval '1 minute'`,
      ),
    );
  return Number(row?.n ?? 0);
}

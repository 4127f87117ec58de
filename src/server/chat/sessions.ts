import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { AssistantMessage } from '../../shared/api/answer';
import type { HistoryMessage, SessionSummary } from '../../shared/api/chat';
import { type Db, queryRows } from '../db/client';
import { chatMessages, chatSessions } from '../db/schema';

type SessionRow = typeof chatSessions.$inferSelect;
/** What saving into a session needs: which one, and whose. */
export type SessionRef = Pick<SessionRow, 'id' | 'userId'>;

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

/** A follow-up leans on the last few questions; older ones are not worth reading per question. */
const EARLIER_QUESTIONS_LIMIT = 20;

/**
 * The session's user questions before the one just saved by saveQuestion, oldest first, at most
 * the last 20: what the engine reads a follow-up against.
 */
export async function earlierQuestions(db: Db, sessionId: string): Promise<string[]> {
  const rows = await db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.sender, 'user')))
    .orderBy(desc(chatMessages.seq))
    // The newest user message is the question being answered now.
    .offset(1)
    .limit(EARLIER_QUESTIONS_LIMIT);
  return rows.map((row) => row.content ?? '').reverse();
}

/**
 * Saves the question in the caller's session: one insert that also checks the session is theirs.
 * Undefined when the caller has no such session: then nothing is written. The session's title and
 * time are set with the reply, which keeps this, the one write before the first answer event, short.
 */
export async function saveQuestion(
  db: Db,
  userId: string,
  sessionId: string,
  text: string,
): Promise<SessionRef | undefined> {
  const [row] = await queryRows<{ session_id: string }>(
    db,
    sql`insert into chat_messages (session_id, user_id, sender, content)
      select id, user_id, 'user', ${text} from chat_sessions where id = ${sessionId} and user_id = ${userId}
      returning session_id`,
  );
  return row && { id: row.session_id, userId };
}

/** Assistant messages (one per report section) or a system notice, in order. */
export async function saveReplies(
  db: Db,
  session: SessionRef,
  replies: ({ sender: 'lynceus'; response: AssistantMessage } | { sender: 'system'; content: string })[],
): Promise<void> {
  if (replies.length === 0) return;
  const messages = db.insert(chatMessages).values(
    replies.map((reply) => ({
      sessionId: session.id,
      userId: session.userId,
      sender: reply.sender,
      content: reply.sender === 'system' ? reply.content : null,
      response: reply.sender === 'lynceus' ? reply.response : null,
    })),
  );
  // One statement: a data-changing CTE runs in full, atomically with the update. A session still
  // called 'New chat' takes its title from its first question.
  const touch = db
    .update(chatSessions)
    .set({
      updatedAt: sql`now()`,
      title: sql`case when ${chatSessions.title} = 'New chat' then coalesce((select left(m.content, ${TITLE_CHARS})
        from chat_messages m where m.session_id = ${session.id} and m.sender = 'user' order by m.seq limit 1),
        ${chatSessions.title}) else ${chatSessions.title} end`,
    })
    .where(eq(chatSessions.id, session.id));
  await db.execute(sql`with saved as (${messages.getSQL()}) ${touch.getSQL()}`);
}

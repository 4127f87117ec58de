import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { AssistantMessage } from '../../shared/api/answer';
import type { HistoryMessage, SessionSummary } from '../../shared/api/chat';
import { BOOT_ID } from '../boot/boot-id';
import { type Db, queryRows } from '../db/client';
import { chatMessages, chatSessions } from '../db/schema';

type SessionRow = typeof chatSessions.$inferSelect;
/** What saving into a session needs: which one, and whose. */
export type SessionRef = Pick<SessionRow, 'id' | 'userId'>;
/** A question being answered: its session, and its own message. */
export type QuestionRef = SessionRef & { questionSeq: number };

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
 * The question is marked as being answered by this process until its answer is saved, so that
 * should the process die first, the next start can tell and give the question a failed reply.
 */
export async function saveQuestion(
  db: Db,
  userId: string,
  sessionId: string,
  text: string,
): Promise<QuestionRef | undefined> {
  const [row] = await queryRows<{ session_id: string; seq: string | number }>(
    db,
    sql`insert into chat_messages (session_id, user_id, sender, content, answering_boot)
      select id, user_id, 'user', ${text}, ${BOOT_ID}::uuid from chat_sessions where id = ${sessionId} and user_id = ${userId}
      returning session_id, seq`,
  );
  return row && { id: row.session_id, userId, questionSeq: Number(row.seq) };
}

type Reply = { sender: 'lynceus'; response: AssistantMessage } | { sender: 'system'; content: string };

/**
 * Assistant messages (one per report section) or a system notice, in order. Any reply but a report
 * section is the whole answer: saving it also ends the question's answering, in the same statement.
 */
export async function saveReplies(db: Db, question: QuestionRef, replies: Reply[]): Promise<void> {
  if (replies.length === 0) return;
  const messages = db.insert(chatMessages).values(
    replies.map((reply) => ({
      sessionId: question.id,
      userId: question.userId,
      sender: reply.sender,
      content: reply.sender === 'system' ? reply.content : null,
      response: reply.sender === 'lynceus' ? reply.response : null,
    })),
  );
  const whole = replies.some((reply) => reply.sender === 'system' || !reply.response.isReportSection);
  const answered = whole ? sql`, answered as (${endAnswering(question)})` : sql``;
  // One statement: a data-changing CTE runs in full, atomically with the update.
  await db.execute(sql`with saved as (${messages.getSQL()}) ${answered} ${touchSession(question.id)}`);
}

/** A report's sections are all saved: the question is answered. */
export async function markAnswered(db: Db, question: QuestionRef): Promise<void> {
  await db.execute(endAnswering(question));
}

/**
 * Ends the answering of a question whose process died, with a system reply saying it failed.
 * Only the first call saves the reply: two processes recovering the same question save one.
 */
export async function saveFailedReply(db: Db, question: QuestionRef, text: string): Promise<void> {
  await db.execute(sql`
    with ended as (
      update chat_messages set answering_boot = null
      where seq = ${question.questionSeq} and answering_boot is not null returning seq
    ), saved as (
      insert into chat_messages (session_id, user_id, sender, content)
      select ${question.id}::uuid, ${question.userId}::uuid, 'system', ${text} from ended
    )
    ${touchSession(question.id)} and exists (select 1 from ended)`);
}

const endAnswering = (question: QuestionRef) =>
  sql`update chat_messages set answering_boot = null where seq = ${question.questionSeq}`;

/** Marks a session used now. One still called 'New chat' takes its title from its first question. */
const touchSession = (sessionId: string) =>
  sql`update chat_sessions set updated_at = now(),
    title = case when title = 'New chat' then coalesce((select left(m.content, ${TITLE_CHARS})
      from chat_messages m where m.session_id = ${sessionId} and m.sender = 'user' order by m.seq limit 1),
      title) else title end
    where id = ${sessionId}`;

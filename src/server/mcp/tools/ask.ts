import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AssistantMessage } from '../../../shared/api/answer';
import { DEFAULT_MODEL } from '../../../shared/api/chat';
import { askToolInput } from '../../../shared/api/mcp';
import { type AnswerListener, answerBegun, beginQuestion } from '../../chat/ask-flow';
import { createSession } from '../../chat/sessions';
import { AppError } from '../../errors';
import { messageMarkdown } from '../markdown';
import { guarded, type ToolContext, toolAnswer, toolError } from '../tool-result';

/** One assistant message of an answer; a report's sections each carry their title. */
interface AnswerPart {
  title?: string;
  message: AssistantMessage;
}

/** What the chat would have streamed, kept whole. */
function collector() {
  const parts: AnswerPart[] = [];
  const outcome: { quota?: string; failed?: string } = {};
  const listener: AnswerListener = {
    quotaExceeded: (message) => {
      outcome.quota = message;
    },
    analytics: async () => {},
    reportSection: async (section) => {
      parts.push({ title: section.title, message: section.message });
    },
    reportComplete: () => {},
    message: (message) => {
      parts.push({ message });
    },
    failed: (message) => {
      outcome.failed = message;
    },
  };
  return { parts, outcome, listener };
}

/**
 * `ask`: the chat's own answer to a question, over the token owner's active accounts, counted
 * against their plan as a chat question is, in one of their conversations.
 */
export function registerAskTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'ask',
    {
      title: 'Ask ARLO',
      description:
        'Answers a question about your Meta Ads in plain English with exact figures computed by ARLO (the same answer as ARLO’s chat): spend, ROAS, CPA, top campaigns, trends, comparisons, reports. Pass conversation_id to follow up on an earlier answer. Each call counts as one chat question on your plan.',
      inputSchema: askToolInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(ctx, async () => {
        const { app, request } = ctx;
        const user = request.currentUser;
        await app.limitQuestions(request);
        const { db } = app.asking;
        const sessionId = args.conversation_id ?? (await createSession(db, user.id)).id;
        const begun = await beginQuestion(db, {
          user,
          sessionId,
          message: args.question,
          model: DEFAULT_MODEL,
          timezone: 'UTC',
        }).catch((error: unknown) => {
          // Another user's conversation looks exactly like a missing one.
          if (error instanceof AppError && error.code === 'NOT_FOUND')
            throw new AppError(
              'NOT_FOUND',
              `conversation_id: no conversation ${sessionId} of yours was found.`,
            );
          throw error;
        });
        const { parts, outcome, listener } = collector();
        await answerBegun({ ...app.asking, log: request.log }, begun, listener);
        const conversation = { conversation_id: sessionId };
        if (outcome.quota) return toolError(outcome.quota, { ...conversation, quota_exceeded: true });
        if (outcome.failed) return toolError(outcome.failed, conversation);
        const text = parts.map((part) => messageMarkdown(part.message, part.title)).join('\n\n---\n\n');
        return toolAnswer(`${text}\n\n_conversation_id: ${sessionId}_`, {
          ...conversation,
          messages: parts.map((part) => part.message),
        });
      }),
  );
}

import type { Db } from '../server/db/client';
import type { AssistantMessage } from '../shared/api/answer';
import {
  composeBreakdown,
  composeEntity,
  composeRanking,
  composeSeries,
  composeTotal,
} from './compose/basic';
import { ComposeContext } from './compose/context';
import { composeFatigue, composeWhy } from './compose/diagnose';
import type { EvidenceEntry } from './compose/evidence';
import { clarifyAnswer, refuseAnswer } from './compose/fallback';
import type { QueryResult, Scope } from './executor';
import { loadCatalog } from './parse/entities';
import { parseQuestion } from './parse/parse-question';
import type { Plan } from './parse/plan';
import { buildReport, type ReportSection } from './report';

export interface AnalystRequest {
  db: Db;
  /** Only the caller's active accounts. */
  scope: Scope;
  /** The account's current date, YYYY-MM-DD. */
  today: string;
}

export interface Answer {
  plan: Plan;
  /** One message for an ordinary answer; a report has several sections, in order. */
  message: AssistantMessage;
  sections?: ReportSection[];
  /** Every query the answer ran and every number its texts contain, with where each came from. */
  queries: QueryResult[];
  evidence: EvidenceEntry[];
}

/** Answers one question with the deterministic engine: parse, plan, query, compose. */
export async function answerQuestion(request: AnalystRequest, question: string): Promise<Answer> {
  const catalog = await loadCatalog(request.db, request.scope);
  const plan = parseQuestion(question, { catalog, today: request.today });
  const ctx = new ComposeContext(request.db, request.scope, catalog, request.today);
  if (plan.kind === 'report') {
    const sections = await buildReport(ctx, plan, question);
    const first = sections[0]?.message ?? clarifyAnswer();
    return { plan, message: first, sections, queries: ctx.queries, evidence: ctx.evidence.entries };
  }
  const message = await compose(ctx, plan);
  return { plan, message, queries: ctx.queries, evidence: ctx.evidence.entries };
}

function compose(
  ctx: ComposeContext,
  plan: Exclude<Plan, { kind: 'report' }>,
): Promise<AssistantMessage> | AssistantMessage {
  switch (plan.kind) {
    case 'total':
      return composeTotal(ctx, plan);
    case 'ranking':
      return composeRanking(ctx, plan);
    case 'series':
      return composeSeries(ctx, plan);
    case 'entity':
      return composeEntity(ctx, plan);
    case 'breakdown':
      return composeBreakdown(ctx, plan);
    case 'why':
      return composeWhy(ctx, plan);
    case 'fatigue':
      return composeFatigue(ctx, plan);
    case 'clarify':
      return clarifyAnswer();
    case 'refuse':
      return refuseAnswer();
  }
}

import type { AssistantMessage } from '../shared/api/answer';
import { composePlan } from './compose/compose-plan';
import { type AnalyticsListener, ComposeContext } from './compose/context';
import type { EvidenceEntry } from './compose/evidence';
import { clarifyAnswer } from './compose/fallback';
import { rankedSegmentValues } from './compose/segments';
import { rankingCut } from './compose/shape';
import { withStatedQuestion } from './compose/stated-question';
import { executeQuery, type QueryResult, type Scope } from './executor';
import type { Llm, LlmConfig } from './llm/client';
import { composeCustomQuery } from './llm/compose-query';
import { buildPlan } from './parse/build-plan';
import { type Catalog, cachedCatalog, loadCatalog } from './parse/entities';
import { readConversation } from './parse/parse-question';
import type { Plan } from './parse/plan';
import { resolveReferences } from './parse/references';
import type { AnalyticsQueryInput } from './query';
import { buildReport, type ReportSection } from './report';
import type { WarehouseDb } from './warehouse-db';

export interface AnalystRequest {
  db: WarehouseDb;
  /** Only the caller's active accounts. */
  scope: Scope;
  /** The account's current date, YYYY-MM-DD. */
  today: string;
  /** arlo_pro may use the optional language model; arlo_auto (the default) never does. */
  model?: 'arlo_auto' | 'arlo_pro';
  /** `config.llm`: set only when LLM_BASE_URL and LLM_MODEL are configured. */
  llm?: LlmConfig | undefined;
  /** Called as each report section is ready, so a stream can send it before the next is built. */
  onReportSection?: (section: ReportSection) => Promise<void>;
  /**
   * Called once an ordinary answer's analytics part is final, before its insights are worked out,
   * so a stream can show the numbers first. The finished message carries the same part.
   */
  onAnalytics?: AnalyticsListener;
  /** `activeScope`'s data version: with it, the names catalog is read once per version. */
  dataVersion?: string;
}

export interface Answer {
  plan: Plan;
  /** One message for an ordinary answer; a report has several sections, in order. */
  message: AssistantMessage;
  sections?: ReportSection[];
  /** Every query the answer ran and every number its texts contain, with where each came from. */
  queries: QueryResult[];
  evidence: EvidenceEntry[];
  /** The query the language model mapped an unparsed question to, when it did. */
  mappedQuery?: AnalyticsQueryInput;
}

/**
 * Answers one question with the deterministic engine: parse, plan, query, compose. With arlo_pro
 * and a configured LLM, the model may also map a question the parser could not read (through the
 * query schema, with the conversation's earlier questions as context) and phrase that answer's
 * reasoning (kept only if it adds no number); every figure still comes from the executor, and any
 * model failure leaves the deterministic answer.
 */
export async function answerQuestion(
  request: AnalystRequest,
  question: string,
  /** The conversation's earlier user questions, oldest first: a follow-up is read against them. */
  history: readonly string[] = [],
): Promise<Answer> {
  const catalog = request.dataVersion
    ? await cachedCatalog(request.db, request.scope, request.dataVersion)
    : await loadCatalog(request.db, request.scope);
  const parseContext = { catalog, today: request.today, history };
  const conversation = readConversation(question, parseContext);
  const reading = await resolveReferences(
    conversation.reading,
    conversation.previous,
    parseContext,
    (ranking) => rankedLabels(request, catalog, ranking),
  );
  const plan = buildPlan(reading, parseContext);
  const ctx = new ComposeContext(request.db, request.scope, catalog, request.today);
  // Report sections stream through onReportSection; the LLM path may still rephrase the reasoning,
  // which comes after analytics anyway.
  if (plan.kind !== 'report' && request.onAnalytics) ctx.onAnalytics = request.onAnalytics;
  if (plan.kind === 'report') {
    const sections = await buildReport(ctx, plan, question, request.onReportSection);
    const first = sections[0]?.message ?? clarifyAnswer();
    return { plan, message: first, sections, queries: ctx.queries, evidence: ctx.evidence.entries };
  }
  // The model only ever sees what the grammar could not read: a covered question is answered and
  // worded by the engine alone, with no model call in its way.
  const model =
    request.model === 'arlo_pro' && request.llm && plan.kind === 'clarify' && question.trim()
      ? await import('./llm/model-calls')
      : undefined;
  const llm = model && request.llm ? model.createLlm(request.llm) : undefined;
  const mappedQuery = llm
    ? await model?.mapQuestionWithLlm(llm, question, {
        today: request.today,
        entities: catalog.entities,
        objectives: objectivesOf(catalog.objectiveByCampaign),
        history,
      })
    : undefined;
  if (!llm || !mappedQuery) {
    const message = withStatedQuestion(ctx, plan, await composePlan(ctx, plan, question));
    return { plan, message, queries: ctx.queries, evidence: ctx.evidence.entries };
  }
  const message = await phrased(llm, ctx, await composeCustomQuery(ctx, mappedQuery));
  return { plan, message, queries: ctx.queries, evidence: ctx.evidence.entries, mappedQuery };
}

function objectivesOf(byCampaign: Map<string, string | null>): string[] {
  return [...new Set([...byCampaign.values()].filter((value): value is string => Boolean(value)))].sort();
}

/**
 * The reasoning in the model's words when its text carries only numbers the engine computed.
 * The evidence stays as recorded: the checked text's numbers are a subset of it.
 */
async function phrased(llm: Llm, ctx: ComposeContext, message: AssistantMessage): Promise<AssistantMessage> {
  const reasoning = message.reasoning;
  if (reasoning.type !== 'text' || !reasoning.content) return message;
  const facts = ctx.evidence.entries.map((entry) => ({ label: entry.derivation.kind, value: entry.shown }));
  const { phraseReasoning } = await import('./llm/model-calls');
  const content = await phraseReasoning(llm, facts, reasoning.content);
  return content === reasoning.content ? message : { ...message, reasoning: { ...reasoning, content } };
}

/** An earlier ranking's labels in order, re-run over the same scope: what "the second one" points at. */
async function rankedLabels(
  request: AnalystRequest,
  catalog: Catalog,
  plan: Extract<Plan, { kind: 'ranking' | 'segment' }>,
): Promise<string[]> {
  if (plan.kind === 'segment')
    return rankedSegmentValues(
      (query) =>
        executeQuery(request.db, request.scope, query, { currencyByAccount: catalog.currencyByAccount }),
      plan,
    );
  const result = await executeQuery(
    request.db,
    request.scope,
    {
      metrics: [plan.metric],
      dimensions: [plan.level],
      filters: plan.filters,
      time: { range: plan.range },
      ...rankingCut(plan),
    },
    { currencyByAccount: catalog.currencyByAccount },
  );
  return result.rows.map((row) => String(row[plan.level] ?? ''));
}

import { generateText, tool } from 'ai';
import { addDays } from '../dates';
import { isValidDay } from '../dates/calendar';
import { dimensions, isSegmentDimension, type SegmentDimension, segmentDimensions } from '../dimensions';
import { metricKeys, metrics } from '../metrics';
import type { CatalogEntity } from '../parse/entities';
import {
  type AnalyticsQuery,
  type AnalyticsQueryInput,
  analyticsQuerySchema,
  entityDimensions,
  timeGrains,
} from '../query';
import { callSettings, type Llm } from './client';

export interface MapContext {
  /** The account's current date, YYYY-MM-DD. */
  today: string;
  /** Only what the caller may see: the catalog of the accounts in scope. */
  entities: Pick<CatalogEntity, 'level' | 'id' | 'name'>[];
  /** Campaign objectives present in scope (OUTCOME_SALES, ...), the only valid objective filters. */
  objectives: string[];
  /** The conversation's earlier user questions, oldest first: a follow-up leans on them. */
  history?: readonly string[];
}

// A long catalog would crowd out the question; accounts and campaigns come first, so the cut
// falls on ads, which a question rarely names.
const MAX_CATALOG_LINES = 300;
const TOOL_NAME = 'run_analytics_query';
// A follow-up leans on the last few questions; older ones only add noise and tokens.
const MAX_HISTORY_QUESTIONS = 10;

function systemPrompt(context: MapContext): string {
  const metricLines = metricKeys.map((key) => `- ${key}: ${metrics[key].label} (${metrics[key].formula})`);
  const catalog = context.entities
    .slice(0, MAX_CATALOG_LINES)
    .map((entity) => `- ${entity.level} ${JSON.stringify(entity.name)}: id ${entity.id}`);
  const yesterday = addDays(context.today, -1);
  return [
    'You map a marketer’s question about Meta Ads to one call of the tool run_analytics_query.',
    'Never answer with numbers yourself. If the question cannot be expressed with the tool, do not call it.',
    '',
    'Metrics (use these keys only):',
    ...metricLines,
    '',
    `Dimensions: ${entityDimensions.join(', ')} (entities) and ${timeGrains.join(', ')} (time; or set time.grain).`,
    '',
    'Segments (dimensions and filters; filter values are Meta’s codes):',
    ...segmentLines(),
    'Meta reports each breakdown on its own and per ad set: age with gender is one breakdown, and',
    'country, placement (or platform) and device are each another. Never combine two breakdowns in one',
    'query (no age with country, no device filter on a placement split), and never a breakdown with',
    'the ad dimension, an ad filter or format. Format reads the ads’ creative type and combines with',
    'entities only. "Share of spend by X" is spend with dimension X.',
    '',
    `Dates: today is ${context.today}; data ends yesterday (${yesterday}). Ranges are inclusive YYYY-MM-DD.`,
    `"Last N days" is start = today minus N days, end = yesterday (last 7 days: ${addDays(context.today, -7)} to ${yesterday}).`,
    `With no period named, use the last 30 days (${addDays(context.today, -30)} to ${yesterday}).`,
    'For a comparison, put the earlier period in time.compare.',
    'A question may follow up on earlier questions of the same conversation ("and last month?", "by ad set"):',
    'then keep what it does not change (metrics, period, filters) from the most recent earlier question.',
    '',
    'Filters with op in (the default) or not_in take ids from this list, never names; op contains or',
    'not_contains matches part of a name instead ("campaigns with Summer in the name").',
    'Leave filters empty to cover every account.',
    'To keep only the groups past a threshold ("ad sets with ROAS above 2"), use having.',
    `Objective filters take one of: ${context.objectives.join(', ') || '(none)'}.`,
    ...catalog,
  ].join('\n');
}

/** The question alone, or preceded by the earlier questions it may follow up on. */
function userPrompt(question: string, history: readonly string[]): string {
  const earlier = history.slice(-MAX_HISTORY_QUESTIONS);
  if (earlier.length === 0) return question;
  return [
    'Earlier questions in this conversation, oldest first:',
    ...earlier.map((previous) => `- ${JSON.stringify(previous)}`),
    '',
    `Question: ${question}`,
  ].join('\n');
}

/**
 * Asks the model to turn a question the parser could not read into an AnalyticsQuery. The tool's
 * input schema is the executor's own, and the result is checked again here, so the model can only
 * choose among queries the deterministic engine would also run. Any failure returns undefined.
 */
export async function mapQuestionWithLlm(
  llm: Llm,
  question: string,
  context: MapContext,
): Promise<AnalyticsQueryInput | undefined> {
  try {
    const result = await generateText({
      ...callSettings(llm),
      system: systemPrompt(context),
      prompt: userPrompt(question, context.history ?? []),
      tools: {
        [TOOL_NAME]: tool({
          description: 'Runs one query over the caller’s daily Meta Ads rows.',
          inputSchema: analyticsQuerySchema,
        }),
      },
      toolChoice: 'auto',
      temperature: 0,
    });
    const call = result.toolCalls.find((candidate) => candidate.toolName === TOOL_NAME);
    if (!call || call.invalid) return undefined;
    const parsed = analyticsQuerySchema.safeParse(call.input);
    if (!parsed.success) return undefined;
    return withinCatalog(parsed.data, context);
  } catch {
    // Timeouts, HTTP errors and malformed replies all mean: keep the deterministic answer.
    return undefined;
  }
}

/**
 * Rejects a query whose dates are not calendar days or whose filters name anything outside the
 * catalog. Dropping an unknown filter value would widen the question, so the whole query goes.
 */
function withinCatalog(query: AnalyticsQuery, context: MapContext): AnalyticsQuery | undefined {
  const ranges = [query.time.range, ...(query.time.compare ? [query.time.compare] : [])];
  if (!ranges.every((range) => isValidDay(range.start) && isValidDay(range.end))) return undefined;
  for (const filter of query.filters) {
    // Name fragments are free text: they only ever match names inside the caller's scope.
    if (filter.op === 'contains' || filter.op === 'not_contains') continue;
    if (isSegmentDimension(filter.dimension)) {
      if (!filter.values.every((value) => isSegmentValue(filter.dimension as SegmentDimension, value)))
        return undefined;
      continue;
    }
    const known =
      filter.dimension === 'objective'
        ? new Set(context.objectives)
        : new Set(context.entities.filter((e) => e.level === filter.dimension).map((e) => e.id));
    if (!filter.values.every((value) => known.has(value))) return undefined;
  }
  return query;
}

/** Values a segment filter may take: Meta's codes, which the registry lists where they are few. */
const SEGMENT_VALUES: Partial<Record<SegmentDimension, readonly string[]>> = {
  age: ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'Unknown'],
  gender: ['female', 'male', 'unknown'],
};

function knownValues(dimension: SegmentDimension): readonly string[] {
  return SEGMENT_VALUES[dimension] ?? Object.keys(dimensions[dimension].valueLabels ?? {});
}

function isSegmentValue(dimension: SegmentDimension, value: string): boolean {
  if (dimension === 'country') return /^[A-Z]{2}$/.test(value);
  // A placement Meta adds later still names a known platform: "instagram|instagram_profile_reels".
  if (dimension === 'placement') {
    const [platform, position] = value.split('|');
    return Boolean(position) && knownValues('publisher_platform').includes(platform ?? '');
  }
  return knownValues(dimension).includes(value);
}

function segmentLines(): string[] {
  return segmentDimensions.map((key) => {
    const values =
      key === 'country'
        ? 'ISO 3166 two-letter codes (US, GB for the UK, CA, AU, DE…)'
        : key === 'placement'
          ? `"platform|position": ${knownValues(key).join(', ')}; rows carry publisher_platform and platform_position`
          : knownValues(key).join(', ');
    const note = key === 'format' ? ' (SHARE is Meta’s type for link ads and carousels alike)' : '';
    return `- ${key} (${dimensions[key].label.one}): ${values}${note}`;
  });
}

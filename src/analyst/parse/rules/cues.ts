import { objectiveGroups } from '../../objectives';
import type { AdviceAction } from '../plan';

/**
 * The grammar's rule tables: each row is a cue (a pattern over the normalised question) and what it
 * means. The reader scans them in order; a cue claims the words it matched so no later rule reads
 * them again.
 */
export interface Cue<T> {
  pattern: RegExp;
  value: T;
}

// A space in a cue matches any run of spaces: words claimed by earlier rules leave blanks behind.
const cue = <T>(source: string, value: T): Cue<T> => ({
  pattern: new RegExp(`(?<![a-z0-9])(?:${source.replace(/ /g, '\\s+')})(?![a-z0-9])`, 'g'),
  value,
});

/** Every plain word the cue tables are written in: typo correction must not turn one into another. */
export function cueWords(): Set<string> {
  const out = new Set<string>();
  for (const table of [intentCues, directionCues, grainCues, pickCues, objectiveCues] as Cue<unknown>[][])
    for (const { pattern } of table)
      for (const word of pattern.source.match(/[a-z]{4,}/g) ?? []) out.add(word);
  return out;
}

export type Intent =
  | { kind: 'why' }
  | { kind: 'fatigue' }
  | { kind: 'overview' }
  | { kind: 'anomalies' }
  /** "Where does my funnel leak?": the steps from click to purchase (or a video from play to end). */
  | { kind: 'funnel'; funnel: 'conversion' | 'video' }
  | { kind: 'advice'; action: AdviceAction };

// Who or what "how is ... doing" asks about; intents read before levels, so "my ads" is claimed here.
const SUBJECT =
  'i|we|it|things|everything|stuff|results|(?:the |our |my )?(?:account|accounts|ads|campaigns|ad sets|creatives|performance|numbers)';

/** Intent cues, first match wins. Advice before why: "how do I bring my CPA down" asks for action. */
export const intentCues: Cue<Intent>[] = [
  cue(
    '(?:should|to|must|need to|needs to|ought to) be (?:paused|turned off|switched off|shut off|stopped|killed)|(?:switch|turn|shut) (?:it |them )?off|kill|pause|stop(?: running| spending on)?|cut (?:off )?(?:first)?|get less money|less money|cut (?:the )?budget|reduce (?:the )?budget|defund|save (?:money|budget|cash)|wast(?:e|ed|ing)(?: (?:money|budget|spend|cash))?|cut costs?|money pits?',
    { kind: 'advice', action: 'pause' },
  ),
  cue(
    'scale|put more money (?:behind|into|on)|(?:more|extra|additional) (?:money|budget)|extra \\$?\\d+k?(?: to spend)?|increase (?:the )?budget|double down|give more budget|gets? (?:it|the money|more)|deserves? more(?: money| budget| spend)?|invest more',
    { kind: 'advice', action: 'scale' },
  ),
  cue(
    '(?:move|shift|reallocate|rebalance|redistribute) (?:the |my |our )?(?:budget|spend|money)|budget (?:re)?allocation|where should (?:the )?(?:budget|money) go',
    { kind: 'advice', action: 'move' },
  ),
  cue(
    'quick wins?|top priorit(?:y|ies)|what should i (?:do|focus on|fix|change)|what to (?:do|fix)|bring (?:my |our |the )?\\w+ down|lower (?:my |our )?(?:cpa|cpc|cpm|costs?)|improve (?:my |our )?(?:roas|cpa|ctr|results|performance)|recommendations?|any advice|suggestions?|what do you (?:suggest|recommend)|what would you (?:do|change|fix)|do about it',
    { kind: 'advice', action: 'priority' },
  ),
  cue('rule check|list them|flag', { kind: 'advice', action: 'rule' }),
  cue(
    'fatigue[ds]?|fatiguing|wearing out|worn out|burn(?:ed|t)? out|burning out|getting stale|gone stale|stale|tired|refresh(?:ed|ing)?|replace|swap out|(?:frequency|freq) (?:keeps )?(?:climbing|rising|going up)',
    { kind: 'fatigue' },
  ),
  cue(
    "why|what(?:'s| is|s) behind|what (?:caused|drove|happened|explains)|reasons?|explain|cause[ds]?|where is it coming from|coming from|dragging (?:it|them|us)? ?down|what changed|root cause|driving (?:it|this|that)",
    { kind: 'why' },
  ),
  // "How was last week?": the period is cut out first, so the question can end right after its verb.
  cue(
    `how(?:'s| is| are| was| were| did| do| does| has| have| am)(?: (?:${SUBJECT}))?(?: been)?(?: (?:doing|going|performing|looking|holding up|do|go|look|perform|turn out|turning out)|\\s*$)|overview|summary|summari[sz]e|recap|snapshot|kpis?|health ?check|state of (?:the )?(?:account|ads|play)|at a glance|big picture|in numbers`,
    { kind: 'overview' },
  ),
  cue(
    'anomal\\w*|unusual|outliers?|spikes?|spiking|weird|strange|odd|abnormal|out of the ordinary|irregular\\w*|red flags?|anything off|stood out|surprises?|surprising',
    { kind: 'anomalies' },
  ),
];

/** Which way a ranking goes: "good"/"bad" depend on the metric, "high"/"low" do not. */
export type Direction = 'good' | 'bad' | 'high' | 'low';

export const directionCues: Cue<Direction>[] = [
  cue(
    'least (?:efficient|profitable|effective)|(?:worst|weakest|poorest|bottom|underperform\\w*|losers?|lagging|laggards?|lost the most money|losing (?:the most )?money|money pits?|drag\\w*)',
    'bad',
  ),
  cue(
    'most (?:efficient|profitable|effective)|best|top|strongest|leading|winners?|winning|outperform\\w*|better|stars?|standouts?',
    'good',
  ),
  cue(
    'cheapest|cheaper|least expensive|lowest|least|fewest|smallest|min(?:imum)?|from cheapest|ascending',
    'low',
  ),
  cue(
    'highest|most expensive|priciest|pricier|most|biggest|largest|greatest|max(?:imum)?|highest first|biggest first|descending|peak|record',
    'high',
  ),
];

export type ShapeGrain = 'day' | 'week' | 'month' | 'quarter' | 'weekday';
/** A trend asks for a series without naming its grain: days, or weeks over a long range. */
export type GrainCue = ShapeGrain | 'trend';

/** Grouping by time. Weekday first, so "day of the week" is not read as "day". */
export const grainCues: Cue<GrainCue>[] = [
  cue(
    '(?:by |per |each |every )?day of (?:the )?week|weekdays?|days of (?:the )?week|by week ?day|which day of (?:the )?week',
    'weekday',
  ),
  cue(
    'daily|per day|by day|each day|every day|day by day|day over day|day-by-day|for each day|a day|dod',
    'day',
  ),
  cue(
    'weekly|per week|by week|each week|every week|week by week|week-by-week|broken out weekly|a week',
    'week',
  ),
  cue('monthly|per month|by month|each month|every month|month by month|month-by-month|a month', 'month'),
  cue('quarterly|per quarter|by quarter|each quarter|quarter by quarter', 'quarter'),
  cue(
    'trend|trends|trending|trendline|over time|plot|chart|graph|timeline|evolution|evolve[ds]?|progression',
    'trend',
  ),
];

/** "Best day", "which week", "when did we spend the most": one time group singled out. */
export const pickCues: Cue<ShapeGrain>[] = [
  cue(
    '(?:on )?(?:which|what) (?:single )?day(?! of)|(?:best|worst|highest|lowest|top|biggest|cheapest|priciest|peak|record|strongest|weakest)(?: \\w+)? day(?: ever)?|day (?:with|had) the',
    'day',
  ),
  cue(
    '(?:which|what) week|(?:best|worst|highest|lowest|top|biggest|cheapest|peak|record|strongest|weakest)(?: \\w+)? week',
    'week',
  ),
  cue(
    '(?:which|what) month|(?:best|worst|highest|lowest|top|biggest|cheapest|peak|record|strongest|weakest)(?: \\w+)? month',
    'month',
  ),
  cue(
    'when did (?:we|i)|when (?:was|were|is|did)(?= (?:the |our |my |it |they )?(?:highest|lowest|best|worst|cheapest|priciest|biggest|most|least|peak)\\b)',
    'day',
  ),
];

/** Meta objectives by the words marketers use for them. */
export const objectiveCues: Cue<readonly string[]>[] = [
  cue('sales|purchase|conversions?|catalog|shopping|ecom(?:merce)?', objectiveGroups.sales),
  cue('lead gen(?:eration)?|lead-gen|leadgen|leads?', objectiveGroups.leads),
  cue('traffic|link clicks?', objectiveGroups.traffic),
  cue('brand awareness|awareness|brand|reach', objectiveGroups.awareness),
  cue('engagement', objectiveGroups.engagement),
  cue('app(?: install)?s?|app promotion', objectiveGroups.app),
];

import type { MetricKey } from '../../metrics';
import type { EntityDimension } from '../../query';
import type { Filters } from '../plan';
import { findTerms } from '../vocabulary';

/** Which funnel a question walks: the click to the purchase or lead, or a video from play to end. */
export type FunnelKind = 'conversion' | 'video';

export interface FunnelWords {
  funnel?: FunnelKind;
  /** "video ads" next to a video metric: the creative format, not ads named "Video …". */
  filters: Filters;
  /** "which video hooked best": the question ranks ads. */
  level?: EntityDimension;
  /** [start, end) spans of the text these words claimed. */
  spans: [number, number][];
}

// Claimed words may already be blanked out, so a space matches any run of spaces.
const pattern = (source: string, flags = 'g') =>
  new RegExp(`(?<![a-z0-9])(?:${source.replace(/ /g, '\\s+')})(?![a-z0-9])`, flags);

/**
 * "Top of funnel campaigns", "full-funnel", "upper funnel": a stage of the marketing funnel that
 * names campaigns, not the steps from click to purchase.
 */
const stageBefore = /(?:top|middle|mid|bottom|upper|lower|full|tof|mof|bof)(?:\s+of)?(?:\s+the)?\s*$/;
const stageAfter = /^\s+(?:campaigns?|ad ?sets?|adsets?|audiences?|ads|creatives?)\b/;

const videoFunnel = pattern(
  'video (?:funnel|retention|drop ?offs?|completions? rates?|quartiles?)|(?:audience|viewer) retention|(?:video )?quartile (?:views|plays|report)|how far (?:do |did |are |were )?(?:people|viewers|they|users) (?:watch\\w*|get\\w*)|(?:where|when) (?:do |did |are |were )?(?:people|viewers|they|users) (?:stop|drop off|dropping off|stopping|quit|quitting) (?:watch\\w*|viewing)|(?:people|viewers) (?:stop|drop off) watching',
);
/** "completion rate" alone is a video's, unless a form or a checkout comes first. */
const completion = pattern('completions? rates?|completions? percentages?');
const notVideoCompletion = /(?:form|lead form|signup|sign up|registration|checkout|course|survey)\s*$/;

const funnelWord = pattern(
  '(?:conversion |sales |purchase |purchasing |checkout |shopping |ecommerce |ecom |marketing |website |site |lead |leads |lead gen |customer )?(?:funnels?|funels?|funnle|funnell)',
);
const funnelPhrases = pattern(
  [
    'cart abandonment(?: rates?)?',
    'checkout abandonment(?: rates?)?',
    'abandoned (?:carts?|checkouts?)',
    'abandon(?:ed|ing|s)? (?:their |the |a )?(?:carts?|checkouts?)',
    '(?:add to cart|atc|checkout|landing page view|landing page|lpv|content view|cart to purchase|cart to checkout|checkout to purchase|click to purchase|click to lead|click to landing page) (?:conversion )?rates?',
    '(?:conversion|customer|buyer|purchase) (?:path|journey)',
    'path to (?:purchase|conversion)',
    'drop ?off (?:rates?|points?)',
    '(?:the |a |biggest |largest |worst )?drop ?offs?(?= (?:between|from|in|at))',
    '(?:where|which step|what step|at what (?:point|step)|at which (?:point|step)) (?:do|did|are|were|is|does) (?:people|users?|visitors?|customers?|shoppers?|buyers?|folks|we|they|clicks?|traffic) (?:drop\\w* off|fall\\w* off|bail\\w*|leav\\w*|los\\w*|abandon\\w*|leak\\w*)',
    'from (?:the )?(?:link )?click to (?:the )?(?:purchase|sale|order|lead)',
  ].join('|'),
);
/** "What share of adds to cart become purchases": one step turning into the next. */
const becomes = pattern(
  'become|becomes|became|turn into|turns into|turned into|convert (?:in)?to|converts (?:in)?to|converted (?:in)?to|make it to|made it to|go on to|went on to|end up as|ended up as|lead to|led to',
);
const STEPS = new Set<MetricKey>([
  'impressions',
  'clicks',
  'link_clicks',
  'landing_page_views',
  'content_views',
  'adds_to_cart',
  'checkouts_initiated',
  'purchases',
  'leads',
  'conversions',
]);

/** Words that only say how to walk the funnel ("walk me through", "where does it leak"). */
const walkWords = pattern(
  'rates?|percent(?:age)?|share|proportion|portion|fraction|walk(?:ing)? (?:me |us )?through|take (?:me |us )?through|run (?:me |us )?through|talk (?:me |us )?through|step by step|each step|every step|all (?:the )?steps|steps?|stages?|leak\\w*|drop\\w* off|drop ?offs?|drop\\w*|biggest|largest|worst|where|happen\\w*|los(?:e|ing|t) (?:people|customers|users|visitors|buyers|shoppers|them|most)?|people|visitors?|shoppers?|customers?|users?|buyers?|conversion|journey|look like|looks like|looking like',
);

/** Video metrics: next to one, "video ads" and "our videos" are ads whose creative is a video. */
const VIDEO_METRICS = new Set<MetricKey>([
  'video_views_3s',
  'thruplays',
  'video_p25',
  'video_p50',
  'video_p75',
  'video_p95',
  'video_p100',
  'hook_rate',
  'hold_rate',
  'cost_per_thruplay',
]);
const videoWord = pattern('videos?');
const rankedBefore = /(?:which|what)\s+(?:single\s+)?$/;
const levelAfter = /^\s+(?:ads?|creatives?|campaigns?|ad ?sets?|adsets?)(?![a-z0-9])/;
/** "checkout my best campaigns" is "check out", not a count of checkouts. */
const checkOutVerb = pattern(
  'check(?:\\s+)?out(?= (?:my|the|our|these|this|how|which|what|all|your)(?![a-z0-9]))',
);

const VIDEO_FILTER: Filters[number] = { dimension: 'format', op: 'in', values: ['VIDEO'] };

/**
 * The funnel words of a question: a funnel asked for ("where does my funnel leak", "cart
 * abandonment", "video retention"), and "video ads" read as the creative format where the question
 * asks about video metrics. Runs before names and metric words are read.
 */
export function readFunnelWords(text: string): FunnelWords {
  const out: FunnelWords = { filters: [], spans: [] };
  const claim = (match: RegExpMatchArray) => {
    const at = match.index ?? 0;
    if (out.spans.some(([a, b]) => at < b && a < at + match[0].length)) return false;
    out.spans.push([at, at + match[0].length]);
    return true;
  };
  for (const match of text.matchAll(checkOutVerb)) claim(match);

  for (const match of text.matchAll(videoFunnel)) if (claim(match)) out.funnel = 'video';
  for (const match of text.matchAll(completion)) {
    if (notVideoCompletion.test(text.slice(Math.max(0, (match.index ?? 0) - 30), match.index))) continue;
    if (claim(match)) out.funnel = 'video';
  }
  if (!out.funnel) {
    for (const match of text.matchAll(funnelWord)) {
      const at = match.index ?? 0;
      const before = text.slice(Math.max(0, at - 30), at);
      if (stageBefore.test(before) || stageAfter.test(text.slice(at + match[0].length))) continue;
      if (claim(match))
        out.funnel = /(?<![a-z])video(?![a-z])/.test(text.slice(Math.max(0, at - 12), at))
          ? 'video'
          : 'conversion';
    }
    for (const match of text.matchAll(funnelPhrases)) if (claim(match)) out.funnel ??= 'conversion';
    const steps = new Set(
      findTerms(text).flatMap((term) =>
        term.value.kind === 'metric' && STEPS.has(term.value.metric) ? [term.value.metric] : [],
      ),
    );
    if (!out.funnel && steps.size >= 2)
      for (const match of text.matchAll(becomes)) if (claim(match)) out.funnel = 'conversion';
  }
  if (out.funnel) for (const match of text.matchAll(walkWords)) claim(match);

  const terms = findTerms(text).filter((term) => term.value.kind === 'metric');
  const asksVideo =
    out.funnel === 'video' ||
    terms.some((term) => term.value.kind === 'metric' && VIDEO_METRICS.has(term.value.metric));
  if (!asksVideo) return out;
  let found = false;
  for (const match of text.matchAll(videoWord)) {
    const at = match.index ?? 0;
    const end = at + match[0].length;
    // "video views", "video hold rate": the word belongs to the metric's own name.
    if (terms.some((term) => at < term.index + term.length && term.index < end)) continue;
    if (!claim(match)) continue;
    found = true;
    if (rankedBefore.test(text.slice(Math.max(0, at - 20), at)) && !levelAfter.test(text.slice(end)))
      out.level = 'ad';
  }
  if (found) out.filters.push(VIDEO_FILTER);
  return out;
}

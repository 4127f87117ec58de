import { type CueSpec, type CueTable, compileCues } from './cues';
import { SUGGEST, tailored } from './suggestions';

/** Asked next to a status ("paused or in learning"), the status part is answered and this named. */
export const LEARNING_PHASE =
  "ARLO doesn't know which campaigns or ad sets are in Meta's learning phase: it reads their status, budgets and bidding, but Meta's learning status isn't synced.";

/**
 * Settings ARLO still does not read. Status, budgets, bid strategy, optimization goal and ads'
 * copy are synced and answered; these are not: Meta's learning phase, audiences and targeting,
 * frequency caps, relevance diagnostics, destinations, attribution, and spending limits.
 */
const specs: CueSpec[] = [
  {
    cue: '(?:in|stuck in|exited|exit|exiting|out of|leaving|still in|left|leave) (?:the )?learning(?: phase| stage| limited)?|learning (?:phase|stage|limited)',
    thing: 'learning phase',
    message: LEARNING_PHASE,
    suggestions: ['Which campaigns are paused?', 'Which ad sets had the lowest CPA last week?'],
  },
  {
    cue: 'spend(?:ing)? (?:limits?|caps?)|account (?:spending )?limits?',
    thing: 'spending limit',
    notBefore: 'daily|lifetime',
    message:
      "ARLO doesn't have campaign spend caps or account spending limits: it reads campaign and ad set budgets, not those limits.",
    suggestions: ['What are my campaign budgets?', 'Are my campaigns pacing against their budgets?'],
  },
  {
    cue: 'optimi[sz]ation (?:events?|settings?) for attribution|conversion events?|conversion locations?|attribution (?:settings?|windows?|models?|spec)|(?:click|view)[- ]through windows?',
    thing: 'attribution settings',
    message:
      "ARLO doesn't have ad sets' attribution settings or conversion events: it reads their optimization goal, and counts results with Meta's default attribution.",
    suggestions: SUGGEST.settings,
  },
  {
    cue: 'audience sizes?|size of (?:my|the|our|each|this|that) audiences?|how (?:big|large) (?:is|are) (?:my|the|our|this|that) audiences?|potential reach|estimated (?:audience|reach)|how (?:many|much) people (?:can|could) (?:i|we|it|they) reach',
    thing: 'audience size',
    message:
      "ARLO doesn't have audience sizes yet: it syncs results per ad set, not targeting. It can show how many people your ads reached.",
    suggestions: [
      'What was my reach last month?',
      'Which ad sets had the lowest CPA last month?',
      'What was my frequency last week?',
    ],
  },
  {
    cue: "targeting (?:settings?|options?|criteria|details?)|(?:what|which|whose) targeting|(?:what|who|which) (?:am i|are we|is it|are they) targeting|(?:who|what audiences?|which audiences?|which people)(?: [a-z']+){0,6} (?:does|do|is|are) (?:it|they|the campaign|the ad set|this|that)? ?(?:targets?|retargets?|targeting|retargeting)|interests? targeting|(?:what|which) interests|who am i targeting|targeted interests|lookalike (?:percentages?|sizes?|sources?|settings?)|custom audiences? (?:sources?|definitions?|rules?)",
    thing: 'targeting',
    message:
      "ARLO doesn't have ad sets' targeting yet: it syncs results per ad set, not who each one targets.",
    suggestions: SUGGEST.segments,
  },
  {
    cue: 'frequency caps?|frequency capping|frequency limits?',
    thing: 'frequency cap',
    message:
      "ARLO doesn't have frequency caps yet: it syncs results, not delivery settings. It can show how often people saw your ads.",
    suggestions: [
      'What was my frequency last week?',
      'Which ad sets had the highest frequency last month?',
      'Which creatives need a refresh?',
    ],
  },
  {
    cue: 'quality rankings?|quality scores?|relevance scores?|engagement rate rankings?|conversion rate rankings?|ad relevance|relevance diagnostics',
    thing: 'ad relevance diagnostics',
    message:
      "ARLO doesn't have Meta's ad relevance diagnostics (quality, engagement and conversion rankings) yet.",
    suggestions: SUGGEST.creative,
  },
  {
    cue: 'landing pages?|destination urls?|final urls?|web ?site urls?|urls?|utms?|utm (?:parameters|tags|codes)|(?:where|which page) (?:does|do) (?:it|they|the ads?|this ad|that ad) (?:link|point|go|send)',
    thing: 'landing page',
    notAfter: 'views?|visits?|view rate',
    message:
      "ARLO doesn't have ads' landing pages or URLs yet: it reads each ad's copy, call to action and thumbnail, not where it links to.",
    suggestions: SUGGEST.creative,
  },
];

const cues = compileCues(specs);

export const settingsTable: CueTable = {
  kind: 'object',
  cues,
  explain(hits, text) {
    const cue = (hits[0] as (typeof hits)[number]).cue;
    return { message: cue.message ?? '', suggestions: tailored(cue.suggestions ?? SUGGEST.settings, text) };
  },
};

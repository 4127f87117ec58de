import { type CueSpec, type CueTable, compileCues } from './cues';
import { SUGGEST, tailored } from './suggestions';

const SETTINGS_NOT_SYNCED = 'it syncs results, not campaign settings';

/** "move budget", "shift budget": advice about where to spend, which ARLO answers from spend. */
const BUDGET_ADVICE =
  '(?:move|moving|shift|shifting|realloc\\w*|allocat\\w*|put|putting|spend|spent|cut|scale|more|less|extra)(?: (?:the|my|our|some|more|less|that|this|of|extra)){0,2}';

/** Campaign, ad set and ad settings and creative contents; ARLO stores names and daily results only. */
const specs: CueSpec[] = [
  {
    cue: "(?:daily|lifetime|campaign|ad ?set|adset|remaining|monthly|weekly|total|current|planned|allocated) budgets?|budgets? (?:of|set|left|remaining|caps?|limits?|pacing|settings?|amounts?|levels?|is set|are set|is|are|was|were)|(?:what|how much)(?:'s|s| is| was| are| were) (?:my|the|our|its|their|this|that|each)(?: [a-z0-9']+){0,3} budgets?|budget (?:for|on) (?:campaign|ad set|adset|each|every|the|this|that|my|our)|cbo|abo|campaign budget optimi[sz]ation|(?:over|under|on) budget|budget (?:limited|constrained|capped|utili[sz]ation)|spend(?:ing)? limits?",
    thing: 'budget',
    notBefore: BUDGET_ADVICE,
    notAfter: 'spent|spend|used|consumed|reallocation|went',
    message: `ARLO doesn't have campaign or ad set budgets yet: ${SETTINGS_NOT_SYNCED}, so it knows what was spent but not what was budgeted.`,
    suggestions: SUGGEST.settings,
  },
  {
    cue: "paused|unpaused|inactive|deactivated|disabled|archived|(?:active|live|enabled) (?:ads?|campaigns?|ad ?sets?|adsets?|creatives?)|(?:ads?|campaigns?|ad ?sets?|adsets?|creatives?)(?: that| which)? (?:are|is|were|was) (?:currently |still |now )?(?:active|running|live|paused|off|enabled|disabled|delivering|in review|rejected|disapproved)|(?:currently|still) (?:running|live|active|delivering)|running (?:right )?now|(?:in|stuck in|exited|exit|out of|leaving|still in|left) (?:the )?learning(?: phase| stage)?|learning (?:phase|stage|limited)|delivery (?:status|issues?|problems?)|(?:not|under|isn't|stopped|aren't) delivering|underdelivering|no delivery|turned (?:off|on)|switched (?:off|on)|(?:rejected|disapproved) (?:ads?|campaigns?|creatives?)|(?:in|under|pending) review|ad (?:rejections?|disapprovals?)|(?:campaign|ad ?set|adset|ad|delivery|effective) status(?:es)?|status(?:es)? of (?:my|the|our|each|all|every)|(?:what|which) status",
    thing: 'status',
    message: `ARLO doesn't know which campaigns or ads are active, paused or in learning yet: ${SETTINGS_NOT_SYNCED} such as delivery status.`,
    suggestions: [
      'Which ads spent the most in the last 7 days?',
      'Which campaigns had the lowest CPA last week?',
      'Show my daily spend over the last 14 days',
    ],
  },
  {
    cue: 'bid(?:ding)? strateg(?:y|ies)|bid caps?|cost caps?|bid amounts?|bid limits?|bids?|bidding|lowest cost strategy|roas (?:goal|floor|target)s?|target (?:cpa|cost)',
    thing: 'bid strategy',
    message: `ARLO doesn't have bid strategies, bid caps or cost caps yet: ${SETTINGS_NOT_SYNCED}.`,
    suggestions: [
      'Which campaigns had the lowest CPA last month?',
      'Why did CPA go up last week?',
      'Show my weekly CPC over the last 3 months',
    ],
  },
  {
    cue: 'optimi[sz]ation (?:goals?|events?|settings?)|optimi[sz](?:ed|ing) for|performance goals?|conversion events?|conversion locations?|attribution (?:settings?|windows?|models?)',
    thing: 'optimization goal',
    message: `ARLO doesn't have ad sets' optimization goals or attribution settings yet: ${SETTINGS_NOT_SYNCED}.`,
    suggestions: SUGGEST.settings,
  },
  {
    cue: 'headlines?|primary texts?|ad copy|ad texts?|body (?:copy|texts?)|copy texts?|captions?|ad descriptions?|copywriting|(?:which|what|the|best|top|worst|winning|our|my) copy|copy (?:performs?|works?|converts?|variants?|versions?|angles?)|emojis?',
    thing: 'ad copy',
    message:
      "ARLO doesn't have ads' copy (headlines, primary text) yet: it syncs each ad's name and results, not its text.",
    suggestions: SUGGEST.creative,
  },
  {
    cue: 'call to actions?|cta (?:buttons?|types?|texts?)|ctas|(?:by|which|what|each) cta|(?:shop now|learn more|sign up|book now) buttons?',
    thing: 'call to action',
    message:
      "ARLO doesn't have ads' call-to-action buttons yet: it syncs each ad's name and results, not its settings.",
    suggestions: SUGGEST.creative,
  },
  {
    cue: 'thumbnails?|cover (?:images?|frames?)|video covers?',
    thing: 'thumbnail',
    message: "ARLO doesn't have ads' thumbnails yet: it syncs each ad's name and results, not its images.",
    suggestions: SUGGEST.creative,
  },
  {
    cue: '(?:creative|ad|media|asset) (?:formats?|types?)|(?:by|per|which|what|best|each|every|top|worst) formats?|formats? (?:perform\\w*|work\\w*|convert\\w*|is best|does best|wins?|won)',
    thing: 'creative format',
    message:
      "ARLO doesn't have ads' creative formats yet: it syncs each ad's name and results. If your ad names start with a format (\"Video - …\"), ask about those names.",
    suggestions: SUGGEST.creative,
  },
  {
    cue: 'landing pages?|destination urls?|final urls?|web ?site urls?|urls?|utms?|utm (?:parameters|tags|codes)',
    thing: 'landing page',
    notAfter: 'views?|visits?|view rate',
    message:
      "ARLO doesn't have ads' landing pages or URLs yet: it syncs each ad's name and results, not where it links to.",
    suggestions: SUGGEST.creative,
  },
  {
    cue: 'audience sizes?|size of (?:my|the|our|each|this|that) audiences?|how (?:big|large) (?:is|are) (?:my|the|our|this|that) audiences?|potential reach|estimated (?:audience|reach)',
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
    cue: 'targeting (?:settings?|options?|criteria|details?)|(?:what|who|which) (?:am i|are we|is it|are they) targeting|interests? targeting|(?:what|which) interests|who am i targeting|targeted interests|lookalike (?:percentages?|sizes?|sources?|settings?)',
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

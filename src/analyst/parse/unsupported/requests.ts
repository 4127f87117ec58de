import { type CueSpec, type CueTable, compileCues, ownExplanation } from './cues';
import { SUGGEST } from './suggestions';

/** Changes to campaigns, ad sets and ads. Moving budget is left out: "shift budget" is usually a request for advice. */
const CHANGE =
  'pause|unpause|un pause|resume|turn off|turn on|switch off|switch on|stop|launch|relaunch|restart|duplicate|delete|archive|publish|kill|boost|activate|deactivate|create|set up|setup|build';
/** Verbs that also reshape an answer ("change the campaign to X"), so they only count with a setting. */
const ADJUST =
  'edit|change|update|adjust|increase|raise|lower|decrease|reduce|cut|double|halve|scale up|scale down|scale|set';
const SETTINGS =
  'budgets?|bids?|bid caps?|cost caps?|targeting|placements?|audiences?|schedules?|spend|daily spend';
const MOVE = 'move|shift|reallocate|transfer';
const TARGETS =
  'campaigns?|ad ?sets?|adsets?|ads|ad|creatives?|budgets?|bids?|audiences?|posts?|targeting|placements?|\\$\\d[\\d.]*|\\d[\\d.]*%';
const DETERMINERS =
  'my|the|our|this|that|these|those|all|a|an|new|worst|best|top|bottom|lowest|highest|underperforming|losing|every|each|some|daily|lifetime|campaign|ad set|\\d+';
const POLITE = '(?:please |pls |kindly |ok |okay |now |so |then |also |just )?(?:go ahead and )?';
/** An answer about what to change is advice ARLO gives; these words make a request one. */
const ADVICE = 'should|which|what|whether|recommend\\w*|suggest\\w*|advice|advise|worth|ought';

const WRITE = 'write|rewrite|re write|draft|generate|come up with|brainstorm|design|compose|create|make';
const WRITTEN =
  'ad copy|copy|copies|headlines?|captions?|primary texts?|hooks?|scripts?|taglines?|slogans?|ctas?|descriptions?|e ?mails?|posts?|ad texts?|ads?|creatives?|images?|videos?|banners?|ideas?|concepts?|angles?|variations?|versions?';

const readOnly = {
  kind: 'unavailable' as const,
  thing: 'changing campaigns',
  message:
    "I can't change your campaigns: ARLO has read-only access to your Meta ad accounts, so it can't pause, launch, edit or re-budget anything. It can show what to look at first.",
  suggestions: SUGGEST.actions,
};

/**
 * Requests to do something rather than to report: ARLO is read-only and does not write ads.
 * Checked first, so "increase the budget" is a request, not a question about budgets.
 */
const specs: CueSpec[] = [
  {
    cue: `(?:^|\\.) ?${POLITE}(?:(?:${CHANGE})(?: (?:${DETERMINERS})){0,3} (?:${TARGETS})|(?:${ADJUST})(?: (?:${DETERMINERS})){0,3} (?:${SETTINGS}))`,
    ...readOnly,
  },
  {
    cue: `(?:(?:can|could|would|will) you|please|i want you to|i need you to|i'd like you to|help me|go ahead and) (?:please |pls |also |just |now )?(?:(?:${CHANGE}|${MOVE})(?: [a-z0-9$%.']+){0,4} (?:${TARGETS})|(?:${ADJUST})(?: [a-z0-9$%.']+){0,4} (?:${SETTINGS}))`,
    ...readOnly,
  },
  // "pause Carousel - Bestsellers #102": the name is blanked out before this table is read.
  { cue: `^ ?${POLITE}(?:${CHANGE}) ?$`, ...readOnly },
  {
    cue: '(?:can|could|would|will) you (?:please )?(?:pause|unpause|turn off|turn on|switch off|switch on|stop|launch|duplicate|delete|boost|kill|activate|deactivate|archive) (?:it|them|those|these|that|this)',
    ...readOnly,
  },
  {
    cue: `(?:${CHANGE}|${ADJUST}|${MOVE})(?: [a-z0-9$%.']+){1,8} for me`,
    unless: ADVICE,
    ...readOnly,
  },
  {
    cue: `(?:${WRITE})(?: (?:me|us|a|an|some|new|the|few|better|fresh|more|another|other|\\d+|ad|catchy|good|great|alternative|different)){0,4} (?:${WRITTEN})|(?:${WRITTEN}) (?:ideas|suggestions) for (?:me|my|our)|new (?:ad copy|headlines|hooks|taglines) for`,
    kind: 'off_topic',
    thing: 'writing ads',
    message:
      "I can't write or design ads: ARLO answers questions about your Meta Ads results. It can show which of your existing ads work best.",
    suggestions: SUGGEST.creative,
  },
];

export const requestTable: CueTable = {
  kind: 'unavailable',
  cues: compileCues(specs),
  explain: ownExplanation(SUGGEST.general),
};

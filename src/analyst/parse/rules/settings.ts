/**
 * Questions about campaign, ad set and ad settings: delivery status, budgets and pacing, bid
 * strategy and optimization goal, and ads' copy, call to action and thumbnail. The reader claims
 * the words that ask for a setting (and the filler verbs around them), so the rest of the grammar
 * never reads "daily budget" as a daily series or "running right now" as a period.
 */

export type SettingsTopic = 'status' | 'budget' | 'pacing' | 'bidding' | 'copy' | 'overview';

/** Which delivery statuses a status question lists. */
export type StatusWanted = 'paused' | 'inactive' | 'active' | 'archived' | 'review' | 'disapproved' | 'any';

export type CopyField = 'title' | 'body' | 'call_to_action' | 'thumbnail_url' | 'format';
export type BidField = 'bid_strategy' | 'optimization_goal';

export interface SettingsAsk {
  /** What was asked about, in the order the question names it. */
  topics: SettingsTopic[];
  status: StatusWanted[];
  /** Start and end dates were asked for ("when does it end", "how long has it been running"). */
  schedule: boolean;
  budget?: 'daily' | 'lifetime';
  pace?: 'under' | 'over';
  bid: BidField[];
  /** Bid strategy codes the answer's rows must use ("which campaigns run on a cost cap"). */
  strategies: string[];
  /** Optimization goal codes the rows must use ("ad sets optimizing for reach"). */
  goals: string[];
  copy: CopyField[];
  /** Call-to-action codes the ads must use ("which ads use Shop now"). */
  ctas: string[];
  /** A table of every creative was asked for, rather than one ad's copy. */
  table: boolean;
  /** Things asked for that ARLO does not sync (bid amounts), named in the answer's error section. */
  missing: string[];
}

interface SettingCue {
  source: string;
  /** Text right before the match that gives the words another meaning ("should be paused"). */
  notBefore?: RegExp;
  /** Text right after the match that gives the words another meaning ("budget spent on"). */
  notAfter?: RegExp;
  apply(ask: SettingsAsk, match: string, before: string): void;
}

const B = '(?<![a-z0-9])';
const A = '(?![a-z0-9])';
const POSSESSIVE = '(?:the |my |our |its |their |each |every |this |that |a |an )?';
const BUDGET_KIND = '(?:(?:daily|lifetime|campaign|ad ?set|adset|total|full|whole) )?';

const add = <T>(list: T[], ...values: T[]) => {
  for (const value of values) if (!list.includes(value)) list.push(value);
};
const topic = (ask: SettingsAsk, value: SettingsTopic) => add(ask.topics, value);
/** A cue that asks for objects in a delivery status. */
const asksStatus =
  (status: SettingsAsk['status'][number]) =>
  (ask: SettingsAsk): void => {
    topic(ask, 'status');
    add(ask.status, status);
  };
/** A cue that asks for parts of ads' copy. */
const asksCopy =
  (...fields: SettingsAsk['copy']) =>
  (ask: SettingsAsk): void => {
    topic(ask, 'copy');
    add(ask.copy, ...fields);
  };
const budgetKind = (ask: SettingsAsk, match: string) => {
  if (/daily|dialy|per day|a day|each day|every day/.test(match)) ask.budget = 'daily';
  else if (/lifetime|flight/.test(match)) ask.budget = 'lifetime';
};

// Advice and requests about budgets ("move budget", "more budget", "raise the budget") are not
// questions about what a budget is set to.
const BUDGET_ADVICE =
  /(?:move|moving|shift|shifting|realloc\w*|allocat\w*|put|putting|cut|cutting|scale|scaling|more|less|extra|increase|increasing|raise|raising|reduce|reducing|lower|lowering|double|doubling|halve|give|add|adding|waste|wasting|wasted|save|saving|additional|spare|deserves?|rest of|where)(?: (?:the|my|our|some|more|less|that|this|of|extra|daily|lifetime|campaign|ad set|their|its|to|a|an|bit))*\s*$/;
// "Which ads should be paused": advice about what to pause, not a status list.
const SHOULD =
  /(?:should|to|could|would|must|need to|needs to|worth|recommend\w*|get|getting|which to)(?: (?:i|we|be|get|have|been))*\s*$/;

const STRATEGY_WORDS: [string, string][] = [
  ['cost caps?|cost per result goals?|cost goals?|target cost|average cost bid\\w*', 'COST_CAP'],
  ['bid caps?|bid limits?|manual bid\\w*|max(?:imum)? bids?|capped bid\\w*', 'LOWEST_COST_WITH_BID_CAP'],
  [
    '(?:min(?:imum)? )?roas (?:goals?|bid\\w*|floors?|controls?)|min(?:imum)? roas',
    'LOWEST_COST_WITH_MIN_ROAS',
  ],
  [
    // Plain "lowest cost" is a metric ("lowest cost per lead") unless it follows "on" or "using".
    'lowest cost (?:without|with no|no) (?:a )?(?:bid )?cap|lowest cost(?= (?:bid|bidding|strateg|(?:or|vs|versus) (?:a )?(?:cost|bid|roas|highest)))|(?<=(?:caps?|goals?|volume|bid\\w*) (?:or|vs|versus) )lowest cost|(?<=(?:on|using|uses|use) (?:the |a )?)lowest cost|highest volume|no (?:bid )?cap|uncapped|without (?:a )?(?:bid )?cap|auto(?:matic)? bid\\w*',
    'LOWEST_COST_WITHOUT_CAP',
  ],
];

const GOAL_WORDS: [RegExp, string][] = [
  [/^(?:landing page views?|lpvs?)/, 'LANDING_PAGE_VIEWS'],
  [/^(?:link clicks?|clicks?|traffic)/, 'LINK_CLICKS'],
  [/^(?:purchase value|value|roas)/, 'VALUE'],
  [/^(?:(?:website |offsite |pixel )?conversions?|purchases?|sales)/, 'OFFSITE_CONVERSIONS'],
  [/^(?:leads?|lead gen\w*|lead forms?)/, 'LEAD_GENERATION'],
  [/^(?:reach|unique reach)/, 'REACH'],
  [/^(?:thruplays?|video views?|views)/, 'THRUPLAY'],
  [/^impressions?/, 'IMPRESSIONS'],
  [/^(?:post )?engagement/, 'POST_ENGAGEMENT'],
  [/^app installs?/, 'APP_INSTALLS'],
];
const GOAL_TAIL =
  '(?: (?:landing page views?|lpvs?|link clicks?|clicks?|traffic|purchase value|value|roas|(?:website |offsite |pixel )?conversions?|purchases?|sales|leads?|lead gen\\w*|lead forms?|reach|unique reach|thruplays?|video views?|views|impressions?|(?:post )?engagement|app installs?))?';

const CTA_WORDS: [string, string][] = [
  ['shop now', 'SHOP_NOW'],
  ['learn more', 'LEARN_MORE'],
  ['sign up', 'SIGN_UP'],
  ['book now', 'BOOK_NOW'],
  ['download', 'DOWNLOAD'],
  ['get offer', 'GET_OFFER'],
  ['get quote', 'GET_QUOTE'],
  ['contact us', 'CONTACT_US'],
  ['subscribe', 'SUBSCRIBE'],
  ['apply now', 'APPLY_NOW'],
  ['watch more', 'WATCH_MORE'],
  ['send message', 'SEND_MESSAGE'],
  ['order now', 'ORDER_NOW'],
  ['buy now', 'BUY_NOW'],
];
const CTA_VALUES = CTA_WORDS.map(([words]) => words).join('|');

/** Meta strategy words named after a verb ("run on a cost cap") filter rows; otherwise they ask which. */
const FILTER_LEAD =
  /(?:on|with|use|uses|using|used|have|has|had|run|runs|running|set to|under|via|in|are|is)(?: (?:a|an|the))?\s*$/;

const cues: SettingCue[] = [
  // Pacing first: "spend vs daily budget" compares spend with the budget, it does not list budgets.
  {
    source: `(?:spend|spent|spending) (?:vs\\.?|versus|against|compared (?:to|with)|relative to|of) ${POSSESSIVE}${BUDGET_KIND}budgets?|budgets? (?:vs\\.?|versus|against|compared (?:to|with)) (?:the )?(?:actual )?(?:spend|spent|spending)`,
    apply: (ask, match) => {
      topic(ask, 'pacing');
      budgetKind(ask, match);
    },
  },
  {
    source: `under ?spend\\w*|under ?pac\\w*|under ?deliver\\w*|not (?:hitting|reaching|using|spending) ${POSSESSIVE}${BUDGET_KIND}budgets?|below ${POSSESSIVE}${BUDGET_KIND}budgets?|under budget`,
    apply: (ask, match) => {
      topic(ask, 'pacing');
      ask.pace = 'under';
      budgetKind(ask, match);
    },
  },
  {
    source: `over ?spend\\w*|over ?pac\\w*|over budget|above ${POSSESSIVE}${BUDGET_KIND}budgets?|(?:exceed\\w*|overshoot\\w*|blow\\w* through|going over|went over|go over) ${POSSESSIVE}${BUDGET_KIND}budgets?`,
    apply: (ask, match) => {
      topic(ask, 'pacing');
      ask.pace = 'over';
      budgetKind(ask, match);
    },
  },
  {
    source: `(?:percent|share|how much|what part|what portion|what fraction|what proportion) of ${POSSESSIVE}${BUDGET_KIND}budgets?(?: (?:is|was|has been|have been|got|did|they|it|we))*(?: (?:spent|used|consumed|gone|burn\\w*|left|remaining|use))?`,
    apply: (ask, match) => {
      topic(ask, 'pacing');
      budgetKind(ask, match);
    },
  },
  {
    source: `${BUDGET_KIND}budgets? (?:is |was |has been |have been |got |they |we )?(?:spent|used|consumed|burn\\w*|utili[sz]\\w*|left|remaining|exhausted|used up)|(?:remaining|left ?over|unspent|unused) ${BUDGET_KIND}budgets?|budget (?:consumption|burn(?: ?rate)?)|burn rate|(?:hit|hitting|reach\\w*|max\\w* out|exhaust\\w*|use up|using up) ${POSSESSIVE}(?:full )?${BUDGET_KIND}budgets?|budget(?:-| )?(?:limited|constrained|capped)|limited by ${POSSESSIVE}budgets?`,
    apply: (ask, match) => {
      topic(ask, 'pacing');
      budgetKind(ask, match);
    },
  },
  {
    source: `still (?:to )?spend|left to spend|remaining to spend|(?:spend|spending|spent|using|use|used|hit|hitting) (?:all of |the whole of )?${POSSESSIVE}(?:full |whole |entire )${BUDGET_KIND}budgets?`,
    apply: (ask, match) => {
      topic(ask, 'pacing');
      budgetKind(ask, match);
    },
  },
  {
    source: `pacing|(?:on|off|behind|ahead of) pace|pace (?:of|against|vs|versus|toward|towards) ${POSSESSIVE}${BUDGET_KIND}budgets?|budget pace|on track to (?:spend|hit|use)`,
    apply: (ask) => topic(ask, 'pacing'),
  },
  // Budgets.
  {
    source:
      'campaign budget optimi[sz]ation|advantage(?: plus| ?\\+)? campaign budgets?|cbo|abo|(?:daily|dialy|lifetime|flight) (?:budgets?|spend(?:ing)? limits?)|budget\\w* (?:per|a|each|every) day|budgeted|budgeting|budgets?|budjets?|bugets?|bugdets?|budegts?|budgest?',
    notBefore: BUDGET_ADVICE,
    notAfter: /^\s*(?:(?:re)?allocation|shift\w*|moves?|should|to (?:the|a|an)\b)/,
    apply: (ask, match) => {
      topic(ask, 'budget');
      budgetKind(ask, match);
    },
  },
  // Bid amounts and cap values are not synced (only which strategy): the rest is answered.
  {
    source: `(?:bid|cost|roas) (?:cap |goal |target |floor |control )?(?:amounts?|values?|levels?)|(?:bid|cost) caps? (?:is |are )?set (?:to|at)|how (?:much|high|low) (?:is|are) ${POSSESSIVE}(?:bid|cost) caps?|target (?:cpa|cost per (?:result|acquisition|lead|purchase)|roas)|roas (?:floors?|targets?)|what(?:'s| is| s) ${POSSESSIVE}(?:roas|cost|cpa) (?:goal|cap|target)|bid amounts?`,
    apply: (ask) => {
      topic(ask, 'bidding');
      add(ask.bid, 'bid_strategy');
      add(ask.missing, 'bid amounts');
    },
  },
  ...STRATEGY_WORDS.map(
    ([source, code]): SettingCue => ({
      source,
      apply: (ask, _match, before) => {
        topic(ask, 'bidding');
        add(ask.bid, 'bid_strategy');
        if (FILTER_LEAD.test(before)) add(ask.strategies, code);
      },
    }),
  ),
  {
    source:
      'bid(?:ding)? strateg(?:y|ies)|bid strats?|bid(?:ding)? (?:types?|settings?|methods?|options?)|how (?:am i|are we|is it|are they) bidding|bidding|bids?',
    apply: (ask) => {
      topic(ask, 'bidding');
      add(ask.bid, 'bid_strategy');
    },
  },
  {
    source: `(?:optimi[sz](?:e|es|ed|ing)|optimi[sz]ation goal set) (?:for|towards?|on)${GOAL_TAIL}|optimi[sz]ation (?:goals?|events?|settings?|targets?)|performance goals?|optimi[sz]ing(?: goals?)?|(?:which|what) goals?`,
    apply: (ask, match) => {
      topic(ask, 'bidding');
      add(ask.bid, 'optimization_goal');
      const tail = /(?:for|towards?|on) (.+)$/.exec(match)?.[1];
      const goal = tail ? GOAL_WORDS.find(([pattern]) => pattern.test(tail))?.[1] : undefined;
      if (goal) add(ask.goals, goal);
    },
  },
  // Delivery status. Learning is not synced: the unsupported table names it.
  {
    source:
      "(?:not|aren't|arent|aren t|isn't|isnt|isn t|no longer|never|didn't|didnt|haven't|havent|stopped) (?:been |currently |yet )?(?:delivering|running|live|active|spending|serving)|(?:not|in)active|delivery (?:issues?|problems?)",
    apply: asksStatus('inactive'),
  },
  {
    source:
      '(?:did|have|has|had)(?: i| we| you| they| someone| anyone)? (?:pause|turn(?:ed)? off|switch(?:ed)? off|stop(?:ped)?)|paused|on hold|deactivated|disabled|turned off|switched off|shut off|(?:are|is|were|was|currently|still|now|been|set to) off|stopped',
    notBefore: SHOULD,
    apply: asksStatus('paused'),
  },
  {
    source: 'archived|deleted',
    apply: asksStatus('archived'),
  },
  {
    source: '(?:in|under|pending|awaiting) (?:review|approval)|being reviewed',
    apply: asksStatus('review'),
  },
  {
    source:
      'disapproved|rejected|not approved|disapprovals?|rejections?|(?:all |been |got |get |are |is )?approved|approval status',
    apply: asksStatus('disapproved'),
  },
  {
    source:
      'on or off|off or on|active or (?:not|paused|inactive)|paused or (?:not|active)|running or not|(?:effective |delivery )?status(?:es)?|(?:is|are) (?:it|that|this|they|these|those) (?:still )?(?:active|running|live|on)',
    apply: asksStatus('any'),
  },
  {
    source:
      '(?:how long|since when) (?:has|have|is|are)(?: (?:it|they|this|that|the|campaign|ad|set|adset))* (?:been )?(?:running|live|active|on)|when (?:did|does|will|do|is)(?: (?:it|they|this|that|the|campaign|ad|set|adset|scheduled|set|due))* (?:to )?(?:start|launch|begin|end|finish|stop)|' +
      '(?:start|end|stop|launch) (?:dates?|times?)|schedules?|scheduled|flight dates?|runs? until|(?:set|due) to (?:end|stop|finish)',
    apply: (ask) => {
      topic(ask, 'status');
      add(ask.status, 'any');
      ask.schedule = true;
    },
  },
  {
    source:
      "(?:are|is) (?:we|i|you|they) (?:currently |still |now )?running|running (?:right )?now|live (?:right )?now|currently (?:running|live|active|delivering|on)|(?:what(?:'s| is| s)|whats|thats|that's) (?:currently |still |actually )?(?:running|live|active|on)|(?:are|is|were|still|now) (?:currently |still |actually )?(?:active|live|running|enabled|delivering)(?! (?:the|most|more|best|results?|conversions?|leads?|purchases?|sales|clicks?|impressions?|ads|campaigns|total|sum)\\b)|(?:active|live|running|enabled|delivering)(?= (?:campaigns?|ad ?sets?|adsets?|ads?|creatives?)\\b)|turned on|switched on",
    notBefore: /(?:went|go|goes|gone|going|most|more|least|less|should|to|could)(?: be)?\s*$/,
    apply: asksStatus('active'),
  },
  // "Is the Black Friday Teaser campaign live?": the name between the verb and the word is blanked.
  {
    source:
      "(?<=^\\s*(?:is|are|was|were)(?:\\s+[a-z0-9'.#%$-]+)*?\\s+)(?:still |currently |now )?(?:active|live|running|enabled|delivering|on|off)(?=\\s*$)",
    apply: (ask, match) => {
      topic(ask, 'status');
      add(ask.status, /off/.test(match) ? 'paused' : 'active');
    },
  },
  // Ads' copy, call to action and thumbnail.
  {
    source: `(?:${CTA_VALUES})(?= (?:buttons?|ctas?|calls? to action))|(?:use|uses|using|with|have|has|run|runs|running)(?: (?:a|an|the))? (?:${CTA_VALUES})${A}`,
    apply: (ask, match) => {
      topic(ask, 'copy');
      add(ask.copy, 'call_to_action');
      const code = CTA_WORDS.find(([words]) => new RegExp(words.replace(/ /g, '\\s+')).test(match))?.[1];
      if (code) add(ask.ctas, code);
    },
  },
  {
    source: 'calls? to actions?(?: buttons?)?|ctas?(?: buttons?| types?| texts?)?',
    apply: asksCopy('call_to_action'),
  },
  {
    source: 'headlines?|(?:ad )?titles?',
    apply: asksCopy('title'),
  },
  {
    source: 'primary texts?|body (?:copy|texts?)|ad texts?|ad bod(?:y|ies)|captions?|main texts?',
    apply: asksCopy('body'),
  },
  {
    source:
      'ad copy|copywriting|copies|copy|wording|messaging|(?:what|which) texts?|texts? (?:of|on|in)|what (?:does|do)(?: (?:it|they|the|this|that|ad|ads|creative|creatives))* say',
    apply: asksCopy('title', 'body', 'call_to_action'),
  },
  {
    source:
      'thumbnails?|previews?|cover (?:images?|frames?|photos?)|video covers?|(?:with|and) (?:their |the |its )?(?:images?|pictures?|visuals?)',
    apply: asksCopy('thumbnail_url'),
  },
  {
    // "Show me the creative for X", "what does X look like", "what image does X use".
    source:
      '(?:the |its |their )creatives? (?:for|of|behind|on)|looks? like|(?:what|which) (?:images?|pictures?|visuals?|photos?)(?= (?:do|does|did|is|are|was|were))',
    apply: asksCopy('thumbnail_url', 'format', 'title', 'body', 'call_to_action'),
  },
  {
    source:
      'creative (?:table|list|library|overview|grid|gallery|sheet|details?|inventory)|creatives? (?:table|list|library|gallery)',
    apply: (ask) => {
      topic(ask, 'copy');
      ask.table = true;
      add(ask.copy, 'thumbnail_url', 'format', 'title', 'body', 'call_to_action');
    },
  },
  {
    source: '(?:campaign |ad ?set |adset |ad )?settings|set ?up|configured|configuration',
    apply: (ask) => topic(ask, 'overview'),
  },
];

/** A space matches any run of spaces (names are blanked out); " ?" allows none ("ad set", "adset"). */
function spaced(source: string): string {
  return source.replace(/ \?/g, '\\s*').replace(/ /g, '\\s+');
}

/** Words around a setting that only say how it is used ("which strategy are they using"). */
const FILLER = new RegExp(
  `${B}(?:${spaced('performs|works|worked|converts|wins|using|uses|used|runs?|running (?:on|with)|run (?:on|with)|buttons?|because|at the moment|at present|as of (?:now|today)|these days|right now|(?:currently |is |are )set (?:on|to|at|for)?|they or their|or their|it or its|goals?')})${A}`,
  'g',
);

/** Creative formats are a segment of results; asked next to copy, they are one more column. */
const FORMAT = new RegExp(`${B}(?:${spaced('(?:creative |media |ad )?(?:formats?|types?)')})${A}`, 'g');

const compiled = cues.map((cue) => ({
  ...cue,
  pattern: new RegExp(`${B}(?:${spaced(cue.source)})${A}`, 'g'),
}));

function emptyAsk(): SettingsAsk {
  return {
    topics: [],
    status: [],
    schedule: false,
    bid: [],
    strategies: [],
    goals: [],
    copy: [],
    ctas: [],
    table: false,
    missing: [],
  };
}

/**
 * What a question asks about settings, and the [start, end) spans of the words that said so, in
 * `text` (the normalised question with names blanked out). Undefined when it asks about none.
 */
export function readSettingsAsk(text: string): { ask: SettingsAsk; spans: [number, number][] } | undefined {
  const ask = emptyAsk();
  const spans: [number, number][] = [];
  let rest = text;
  const claim = (start: number, end: number) => {
    spans.push([start, end]);
    rest = rest.slice(0, start) + ' '.repeat(end - start) + rest.slice(end);
  };
  for (const cue of compiled) {
    cue.pattern.lastIndex = 0;
    for (const match of [...rest.matchAll(cue.pattern)]) {
      if (!match[0].trim()) continue;
      const start = match.index;
      const end = start + match[0].length;
      const before = text.slice(Math.max(0, start - 40), start);
      if (cue.notBefore?.test(before) || cue.notAfter?.test(text.slice(end, end + 40))) continue;
      cue.apply(ask, match[0].replace(/\s+/g, ' '), before);
      claim(start, end);
    }
  }
  if (ask.topics.length === 0) return undefined;
  // "How much is X budgeted each day": the day words come after the name.
  const perDay = /(?<![a-z0-9])(?:per|a|each|every)\s+day(?![a-z0-9])/.exec(rest);
  if (perDay && ask.topics.includes('budget') && !ask.budget) {
    ask.budget = 'daily';
    claim(perDay.index, perDay.index + perDay[0].length);
  }
  if (ask.copy.length > 0)
    for (const match of [...rest.matchAll(FORMAT)]) {
      add(ask.copy, 'format');
      claim(match.index, match.index + match[0].length);
    }
  for (const match of [...rest.matchAll(FILLER)]) claim(match.index, match.index + match[0].length);
  return { ask, spans: spans.sort((a, b) => a[0] - b[0]) };
}

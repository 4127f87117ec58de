import { type CueSpec, type CueTable, compileCues, distinct, listWords } from './cues';
import { SUGGEST, tailored } from './suggestions';

/**
 * Splits Meta offers that ARLO does not have. Age, gender, country, placement, device and creative
 * format are answered (the segment rules read them first and blank their words out), so what
 * reaches these cues is what stays unavailable: the hour of day, the operating system or device
 * model, locations finer than a country, and audience labels that are not Meta's age groups.
 */
const specs: CueSpec[] = [
  {
    cue: 'hours? of (?:the )?day|times? of (?:the )?day|hourly|by hours?|per hours?|each hour|every hour|(?:which|what|peak|busiest|best|worst) hours?|(?:best|worst) times? to|what time (?:of day )?(?:do|does|did|is|are|should|people)|at what time|day ?parting|day ?parts?|(?:morning|afternoon|evening|night|overnight)s? (?:vs|versus|or|compared)|(?:in|during) the (?:morning|afternoon|evening|night)|at night|this (?:morning|afternoon|evening)|late night|time slots?',
    thing: 'hour of day',
    detail: 'hourly',
  },
  {
    cue: 'iphones?|android|ios|ipads?|ipados|tablets?|operating systems?|os versions?|(?:apple|samsung|pixel) (?:users|devices|phones)|device models?|phone models?|handsets?',
    thing: 'operating system or device model',
    detail: 'os',
    notAfter: '\\d',
  },
  {
    cue: 'regions?|regional|cities|city|(?:by|per|which|what|each|every|us|top|best|worst) states?|provinces?|counties|county|zip ?codes?|post ?codes?|postal codes?|dmas?|metro areas?|metros|territor(?:y|ies)|continents?|europe|european union|emea|apac|latam|north america|south america|latin america|asia|africa|middle east|scandinavia|nordics|england|scotland|wales|northern ireland|california|texas|new york|florida|london|paris|berlin|toronto|sydney|melbourne|chicago|los angeles|where (?:are|do|did|does) (?:my|our|the|most) (?:customers|buyers|clicks|leads|conversions|purchases|sales|audience|users|visitors|people|shoppers)(?: \\w+){0,2} (?:come|coming|from|located|based|live)',
    thing: 'region, state or city',
    detail: 'location',
    notBefore: 'kansas|new york|mexico|salt lake|oklahoma|panama|conversion',
    // "the London campaign", "Los Angeles ad sets": a place in a name is the name.
    notAfter: 'accounts?|campaigns?|ad ?sets?|adsets?|ads?|audiences?|team',
  },
  {
    cue: 'gen z|gen ?x|gen ?y|millennials|boomers|zoomers|(?:older|younger) (?:people|users|customers|audiences?|viewers|buyers|folks)|household income|income (?:levels?|brackets?)|education levels?|job titles?|relationship status|(?:by|which|what) interests?|interest (?:groups?|categories|targeting)',
    thing: 'audience trait',
    detail: 'trait',
  },
];

const cues = compileCues(specs);

/** Why each split is not in ARLO, in words. */
const WHY: Record<string, string> = {
  hourly: 'ARLO has results per day, not per hour, so it cannot tell which hours or times of day do best',
  os: "Meta's device breakdown that ARLO syncs splits results into mobile app, mobile web and desktop only, with no operating system or device model",
  location: "ARLO has Meta's country breakdown only, nothing finer or grouped above a country",
  trait:
    "ARLO has Meta's age groups and genders, not generations, incomes, interests or other audience traits",
};

const SUGGESTIONS: Record<string, readonly string[]> = {
  hourly: SUGGEST.timing,
  os: [
    'CTR by device last 14 days',
    'Mobile vs desktop conversion rate last month',
    'ROAS by placement last month',
  ],
  location: [
    'Spend by country last month',
    'Which country has the lowest CPA this month?',
    'ROAS by country last 30 days',
  ],
  trait: [
    'ROAS by age group last month',
    'CPA by gender last month',
    'Which age and gender group converts best?',
  ],
};

export const breakdownTable: CueTable = {
  kind: 'breakdown',
  cues,
  explain(hits, text) {
    const things = distinct(hits.map((hit) => hit.cue.thing));
    const details = distinct(hits.map((hit) => hit.cue.detail ?? 'hourly'));
    const reasons = details.map((detail) => WHY[detail] ?? WHY.hourly);
    const first = details[0] ?? 'hourly';
    return {
      message: `I can't break results down by ${listWords(things, 'or')}: ${listWords(reasons as string[])}.`,
      suggestions:
        first === 'hourly' ? [...SUGGEST.timing] : tailored(SUGGESTIONS[first] ?? SUGGEST.segments, text),
    };
  },
};

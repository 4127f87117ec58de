import { type CueSpec, type CueTable, compileCues, distinct, listWords } from './cues';
import { SUGGEST, tailored } from './suggestions';

/** Places marketers split results by. "us" alone is a pronoun and part of account names, so never bare. */
const PLACES =
  'uk|u\\.k\\.|usa|u\\.s\\.|u\\.s\\.a\\.|united states|united kingdom|great britain|britain|england|scotland|wales|ireland|canada|australia|new zealand|germany|france|spain|italy|netherlands|belgium|sweden|norway|denmark|finland|poland|portugal|switzerland|austria|mexico|brazil|argentina|chile|colombia|india|japan|china|singapore|south africa|nigeria|uae|dubai|europe|eu|emea|apac|latam|north america|south america|asia|california|texas|new york|florida|london|paris|berlin|toronto|sydney';
/** A place word is a geography when the question sets it apart: "in the UK", "UK vs US". */
const PLACE_OR_US = `${PLACES}|us`;

const DEVICES =
  'mobile|desktops?|tablets?|iphones?|android|ios|ipads?|smart ?phones?|phones?|computers?|laptops?';
const META_APPS = 'facebook|fb|instagram|insta|ig|messenger|audience network|whatsapp|threads';
const SURFACES = 'feeds?|stories|story|reels?';
const CONTRAST = 'vs|versus|or|compared to|compared with|against';

const demographic = { detail: 'demographic' };
const location = { detail: 'location' };
const placement = { thing: 'placement', detail: 'placement' };
const device = { thing: 'device', detail: 'device' };
const hourly = { thing: 'hour of day', detail: 'hourly' };

/** Breakdowns Meta offers that ARLO does not sync yet; results are only stored per ad and day. */
const specs: CueSpec[] = [
  // Age and gender.
  {
    cue: '(?:by|per|each|every|across|which|what|and|or|vs|versus|split by) ages?|ages? (?:groups?|brackets?|ranges?|bands?|segments?|breakdown|split|demographics?|and gender|vs|or gender)|age wise|agewise|aged \\d\\d|\\d\\d(?: (?:to|and))? \\d\\d year olds?|\\d\\d\\+? year olds?|(?:older|younger) (?:people|users|customers|audiences?|viewers|buyers)|gen z|gen ?x|millennials|boomers',
    thing: 'age group',
    ...demographic,
  },
  {
    cue: 'genders?|gender wise|sex|males?|females?|men|women|ladies',
    thing: 'gender',
    notAfter: "'s|s'",
    ...demographic,
  },
  {
    cue: 'demograph\\w*|demografic\\w*|demos',
    thing: 'demographics',
    notBefore: 'product|video|live',
    ...demographic,
  },
  // Location.
  {
    cue: 'countr(?:y|ies)|contr(?:y|ies)|countires|country wise|regions?|regional|cities|city|(?:by|per|which|what|each|every|us) states?|locations?|geo|geos|geography|geographic\\w*|geo ?location|zip ?codes?|post ?codes?|postal codes?|dmas?|metro areas?|territor(?:y|ies)',
    thing: 'country or region',
    notBefore: 'kansas|new york|mexico|salt lake|oklahoma|panama|conversion',
    ...location,
  },
  {
    cue: `(?:in|from|across|within|inside|outside) (?:the )?(?:${PLACES})`,
    thing: 'country or region',
    notAfter: 'accounts?|campaigns?|ad ?sets?|adsets?|ads?|audiences?|team',
    ...location,
  },
  {
    cue: `(?:in|from) the us`,
    thing: 'country or region',
    notAfter: 'accounts?|campaigns?|ad ?sets?|adsets?|ads?|audiences?|team',
    ...location,
  },
  {
    cue: `(?:${PLACE_OR_US}) (?:${CONTRAST}|and) (?:the )?(?:${PLACES})|(?:${PLACES}) (?:${CONTRAST}|and) (?:the )?us`,
    thing: 'country or region',
    ...location,
  },
  {
    cue: 'where (?:are|do|did|does) (?:my|our|the|most) (?:customers|buyers|clicks|leads|conversions|purchases|sales|audience|users|visitors|people|shoppers)(?: \\w+){0,2} (?:come|coming|from|located|based|live)',
    thing: 'country or region',
    ...location,
  },
  // Placement and publisher platform. Naming Facebook or Instagram alone is the whole Meta account.
  {
    cue: `placements?|placments?|placemnts?|placement wise|publisher platforms?|platform positions?|(?:ad|platform|placement) positions?|(?:by|per|each|which|what|every) (?:platform|app)s?|(?:${META_APPS}) (?:${CONTRAST}) (?:the )?(?:${META_APPS})`,
    ...placement,
  },
  {
    cue: `(?:${META_APPS}) and (?:${META_APPS}) (?:separately|split|broken down|individually|side by side)|split (?:between|across) (?:${META_APPS}) and (?:${META_APPS})`,
    ...placement,
  },
  {
    cue: `(?:${META_APPS}|news) (?:${SURFACES})|(?:${SURFACES}) (?:${CONTRAST}|and) (?:the )?(?:${SURFACES})|(?:${SURFACES}) placements?|explore (?:tab|feed|placement)|right column|marketplace|in ?stream(?: videos?)?|search results placement`,
    ...placement,
    notAfter: '#|\\d',
  },
  {
    cue: '(?:on|in|via|through) (?:the )?(?:feeds?|stories|reels)',
    ...placement,
    notAfter: 'ads?|creatives?|#|\\d|campaigns?|names?',
  },
  // Device.
  {
    cue: `devices?|device types?|mobile|desktops?|iphones?|android|ios|ipads?|smart ?phones?|tablets?|device platforms?|operating systems?|(?:${DEVICES}) (?:${CONTRAST}|and) (?:${DEVICES})|(?:on|from|via) (?:${DEVICES})|(?:${DEVICES}) (?:users|traffic|visitors|clicks|conversions|only|devices?)`,
    ...device,
    notAfter: 'apps?|\\d|calls?|numbers?',
  },
  // Time of day.
  {
    cue: 'hours? of (?:the )?day|times? of (?:the )?day|hourly|by hours?|per hours?|each hour|every hour|(?:which|what|peak|busiest|best|worst) hours?|(?:best|worst) times? to|what time (?:of day )?(?:do|does|did|is|are|should|people)|day ?parting|day ?parts?|(?:morning|afternoon|evening|night|overnight)s? (?:vs|versus|or|compared)|(?:in|during) the (?:morning|afternoon|evening|night)|at night|this (?:morning|afternoon|evening)|late night|time slots?',
    ...hourly,
  },
];

const cues = compileCues(specs);

/** What ARLO would need for each breakdown. */
const WHY: Record<string, string> = {
  demographic: 'demographic (age and gender)',
  location: 'location',
  placement: 'placement',
  device: 'device',
  hourly: 'hour-by-hour',
};

export const breakdownTable: CueTable = {
  kind: 'breakdown',
  cues,
  explain(hits, text) {
    const things = distinct(hits.map((hit) => hit.cue.thing));
    const data = distinct(hits.map((hit) => WHY[hit.cue.detail ?? ''] ?? 'that'));
    const onlyTime = hits.every((hit) => hit.cue.detail === 'hourly');
    return {
      message: `I can't break results down by ${listWords(things, 'or')}: ARLO doesn't have ${listWords(data)} data yet, only totals per campaign, ad set and ad by day.`,
      suggestions: onlyTime ? [...SUGGEST.timing] : tailored(SUGGEST.segments, text),
    };
  },
};

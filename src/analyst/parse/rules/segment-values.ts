import { dimensions, type SegmentDimension } from '../../dimensions';

/**
 * The words marketers use for the values of a segment, and Meta's codes for them. Patterns are
 * regex source over the normalised question (lower case, punctuation gone); a space matches any
 * run of spaces, since words other rules claimed leave blanks behind.
 */
export interface SegmentValue {
  dimension: SegmentDimension;
  /** Meta's codes ('GB', '25-34', 'instagram|instagram_reels'); a group has several. */
  values: string[];
  /** How the answer names it. */
  label: string;
  pattern: string;
}

/** A placement's filter value is "platform|position". */
const placementCodes = Object.keys(dimensions.placement.valueLabels ?? {});
const positionsEnding = (...suffixes: string[]) =>
  placementCodes.filter((code) => suffixes.some((suffix) => code.endsWith(suffix)));
export const positionsOf = (platform: string) =>
  placementCodes.filter((code) => code.startsWith(`${platform}|`));

const FB = '(?:facebook|fb)';
const IG = '(?:instagram|insta|ig)';
const placement = (code: string, pattern: string): SegmentValue => ({
  dimension: 'placement',
  values: [code],
  label: dimensions.placement.valueLabels?.[code] ?? code,
  pattern,
});

/** Placements: a platform with its position, or a surface on every platform ("Reels", "Stories"). */
export const placementValues: SegmentValue[] = [
  placement('facebook|feed', `${FB} (?:news )?feeds?|news ?feeds?`),
  placement('instagram|feed', `${IG} feeds?|${IG} main feed`),
  placement('facebook|facebook_stories', `${FB} stor(?:y|ies)`),
  placement('instagram|instagram_stories', `${IG} stor(?:y|ies)`),
  placement('messenger|messenger_stories', 'messenger stor(?:y|ies)'),
  placement('messenger|messenger_inbox', 'messenger inbox'),
  placement('facebook|facebook_reels', `${FB} reels?`),
  placement('instagram|instagram_reels', `${IG} reels?`),
  placement('facebook|marketplace', `(?:${FB} )?marketplace`),
  placement('facebook|right_hand_column', `(?:${FB} )?right (?:hand )?column`),
  placement('facebook|video_feeds', `${FB} video feeds?|video feeds`),
  placement('facebook|instream_video', `(?:${FB} )?in ?stream(?: videos?)?`),
  placement('facebook|search', `${FB} search(?: results)?`),
  placement('audience_network|rewarded_video', 'rewarded videos?'),
  {
    dimension: 'placement',
    values: positionsEnding('instagram_explore', 'instagram_explore_grid_home'),
    label: 'Instagram Explore',
    pattern: `${IG} explore(?: tab| feed| page| grid)?|explore (?:tab|feed|page|placements?)`,
  },
];

/** Surfaces across platforms: read only where the question is plainly about placements. */
export const surfaceValues: SegmentValue[] = [
  {
    dimension: 'placement',
    values: positionsEnding('|feed'),
    label: 'Feeds',
    pattern: 'feeds?',
  },
  {
    dimension: 'placement',
    values: positionsEnding('_stories'),
    label: 'Stories',
    pattern: 'stories',
  },
  {
    dimension: 'placement',
    values: positionsEnding('_reels'),
    label: 'Reels',
    pattern: 'reels',
  },
];

const platform = (code: string, pattern: string): SegmentValue => ({
  dimension: 'publisher_platform',
  values: [code],
  label: dimensions.publisher_platform.valueLabels?.[code] ?? code,
  pattern,
});

/**
 * Facebook is also what many call Meta's ads as a whole ("how are my facebook ads doing"): it is a
 * platform only where the question sets it against another one or says so (see the reader).
 */
export const facebookValue = platform('facebook', FB);

export const platformValues: SegmentValue[] = [
  platform('instagram', IG),
  platform('audience_network', 'audience ?networks?|an placements?'),
  platform('messenger', 'messenger'),
  platform('whatsapp', 'whats ?app'),
];

export const deviceValues: SegmentValue[] = [
  {
    dimension: 'device_platform',
    values: ['mobile_app'],
    label: 'Mobile app',
    pattern: 'mobile (?:apps?|in app)|in ?app(?: browsers?)?',
  },
  {
    dimension: 'device_platform',
    values: ['mobile_web'],
    label: 'Mobile web',
    pattern: 'mobile (?:web(?:sites?)?|browsers?|sites?)',
  },
  {
    dimension: 'device_platform',
    values: ['mobile_app', 'mobile_web'],
    label: 'Mobile',
    pattern: 'mobiles?(?: devices?| phones?)?|smart ?phones?|phones?|cell ?phones?|cellphones?',
  },
  {
    dimension: 'device_platform',
    values: ['desktop'],
    label: 'Desktop',
    pattern: 'desktops?(?: computers?)?|computers?|laptops?|pcs?',
  },
];

const AGE_BUCKETS: [string, string][] = [
  ['13', '17'],
  ['18', '24'],
  ['25', '34'],
  ['35', '44'],
  ['45', '54'],
  ['55', '64'],
];
const YEARS = '(?: years? olds?| yr olds?| yos?|s)?';

export const ageValues: SegmentValue[] = [
  ...AGE_BUCKETS.map(
    ([from, to]): SegmentValue => ({
      dimension: 'age',
      values: [`${from}-${to}`],
      label: `${from}-${to}`,
      pattern: `(?:aged? )?${from} (?:to |and |through )?${to}${YEARS}`,
    }),
  ),
  {
    dimension: 'age',
    values: ['65+'],
    label: '65+',
    pattern: `(?:aged? )?65 (?:plus|and (?:over|older|up|above))${YEARS}|(?:over|above) 65(?: years? olds?)?|65 years? and (?:over|older)`,
  },
];

export const genderValues: SegmentValue[] = [
  {
    dimension: 'gender',
    values: ['female'],
    label: 'Women',
    pattern: 'women|woman|females?|ladies',
  },
  { dimension: 'gender', values: ['male'], label: 'Men', pattern: 'men|males?|guys' },
];

/** Country names, adjectives and codes by ISO code (Meta's country breakdown values). */
const COUNTRIES: [string, string, string][] = [
  [
    'US',
    'United States',
    'united states(?: of america)?|u\\.?s\\.?a\\.?|u\\.s\\.|(?<!(?:north|south|latin|central) )america|americans?',
  ],
  ['GB', 'United Kingdom', 'uk|u\\.k\\.?|united kingdom|great britain|britain|british|brits'],
  ['CA', 'Canada', 'canada|canadians?'],
  ['AU', 'Australia', 'australia|australians?|aussies?'],
  ['NZ', 'New Zealand', 'new zealand'],
  ['IE', 'Ireland', '(?<!northern )ireland|irish'],
  ['DE', 'Germany', 'germany'],
  ['FR', 'France', 'france'],
  ['ES', 'Spain', 'spain'],
  ['IT', 'Italy', 'italy'],
  ['NL', 'Netherlands', '(?:the )?netherlands|holland'],
  ['BE', 'Belgium', 'belgium'],
  ['SE', 'Sweden', 'sweden'],
  ['NO', 'Norway', 'norway'],
  ['DK', 'Denmark', 'denmark'],
  ['FI', 'Finland', 'finland'],
  ['PL', 'Poland', 'poland'],
  ['PT', 'Portugal', 'portugal'],
  ['CH', 'Switzerland', 'switzerland'],
  ['AT', 'Austria', 'austria'],
  ['MX', 'Mexico', '(?<!new )mexico'],
  ['BR', 'Brazil', 'brazil'],
  ['AR', 'Argentina', 'argentina'],
  ['CL', 'Chile', 'chile'],
  ['CO', 'Colombia', 'colombia'],
  ['IN', 'India', 'india'],
  ['JP', 'Japan', 'japan'],
  ['CN', 'China', 'china'],
  ['SG', 'Singapore', 'singapore'],
  ['HK', 'Hong Kong', 'hong kong'],
  ['KR', 'South Korea', 'south korea|korea'],
  ['PH', 'Philippines', '(?:the )?philippines'],
  ['ID', 'Indonesia', 'indonesia'],
  ['MY', 'Malaysia', 'malaysia'],
  ['TH', 'Thailand', 'thailand'],
  ['VN', 'Vietnam', 'vietnam|viet nam'],
  ['ZA', 'South Africa', 'south africa'],
  ['NG', 'Nigeria', 'nigeria'],
  ['AE', 'United Arab Emirates', 'uae|u\\.a\\.e\\.?|united arab emirates'],
  ['SA', 'Saudi Arabia', 'saudi arabia|saudi|ksa'],
  ['IL', 'Israel', 'israel'],
  ['TR', 'Turkey', 'turkey|turkiye'],
  ['GR', 'Greece', 'greece'],
];

/** Country codes written in capitals that are no other common word ("IT", "IN" and "CA" are). */
export const SAFE_CODES = new Set([
  'US',
  'UK',
  'GB',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'MX',
  'BR',
  'JP',
  'NL',
  'SE',
  'DK',
  'IE',
  'ZA',
  'AE',
  'CH',
  'PL',
  'PT',
  'SG',
]);

export const countryNames = new Map(COUNTRIES.map(([code, name]) => [code, name]));

export const countryValues: SegmentValue[] = COUNTRIES.map(([code, name, pattern]) => ({
  dimension: 'country',
  values: [code],
  label: name,
  pattern,
}));

/** A code's value: "UK" is GB to Meta. */
export function countryOfCode(code: string): SegmentValue | undefined {
  const iso = code === 'UK' ? 'GB' : code;
  const name = countryNames.get(iso);
  return name ? { dimension: 'country', values: [iso], label: name, pattern: code.toLowerCase() } : undefined;
}

/**
 * Creative formats (Meta's object_type): VIDEO, PHOTO, and SHARE, which Meta uses for link ads and
 * carousels alike. Read as formats only as nouns ("videos", "static images") or where the question
 * names formats; "video ads" is left to the name rules when ads are named that way.
 */
export const formatValues: SegmentValue[] = [
  {
    dimension: 'format',
    values: ['VIDEO'],
    label: 'Video',
    pattern: 'videos|video (?:ads?|creatives?|formats?)',
  },
  {
    dimension: 'format',
    values: ['PHOTO'],
    label: 'Image',
    pattern:
      '(?:static |still |single )?(?:images|photos|pictures|pics)|(?:static|single) images?|statics|stills|(?:image|photo|static|still) (?:ads?|creatives?|formats?)',
  },
  {
    dimension: 'format',
    values: ['SHARE'],
    label: 'Link or carousel',
    pattern: 'carousels|(?:carousel|link) (?:ads?|creatives?|formats?)',
  },
];

/** Bare format words ("video", "static"): a format only beside a plain format noun or word. */
export const bareFormatValues: SegmentValue[] = [
  { dimension: 'format', values: ['VIDEO'], label: 'Video', pattern: 'video' },
  { dimension: 'format', values: ['PHOTO'], label: 'Image', pattern: 'image|photo|static|picture' },
  { dimension: 'format', values: ['SHARE'], label: 'Link or carousel', pattern: 'carousel' },
];

/** The words that name a whole segment dimension ("by age group", "which countries"). */
export const DIMENSION_WORDS: [SegmentDimension[], string][] = [
  [
    ['age', 'gender'],
    'demograph\\w*|demografic\\w*|demos|age (?:and |& |x |by |or )?(?:gender|sex)(?: groups?| segments?| brackets?| buckets?| combos?| combinations?| splits?)?|(?:gender|sex) (?:and |& |x |by )?age(?: groups?| segments?| brackets?)?',
  ],
  [
    ['age'],
    'age ?groups?|age ?brackets?|age ?bands?|age ?ranges?|age ?buckets?|age ?segments?|age ?cohorts?|ages|age',
  ],
  [['gender'], 'genders?|sexes|sex'],
  [['country'], 'countr(?:y|ies)|contr(?:y|ies)|countires|countrys|nations|geograph(?:y|ies)'],
  [['placement'], 'placements?|placments?|placemnts?|plaecments?|platform positions?'],
  [['publisher_platform'], 'publisher platforms?|platforms'],
  [['device_platform'], 'device (?:types?|platforms?|categor(?:y|ies))|devices?'],
  [
    ['format'],
    'creative formats?|ad formats?|formats|creative types?|ad types?|media types?|asset types?|creative format|format',
  ],
];

/** Words that name a dimension only after a word that asks for a split ("by market", "which app"). */
export const SPLIT_ONLY_WORDS: [SegmentDimension[], string][] = [
  [['country'], 'markets?|geos?|locations?'],
  [['placement'], 'positions?'],
  [['publisher_platform'], 'platform|apps?'],
];

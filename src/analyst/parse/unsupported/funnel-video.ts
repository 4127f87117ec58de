import { type CueSpec, type CueTable, compileCues, distinct, listWords } from './cues';

/**
 * Funnel events Meta reports that ARLO does not sync. Landing page views, content views, adds to
 * cart, checkouts initiated, purchases and leads are synced and answered, so they never appear here.
 */
const funnelSpecs: CueSpec[] = [
  {
    cue: 'add(?:s|ed)? (?:of )?payment (?:info|information|details)|payment (?:info|information|details) (?:added|adds)|add payment info',
    thing: 'adds of payment info',
  },
  { cue: 'add(?:s|ed)? to (?:wish ?lists?)|wish ?list adds?|wish ?lists?', thing: 'adds to wishlist' },
  {
    cue: '(?:site|website|product|on site) searches|searches on (?:the|our|my) (?:site|website|store)',
    thing: 'site searches',
  },
];

/** Video fields Meta reports that ARLO does not sync; three-second plays, ThruPlays and plays to a share of the video are. */
const videoSpecs: CueSpec[] = [
  {
    cue: '(?:average |avg )?(?:video )?watch ?time|time watched|(?:average |avg )?time spent watching|how long (?:do|did|are|were) (?:people|viewers|users|they|folks) (?:watch\\w*|view\\w*)|(?:average |avg )?view durations?|(?:average|avg) (?:view|play|watch) (?:time|duration|length)|seconds watched',
    thing: 'average watch time',
  },
  {
    cue: 'thru ?play rates?|through ?play rates?|thruplay (?:to impression|per impression) rates?',
    thing: 'a ThruPlay rate',
  },
  {
    cue: '(?:2|two) ?(?:s|sec|second) continuous (?:video )?(?:views?|plays?)|continuous (?:2|two) ?(?:s|sec|second) (?:video )?(?:views?|plays?)',
    thing: 'two-second continuous video plays',
  },
];

const funnelSuggestions = [
  'Show the conversion funnel for last month',
  'How many adds to cart did we get last week?',
  'What was my cost per checkout initiated this month?',
];

const videoSuggestions = [
  'What was the hook rate of my video ads last month?',
  'Which video ads had the best hold rate in the last 30 days?',
  'How many ThruPlays did we get last week?',
];

export const funnelTable: CueTable = {
  kind: 'funnel',
  cues: compileCues(funnelSpecs),
  explain(hits) {
    const things = distinct(hits.map((hit) => hit.cue.thing));
    return {
      message: `ARLO doesn't sync ${listWords(things)}: of the funnel it has link clicks, landing page views, content views, adds to cart, checkouts initiated, purchases and leads.`,
      suggestions: [...funnelSuggestions],
    };
  },
};

export const videoTable: CueTable = {
  kind: 'video',
  cues: compileCues(videoSpecs),
  explain(hits) {
    const things = distinct(hits.map((hit) => hit.cue.thing));
    const watchTime = things.includes('average watch time')
      ? ' Meta reports watch time as video_avg_time_watched_actions, which ARLO does not sync.'
      : '';
    return {
      message: `ARLO doesn't have ${listWords(things)}.${watchTime} For video it has three-second plays, ThruPlays, plays to a quarter, half, three quarters and all of the video, hook rate (three-second plays ÷ impressions) and hold rate (ThruPlays ÷ three-second plays).`,
      suggestions: [...videoSuggestions],
    };
  },
};

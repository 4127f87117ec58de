import { type CueSpec, type CueTable, compileCues, distinct, listWords } from './cues';
import { SUGGEST } from './suggestions';

/**
 * Funnel steps between the click and the purchase. Conversion rate, link clicks, purchases and
 * leads are synced, so they never appear here; "cart" alone is in ad names ("Cart Reminder").
 */
const funnelSpecs: CueSpec[] = [
  {
    cue: 'adds? to carts?|added to carts?|add to carts|adds to carts|atcs?|atc rate|cart adds?|carts|(?:cost|costs) per (?:add to cart|atc)|add ?to ?cart rate',
    thing: 'adds to cart',
  },
  {
    cue: 'landing page (?:views?|veiws?|vews?)|landing page visits?|landing page view rate|lpvs?|lp views?|(?:cost|costs) per (?:landing page view|lpv)',
    thing: 'landing page views',
  },
  {
    cue: 'content views?|view ?contents?|product (?:page )?views?|product page visits?|(?:cost|costs) per content view',
    thing: 'content views',
  },
  {
    cue: 'initiated checkouts?|initiate checkouts?|checkouts? initiated|checkouts? started|started checkouts?|begin checkouts?|checkouts?|checkout rate|(?:cost|costs) per checkout',
    thing: 'checkouts initiated',
    // A completed checkout is a purchase; "checkout my ads" is a typo of "check out".
    notBefore: 'completed?',
    notAfter: 'completed?|my|the|our|these|this|how|which|what|all',
  },
  {
    cue: '(?:conversion |sales |purchase )?funnel|drop ?off (?:rates?|points?)|(?:the|a|biggest) drop ?offs? (?:between|from|at)|cart abandonment(?: rate)?|abandoned carts?|where (?:do|did|are) (?:people|users|visitors|customers) (?:drop|dropping|leave|leaving|fall|falling)',
    thing: 'funnel steps',
    notBefore: 'top of|middle of|bottom of|top|mid|middle|bottom|upper|lower|full|tof|mof|bof',
  },
];

/** Video watching metrics; "video ads" and ads named "Video - …" are supported filters, not these. */
const videoSpecs: CueSpec[] = [
  {
    cue: 'thru ?plays?|thur ?plays?|thru ?plys?|through ?plays?|thruplay rate|(?:cost|costs) per thru ?play',
    thing: 'ThruPlays',
  },
  {
    cue: '(?:3|three) ?(?:s|sec|secs|second|seconds) (?:video )?(?:views?|plays?|watch\\w*)',
    thing: 'three-second video plays',
  },
  {
    cue: 'video (?:views?|plays?|view rate|watch\\w*)|views? (?:on|of|for) (?:my |our |the |these |those |this |each )?videos?|(?:how many|most|number of) (?:people )?watched|(?:viewed|watched) (?:my|our|the) videos?',
    thing: 'video views',
  },
  {
    cue: 'hook ?rates?|hook ratio|hooked viewers|thumb ?stop(?: ratio| rate)?|thumbstopping',
    thing: 'hook rate',
  },
  { cue: 'hold ?rates?|hold ratio', thing: 'hold rate' },
  {
    cue: '(?:average |avg )?watch ?time|time watched|how long (?:do|did|are|were) (?:people|viewers|users|they) (?:watch\\w*|view\\w*)|view durations?|(?:average|avg) (?:view|play) (?:time|duration)',
    thing: 'watch time',
  },
  {
    cue: '(?:video )?completion rates?|video completions?|completed views?|watched (?:to|till|until) the end|watched (?:the whole|the entire|all of)|p(?:25|50|75|95|100)|(?:25|50|75|95|100) ?% (?:watched|views?|video views?|completions?|plays?)|quartiles?|video retention|audience retention',
    thing: 'video completion',
    notBefore: 'form|lead form|signup|sign up|registration|checkout',
  },
];

/** "adds to cart and checkouts initiated" → one sentence naming both. */
export const funnelTable: CueTable = {
  kind: 'funnel',
  cues: compileCues(funnelSpecs),
  explain(hits) {
    const things = distinct(hits.map((hit) => hit.cue.thing));
    const named = things.includes('funnel steps')
      ? 'funnel steps (landing page views, content views, adds to cart, checkouts)'
      : listWords(things);
    return {
      message: `ARLO doesn't have ${named} yet: it syncs spend, clicks, link clicks, purchases, leads and revenue, not the steps in between.`,
      suggestions: [...SUGGEST.funnel],
    };
  },
};

export const videoTable: CueTable = {
  kind: 'video',
  cues: compileCues(videoSpecs),
  explain(hits) {
    const things = distinct(hits.map((hit) => hit.cue.thing));
    return {
      message: `ARLO doesn't have video metrics such as ${listWords(things)} yet: for video ads it syncs spend, impressions, clicks and conversions.`,
      suggestions: [...SUGGEST.video],
    };
  },
};

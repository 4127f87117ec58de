import { type CueSpec, type CueTable, compileCues, ownExplanation } from './cues';
import { SUGGEST } from './suggestions';

const RATIOS =
  'ctrs?|cpcs?|cpms?|cpas?|roas|cvrs?|conversion rates?|click through rates?|cost per \\w+|frequency|aov';
const PEERS =
  'industry|niche|vertical|sector|category|market|businesses|brands|companies|stores|ecommerce|e commerce';

/** About ads, but nothing ARLO's data can settle: other advertisers, the future, costs it never sees. */
const specs: CueSpec[] = [
  {
    cue: `benchmarks?|industry (?:averages?|avg|standards?|norms?|rates?|data|baselines?|medians?|numbers?)|(?:average|avg|typical|normal|good|median) (?:${RATIOS}) (?:for|in|across) (?:the |my |our |an? |other )?(?:\\w+ )?(?:${PEERS})|(?:compared|relative) (?:to|with) (?:the )?(?:industry|market|other (?:advertisers|brands|businesses|companies|stores|accounts))|other advertisers|similar (?:brands|businesses|companies|advertisers|stores|accounts)|(?:what's|what is|whats) (?:a )?(?:good|normal|typical|healthy|decent) (?:${RATIOS})`,
    thing: 'benchmarks',
    message:
      "I can't compare your results with industry benchmarks: ARLO only has your own Meta Ads data, not other advertisers'. It can compare your results with your own past periods.",
    suggestions: SUGGEST.comparisons,
  },
  {
    cue: "competitors?|competitor's|competitors'|competition|rivals?|rival's|ad library|other brands'? ads|(?:what|which) (?:other|rival) brands",
    thing: 'competitors',
    message: "I can't see competitors' ads or results: ARLO only reads your own Meta ad accounts.",
    suggestions: SUGGEST.comparisons,
  },
  {
    cue: 'forecast\\w*|predict\\w*|projections?|projected|extrapolat\\w*|(?:what|how much|how many|when) will|how will (?:my|our|the|it|we|i|they|this|that)|will (?:i|we|it|they) (?:hit|reach|make|get|spend|be|achieve|exceed|need|run out)|will (?:my|our|the) (?:\\w+ ){1,2}(?:be|improve|drop|increase|decrease|go|hit|reach|recover|grow|keep)|(?:going to|gonna|expected to|expect to|likely to) (?:be|hit|reach|make|get|spend|achieve|look|improve|drop|increase|decrease)|(?:expected|estimated) (?:spend|revenue|roas|cpa|sales|conversions|results|purchases|leads)|what if (?:i|we)|what would happen|run ?rate|on (?:track|pace) (?:to|for)',
    thing: 'forecast',
    message:
      "I can't forecast future results: ARLO reports what has already happened in your Meta Ads. It can show the trend so far.",
    suggestions: SUGGEST.trends,
  },
  {
    cue: 'profit\\w*|margins?|net (?:income|revenue|profit|earnings|return)|cogs|cost of goods(?: sold)?|gross (?:profit|margin)|contribution margin|poas|break ?even(?: roas| point| cpa)?|unit economics',
    thing: 'profit',
    unless: 'roi|return on investment',
    message:
      "I can't work out profit or margins: ARLO has your ad spend and revenue, but not your product costs. ROI and ROAS show the return on ad spend.",
    suggestions: SUGGEST.returns,
  },
  {
    cue: 'ltv|lifetime value|clv|cltv|customer lifetime|repeat (?:purchases?|purchase rate|buyers?|rate)|retention rates?|customer retention|churn\\w*|cohorts?',
    thing: 'customer lifetime value',
    message:
      "ARLO doesn't have customer lifetime value or repeat purchase data: it sees purchases attributed to your ads, not your customers' history.",
    suggestions: SUGGEST.returns,
  },
  {
    cue: 'new (?:vs|versus|or|and) (?:returning|existing|repeat)(?: customers?| buyers?| users?| visitors?| shoppers)?|new (?:vs|versus|or|and) old (?:customers?|buyers?|users?|visitors?|shoppers)|returning (?:customers?|buyers?|users?|visitors?|shoppers)|existing customers?|first ?time (?:customers?|buyers?|purchasers?|shoppers)|repeat customers?|new (?:customers?|buyers?|purchasers?|shoppers)',
    thing: 'new vs returning customers',
    message:
      "ARLO can't tell new customers from returning ones: the results Meta reports don't say whether a buyer had bought before.",
    suggestions: SUGGEST.results,
  },
  {
    cue: 'pixel (?:health|setup|set up|status|firing|events?|errors?|issues?|problems?)|conversions? api|capi|event match quality|emq|tracking (?:issues?|setup|errors?|problems?)|server ?side tracking',
    thing: 'pixel setup',
    message: "ARLO doesn't see your pixel or Conversions API setup: it reads the results Meta reports.",
    suggestions: SUGGEST.results,
  },
  {
    cue: 'invoices?|billing|payment methods?|credit cards?|receipts?|account balance|amount due',
    thing: 'billing',
    message:
      "ARLO doesn't see billing, invoices or payment methods: those are in Meta's Billing settings. It can show what your ads spent.",
    suggestions: SUGGEST.settings,
  },
  {
    cue: 'out of stock|in stock|inventory|stock levels?|sold out',
    thing: 'inventory',
    message: "ARLO doesn't see your store's inventory: it only reads your Meta Ads results.",
    suggestions: SUGGEST.results,
  },
];

export const unavailableTable: CueTable = {
  kind: 'unavailable',
  cues: compileCues(specs),
  explain: ownExplanation(SUGGEST.general),
};

/** Not about the user's ads at all. */
const offTopicSpecs: CueSpec[] = [
  {
    cue: 'weather|temperatures?|rain(?:ing|y|fall)?|snow(?:ing|y)?|sunny|heat ?wave|storms?',
    thing: 'the weather',
    notBefore: 'for|built for',
  },
  {
    cue: 'jokes?|something funny|make me laugh|riddles?|poems?|haikus?|songs?|lyrics|tell me a story|bedtime story',
    thing: 'jokes and stories',
  },
  {
    cue: 'stock (?:prices?|market|tips?|picks?)|stocks? (?:to buy|to invest)|share prices?|nasdaq|dow jones|s ?p 500|bitcoin|btc|crypto\\w*|ethereum|dogecoin|nfts?|forex|invest in (?:stocks|shares|crypto|bitcoin)',
    thing: 'stocks and crypto',
  },
  {
    cue: 'capital of|recipes?|who won|president of|population of|translate|horoscope|what time is it|meaning of life|who are you dating|sports scores?',
    thing: 'general questions',
  },
];

export const offTopicTable: CueTable = {
  kind: 'off_topic',
  cues: compileCues(offTopicSpecs),
  explain(hits) {
    const thing = (hits[0] as (typeof hits)[number]).cue.thing;
    return {
      message: `I can only answer questions about your Meta Ads results, so I can't help with ${thing}.`,
      suggestions: [...SUGGEST.general],
    };
  },
};

import { type CueSpec, type CueTable, compileCues, distinct, listWords } from './cues';
import { SUGGEST, tailored } from './suggestions';

/**
 * Other ad platforms and data sources. Facebook, Instagram, Messenger, WhatsApp, Threads and the
 * Audience Network are Meta's own and never appear here.
 */
const specs: CueSpec[] = [
  { cue: 'google analytics|ga4|ga 4|universal analytics', thing: 'Google Analytics' },
  {
    cue: 'google(?: ads?| adwords| search| shopping| display| pmax| performance max| campaigns?)?|adwords|pmax|performance max',
    thing: 'Google Ads',
    notAfter: 'sheets?|docs?|drive|slides|calendar|login|sign|account to log|chrome',
  },
  { cue: 'tik ?tok|tiktoc|tiktock|ticktock', thing: 'TikTok' },
  { cue: 'pinterest|pintrest|pinterst', thing: 'Pinterest' },
  { cue: 'snap ?chat|snap ads?', thing: 'Snapchat' },
  { cue: 'linked ?in|linkdin', thing: 'LinkedIn' },
  // "X" alone is also a placeholder ("campaign X"), so it needs "ads" or "Twitter" beside it.
  {
    cue: 'twitter|tweets?|x\\.com|x twitter|x formerly twitter|(?:on|from|via|versus|vs) x ads?',
    thing: 'X (Twitter)',
  },
  { cue: 'you ?tube|yt ads?', thing: 'YouTube' },
  { cue: 'bing(?: ads)?|microsoft ads|microsoft advertising', thing: 'Microsoft Ads' },
  { cue: 'amazon(?: ads| advertising| ppc| sponsored)?', thing: 'Amazon Ads' },
  { cue: 'reddit', thing: 'Reddit' },
  { cue: 'quora|taboola|outbrain|criteo', thing: 'that ad network' },
  { cue: 'shopify|shopfiy|shopfy|shoppify', thing: 'Shopify' },
  { cue: 'woo ?commerce|big ?commerce|etsy|squarespace|wix', thing: 'your store platform' },
  { cue: 'klaviyo|klavio|klayvio|klavyio', thing: 'Klaviyo' },
  { cue: 'mail ?chimp', thing: 'Mailchimp' },
  { cue: 'hub ?spot', thing: 'HubSpot' },
  { cue: 'salesforce|crm', thing: 'your CRM' },
  { cue: 'stripe|paypal', thing: 'Stripe' },
  {
    cue: 'e ?mails? (?:campaigns?|marketing|flows?|lists?|opens?|open rates?|revenue|subscribers?|sends?|blasts?)|open rates?|newsletters?|sms (?:campaigns?|marketing|revenue)',
    thing: 'email and SMS',
    detail: 'plural',
  },
  {
    cue: 'organic(?: traffic| reach| posts?| social| search| results?| sessions?| followers?)?|seo|search rankings?|(?:new|gained|gain) followers|followers? (?:count|growth|gained)',
    thing: 'organic and SEO results',
    detail: 'plural',
  },
  {
    cue: 'bounce rates?|(?:web ?site|site|store) (?:traffic|sessions)|(?:sessions|visits) (?:on|to) (?:my|our|the) (?:site|website|store)|time on site|page ?views',
    thing: 'website analytics',
    notBefore: 'landing|product',
  },
];

const cues = compileCues(specs);

/** The verb agrees with the things named: "Google Ads isn't", "TikTok and Pinterest aren't". */
export const platformTable: CueTable = {
  kind: 'platform',
  cues,
  explain(hits, text) {
    const things = distinct(hits.map((hit) => hit.cue.thing));
    const plural = things.length > 1 || hits.some((hit) => hit.cue.detail === 'plural');
    const verb = plural ? "aren't" : "isn't";
    const list = listWords(things);
    return {
      message: `ARLO reads Meta Ads (Facebook and Instagram) only; ${list} ${verb} connected, so I can't answer that.`,
      suggestions: tailored(SUGGEST.results, text),
    };
  },
};

/**
 * Meta's codes for object settings (statuses, bid strategies, optimization goals, calls to action)
 * and how answers name them. Answers show both: the words a marketer knows from Ads Manager, and
 * Meta's code, so either form can be searched for.
 */

export const effectiveStatusLabels: Readonly<Record<string, string>> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  CAMPAIGN_PAUSED: 'Campaign paused',
  ADSET_PAUSED: 'Ad set paused',
  ARCHIVED: 'Archived',
  DELETED: 'Deleted',
  IN_PROCESS: 'Processing',
  WITH_ISSUES: 'With issues',
  PENDING_REVIEW: 'In review',
  DISAPPROVED: 'Disapproved',
  PREAPPROVED: 'Pre-approved',
  PENDING_BILLING_INFO: 'Pending billing info',
};

export const bidStrategyLabels: Readonly<Record<string, string>> = {
  LOWEST_COST_WITHOUT_CAP: 'Highest volume (lowest cost, no cap)',
  COST_CAP: 'Cost per result goal (cost cap)',
  LOWEST_COST_WITH_BID_CAP: 'Bid cap',
  LOWEST_COST_WITH_MIN_ROAS: 'ROAS goal (minimum ROAS)',
  TARGET_COST: 'Target cost (legacy)',
};

export const optimizationGoalLabels: Readonly<Record<string, string>> = {
  OFFSITE_CONVERSIONS: 'Conversions (offsite conversions)',
  LEAD_GENERATION: 'Leads (instant forms)',
  QUALITY_LEAD: 'Quality leads',
  REACH: 'Reach',
  IMPRESSIONS: 'Impressions',
  LINK_CLICKS: 'Link clicks',
  LANDING_PAGE_VIEWS: 'Landing page views',
  VALUE: 'Value (highest purchase value)',
  THRUPLAY: 'ThruPlay views',
  POST_ENGAGEMENT: 'Post engagement',
  PAGE_LIKES: 'Page likes',
  APP_INSTALLS: 'App installs',
  AD_RECALL_LIFT: 'Ad recall lift',
  CONVERSATIONS: 'Conversations',
  EVENT_RESPONSES: 'Event responses',
  QUALITY_CALL: 'Calls',
  VISIT_INSTAGRAM_PROFILE: 'Instagram profile visits',
  PROFILE_VISIT: 'Profile visits',
  SUBSCRIBERS: 'Subscribers',
  REMINDERS_SET: 'Reminders set',
  DERIVED_EVENTS: 'Derived events',
  IN_APP_VALUE: 'In-app value',
};

export const callToActionLabels: Readonly<Record<string, string>> = {
  SHOP_NOW: 'Shop now',
  LEARN_MORE: 'Learn more',
  SIGN_UP: 'Sign up',
  BOOK_TRAVEL: 'Book now',
  BOOK_NOW: 'Book now',
  DOWNLOAD: 'Download',
  GET_OFFER: 'Get offer',
  GET_QUOTE: 'Get quote',
  CONTACT_US: 'Contact us',
  SUBSCRIBE: 'Subscribe',
  APPLY_NOW: 'Apply now',
  WATCH_MORE: 'Watch more',
  WATCH_VIDEO: 'Watch video',
  SEND_MESSAGE: 'Send message',
  MESSAGE_PAGE: 'Send message',
  ORDER_NOW: 'Order now',
  BUY_NOW: 'Buy now',
  SEE_MENU: 'See menu',
  DONATE_NOW: 'Donate now',
  GET_DIRECTIONS: 'Get directions',
  INSTALL_MOBILE_APP: 'Install now',
  LISTEN_NOW: 'Listen now',
  PLAY_GAME: 'Play game',
  NO_BUTTON: 'No button',
};

export const formatLabels: Readonly<Record<string, string>> = {
  VIDEO: 'Video',
  PHOTO: 'Image',
  SHARE: 'Link or carousel',
  STATUS: 'Text',
};

/** 'WITH_ISSUES' → 'With issues': a code no table names yet reads as words. */
export function humanizeCode(code: string): string {
  const words = code.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A setting as text: its words, then Meta's code ("Bid cap (`LOWEST_COST_WITH_BID_CAP`)"). */
export function settingWords(labels: Readonly<Record<string, string>>, code: string | null): string {
  if (!code) return 'none set';
  return `${labels[code] ?? humanizeCode(code)} (\`${code}\`)`;
}

/** A setting in a table cell: its words with the code beside it, so the table matches the text. */
export function settingCell(labels: Readonly<Record<string, string>>, code: string | null): string | null {
  if (!code) return null;
  return `${labels[code] ?? humanizeCode(code)} (${code})`;
}

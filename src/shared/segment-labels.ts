/**
 * How Meta's segment codes read as words: the engine writes them into answers' text and the chat
 * shows them in tables and charts, so both take them from here and never disagree.
 */
export const genderLabels: Readonly<Record<string, string>> = {
  female: 'Women',
  male: 'Men',
  unknown: 'Unknown gender',
};

export const deviceLabels: Readonly<Record<string, string>> = {
  mobile_app: 'Mobile app',
  mobile_web: 'Mobile web',
  desktop: 'Desktop',
};

export const platformLabels: Readonly<Record<string, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  audience_network: 'Audience Network',
  messenger: 'Messenger',
  threads: 'Threads',
  whatsapp: 'WhatsApp',
};

/** A position ("feed") exists on several platforms, so a placement is named by the pair "platform|position". */
export const placementLabels: Readonly<Record<string, string>> = {
  'facebook|feed': 'Facebook Feed',
  'facebook|facebook_reels': 'Facebook Reels',
  'facebook|facebook_stories': 'Facebook Stories',
  'facebook|marketplace': 'Facebook Marketplace',
  'facebook|video_feeds': 'Facebook Video Feeds',
  'facebook|right_hand_column': 'Facebook Right Column',
  'facebook|search': 'Facebook Search Results',
  'facebook|instream_video': 'Facebook In-stream Videos',
  'facebook|facebook_reels_overlay': 'Facebook Reels Overlay',
  'instagram|feed': 'Instagram Feed',
  'instagram|instagram_reels': 'Instagram Reels',
  'instagram|instagram_stories': 'Instagram Stories',
  'instagram|instagram_explore': 'Instagram Explore',
  'instagram|instagram_explore_grid_home': 'Instagram Explore Home',
  'instagram|instagram_profile_feed': 'Instagram Profile Feed',
  'instagram|instagram_search': 'Instagram Search Results',
  'audience_network|an_classic': 'Audience Network Native, Banner and Interstitial',
  'audience_network|rewarded_video': 'Audience Network Rewarded Videos',
  'messenger|messenger_inbox': 'Messenger Inbox',
  'messenger|messenger_stories': 'Messenger Stories',
};

/** Meta's creative object_type; ads whose settings were never read group as UNKNOWN. */
export const formatLabels: Readonly<Record<string, string>> = {
  VIDEO: 'Video',
  PHOTO: 'Image',
  SHARE: 'Link or carousel',
  STATUS: 'Text',
  UNKNOWN: 'Unknown format',
};

/** Settings' warning while Facebook permissions are missing. */
export const FACEBOOK_REQUIRED = 'Facebook permissions required';

/** Listed but not offered yet; Google Ads is the one shown as coming soon. */
export const UNAVAILABLE_INTEGRATIONS = [
  { name: 'Google Ads', about: 'Search, Shopping and YouTube campaigns', note: 'Coming soon' },
  { name: 'Google Analytics', about: 'Website traffic and conversions', note: 'Not available' },
  { name: 'Shopify', about: 'Orders and revenue', note: 'Not available' },
  { name: 'HubSpot', about: 'Contacts and deals', note: 'Not available' },
  { name: 'Salesforce', about: 'Leads and pipeline', note: 'Not available' },
  { name: 'TikTok Ads', about: 'TikTok campaigns', note: 'Not available' },
  { name: 'X', about: 'X (Twitter) campaigns', note: 'Not available' },
] as const;

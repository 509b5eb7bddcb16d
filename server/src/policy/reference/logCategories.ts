/**
 * The web log's category codes (common's WEB_CATEGORIES, the `category` field of scan_web) as ids
 * of the v1 category tree (webCategories.ts) the web policy's rules name: how a logged request's
 * category meets the policy (the demo events' deciding rules, issue 12).
 */
export const LOG_CATEGORY_IDS: Readonly<Record<string, number>> = {
  business: 4,
  news: 63,
  social_networking: 14,
  search_engines: 50,
  webmail: 55,
  streaming_media: 25,
  shopping: 7,
  financial_services: 3,
  technology: 5,
  cloud_storage: 47,
  collaboration: 66,
  games: 34,
  gambling: 27,
  adult: 11,
  travel: 9,
  education: 40,
  government: 61,
  health: 69,
  sports: 42,
  entertainment: 21,
  job_search: 26,
  advertising: 52,
  malware_sites: 56,
  phishing: 57,
  proxy_avoidance: 58,
  uncategorized: 84,
};

/**
 * The popular-sites feed (docs/policy.md §3 GET /safemail/whitelist/feeds/, email reason `menlo`
 * "Popular Sites"): widely used sites whose links in mail pass without rewriting, most popular
 * first. The provider keeps one list for every tenant; the reference backend ships it as data.
 */
import type { PopularSite } from '@workbench/common/api/contract/safemailWhitelist';

const DOMAINS = [
  'google.com',
  'youtube.com',
  'microsoft.com',
  'apple.com',
  'amazon.com',
  'wikipedia.org',
  'linkedin.com',
  'office.com',
  'live.com',
  'github.com',
  'zoom.us',
  'salesforce.com',
  'adobe.com',
  'dropbox.com',
  'slack.com',
  'atlassian.net',
  'cloudflare.com',
  'paypal.com',
  'docusign.net',
  'bbc.co.uk',
  'nytimes.com',
  'reuters.com',
  'stackoverflow.com',
  'mozilla.org',
  'wordpress.com',
  'shopify.com',
  'intuit.com',
  'workday.com',
  'servicenow.com',
  'okta.com',
];

export const POPULAR_SITES: readonly PopularSite[] = DOMAINS.map((domain, i) => ({
  domain,
  rank: i + 1,
  source: 'menlo',
}));

/**
 * The demo category database: what the URL-classification service says a site is. A real
 * deployment asks the vendor's service (millions of domains); the reference backend ships a
 * realistic set of well-known sites, and the same lookup serves every part that needs a site's
 * category: the demo web events (eventGenerator.ts's popular sites) and the policy tester (a URL
 * tested without a category picked, issue 31). Categories are the web log's category codes
 * (common's WEB_CATEGORIES); `siteCategory` gives the id in the category tree a revision is
 * written in (v1, or v2 after the migration).
 *
 * A host matches its own entry or its nearest listed parent domain (drive.google.com before
 * google.com); a site in no entry is what the service calls Unknown (`uncategorized`).
 */
import { LOG_CATEGORY_IDS } from './logCategories';
import { v2IdsOf } from './webCategoriesV2';

/** Well-known sites by category code (the log's `category` values). */
const SITES_BY_CATEGORY: Readonly<Record<string, readonly string[]>> = {
  search_engines: ['google.com', 'bing.com', 'duckduckgo.com', 'yahoo.com', 'baidu.com', 'yandex.ru'],
  technology: [
    'microsoft.com',
    'github.com',
    'stackoverflow.com',
    'apple.com',
    'mozilla.org',
    'cloudflare.com',
    'ubuntu.com',
    'python.org',
    'npmjs.com',
    'gitlab.com',
  ],
  collaboration: [
    'office.com',
    'slack.com',
    'zoom.us',
    'atlassian.net',
    'teams.microsoft.com',
    'webex.com',
    'miro.com',
  ],
  streaming_media: [
    'youtube.com',
    'netflix.com',
    'spotify.com',
    'hulu.com',
    'disneyplus.com',
    'primevideo.com',
    'vimeo.com',
    'soundcloud.com',
    'deezer.com',
  ],
  business: [
    'salesforce.com',
    'workday.com',
    'servicenow.com',
    'sap.com',
    'oracle.com',
    'docusign.net',
    'intuit.com',
    'hubspot.com',
    'zendesk.com',
    'okta.com',
  ],
  social_networking: [
    'linkedin.com',
    'facebook.com',
    'x.com',
    'twitter.com',
    'reddit.com',
    'instagram.com',
    'tiktok.com',
    'pinterest.com',
    'tumblr.com',
    'snapchat.com',
  ],
  shopping: [
    'amazon.com',
    'ebay.com',
    'etsy.com',
    'walmart.com',
    'target.com',
    'ikea.com',
    'aliexpress.com',
    'shopify.com',
  ],
  education: [
    'wikipedia.org',
    'coursera.org',
    'khanacademy.org',
    'edx.org',
    'mit.edu',
    'udemy.com',
    'duolingo.com',
  ],
  webmail: [
    'gmail.com',
    'mail.google.com',
    'outlook.com',
    'live.com',
    'mail.yahoo.com',
    'proton.me',
    'zoho.com',
  ],
  cloud_storage: [
    'dropbox.com',
    'box.com',
    'wetransfer.com',
    'drive.google.com',
    'onedrive.live.com',
    'icloud.com',
    'mega.nz',
    'mediafire.com',
  ],
  news: [
    'bbc.co.uk',
    'bbc.com',
    'nytimes.com',
    'cnn.com',
    'reuters.com',
    'weather.com',
    'theguardian.com',
    'washingtonpost.com',
    'apnews.com',
    'lemonde.fr',
    'spiegel.de',
  ],
  financial_services: [
    'bloomberg.com',
    'paypal.com',
    'chase.com',
    'bankofamerica.com',
    'wellsfargo.com',
    'fidelity.com',
    'stripe.com',
    'wise.com',
    'coinbase.com',
  ],
  travel: [
    'booking.com',
    'expedia.com',
    'airbnb.com',
    'tripadvisor.com',
    'kayak.com',
    'united.com',
    'marriott.com',
  ],
  job_search: ['indeed.com', 'glassdoor.com', 'monster.com', 'ziprecruiter.com'],
  sports: ['espn.com', 'nba.com', 'nfl.com', 'fifa.com', 'uefa.com', 'skysports.com'],
  advertising: [
    'doubleclick.net',
    'googlesyndication.com',
    'adnxs.com',
    'criteo.com',
    'taboola.com',
    'outbrain.com',
  ],
  government: ['irs.gov', 'usa.gov', 'gov.uk', 'europa.eu', 'ssa.gov'],
  health: ['nih.gov', 'webmd.com', 'mayoclinic.org', 'who.int', 'cdc.gov', 'nhs.uk'],
  games: [
    'twitch.tv',
    'steampowered.com',
    'epicgames.com',
    'roblox.com',
    'ea.com',
    'minecraft.net',
    'xbox.com',
  ],
  entertainment: ['imdb.com', 'rottentomatoes.com', 'ticketmaster.com', 'variety.com'],
  gambling: [
    'pokerstars.com',
    'bet365.com',
    'williamhill.com',
    'draftkings.com',
    'betfair.com',
    '888casino.com',
  ],
  adult: ['pornhub.com', 'xvideos.com', 'onlyfans.com'],
  proxy_avoidance: ['hidemyass.com', 'proxysite.com', 'hide.me', 'kproxy.com', 'torproject.org'],
  // Test sites that security vendors publish for checking that a block works.
  malware_sites: ['malware.wicar.org', 'examplemalwaredomain.com'],
  phishing: ['internetbadguys.com'],
};

/** Every listed site: its domain and category code. */
export const SITE_CATEGORY_DATABASE: ReadonlyMap<string, string> = new Map(
  Object.entries(SITES_BY_CATEGORY).flatMap(([code, domains]) => domains.map((d) => [d, code] as const)),
);

/** What the service calls a site it does not know. */
export const UNKNOWN_SITE_CATEGORY = 'uncategorized';

/** The category code of a host: its own entry or its nearest listed parent domain; null if none. */
export function siteCategoryCode(host: string): { domain: string; code: string } | null {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    const domain = labels.slice(i).join('.');
    const code = SITE_CATEGORY_DATABASE.get(domain);
    if (code !== undefined) return { domain, code };
  }
  return null;
}

/**
 * The id of a category code in the tree of `categoryVersion`: the log speaks v1; after the
 * migration a v1 category that v2 split is taken as the first v2 category it became.
 */
export function categoryIdOfCode(code: string, categoryVersion: number): number | undefined {
  const v1 = LOG_CATEGORY_IDS[code];
  if (v1 === undefined || categoryVersion < 2) return v1;
  return v2IdsOf(v1)[0];
}

/**
 * What the category database says of a host, as an id of `categoryVersion`'s tree: the entry
 * that matched (null: not listed, so Unknown) and the category id.
 */
export function siteCategory(host: string, categoryVersion: number): { domain: string | null; id: number } {
  const found = siteCategoryCode(host);
  const id = categoryIdOfCode(found?.code ?? UNKNOWN_SITE_CATEGORY, categoryVersion);
  // Every code of the database has an id in both trees (siteCategories.test.ts checks it).
  if (id === undefined) throw new Error(`No category id for ${found?.code ?? UNKNOWN_SITE_CATEGORY}`);
  return { domain: found?.domain ?? null, id };
}

/**
 * The browser side of the connectivity test (docs/contact.md §2): each site is
 * fetched no-cors with the run's `testId`, one after another (so one site's wait does not slow
 * another's timing), timed with performance.now(); a site passes when the fetch answers (an opaque
 * answer is all no-cors gives of another origin; one of our own origin must be a success) within
 * CONNECTIVITY_TIMEOUT_MS. These fetches are not API calls: they go around the HTTP client on
 * purpose, as the spec's no-cors fetch does.
 */
import {
  CONNECTIVITY_ERROR_MAX,
  CONNECTIVITY_TIMEOUT_MS,
  type ConnectivitySite,
  type ConnectivitySiteResult,
} from '../../api/contract/connectivity';

export interface ConnectivityRunner {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  timeoutMs?: number;
}

const browserRunner = (): ConnectivityRunner => ({
  fetch: (url, init) => fetch(url, init),
  now: () => performance.now(),
});

/** The site's URL with the run's testId (a cache-buster too). */
export const siteTestUrl = (site: ConnectivitySite, testId: string): string =>
  `${site.url}${site.url.includes('?') ? '&' : '?'}testId=${encodeURIComponent(testId)}`;

const rounded = (ms: number) => Math.round(Math.max(0, ms) * 10) / 10;

export async function testSite(
  site: ConnectivitySite,
  testId: string,
  runner: ConnectivityRunner = browserRunner(),
): Promise<ConnectivitySiteResult> {
  const timeoutMs = runner.timeoutMs ?? CONNECTIVITY_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const start = runner.now();
  const failed = (error: string): ConnectivitySiteResult => ({
    site_id: site.id,
    passed: false,
    duration_ms: rounded(runner.now() - start),
    error: error.slice(0, CONNECTIVITY_ERROR_MAX),
  });
  try {
    const answer = await runner.fetch(siteTestUrl(site, testId), {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    if (answer.type !== 'opaque' && !answer.ok) return failed(`Answered HTTP ${answer.status}`);
    return { site_id: site.id, passed: true, duration_ms: rounded(runner.now() - start) };
  } catch (error) {
    if (controller.signal.aborted) return failed(`No answer within ${timeoutMs / 1000} s`);
    return failed(`Not reached: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Tests every site in turn; `onResult` hears each as it lands (the page shows it at once). */
export async function runConnectivityTest(
  sites: readonly ConnectivitySite[],
  testId: string,
  onResult: (result: ConnectivitySiteResult) => void,
  runner?: ConnectivityRunner,
): Promise<ConnectivitySiteResult[]> {
  const results: ConnectivitySiteResult[] = [];
  for (const site of sites) {
    const result = await testSite(site, testId, runner);
    results.push(result);
    onResult(result);
  }
  return results;
}

import type { ConnectivitySite } from '../../api/contract/connectivity';
import { runConnectivityTest, siteTestUrl, testSite, type ConnectivityRunner } from './runConnectivityTest';

const site = (id: ConnectivitySite['id'], url = `/connectivity/site/${id}/status`): ConnectivitySite => ({
  id,
  name: id,
  description: '',
  url,
});

/** A runner whose clock moves by `step` ms per fetch, answering as `answer` says. */
function runner(
  answer: (url: string, init: RequestInit) => Promise<Response>,
  step = 5,
): ConnectivityRunner & {
  calls: Array<[string, RequestInit]>;
} {
  let t = 100;
  const calls: Array<[string, RequestInit]> = [];
  return {
    calls,
    now: () => t,
    fetch: (url, init) => {
      calls.push([url, init]);
      t += step;
      return answer(url, init);
    },
  };
}

const opaque = () => Promise.resolve({ type: 'opaque', ok: false, status: 0 } as Response);

test('each site is fetched no-cors with the testId, in turn, and timed', async () => {
  const r = runner(opaque, 12.34);
  const heard: string[] = [];
  const results = await runConnectivityTest(
    [site('auth'), site('policy')],
    'T-1',
    (x) => heard.push(x.site_id),
    r,
  );
  expect(r.calls.map(([url]) => url)).toEqual([
    '/connectivity/site/auth/status?testId=T-1',
    '/connectivity/site/policy/status?testId=T-1',
  ]);
  expect(r.calls[0][1]).toMatchObject({ mode: 'no-cors', cache: 'no-store' });
  expect(results).toEqual([
    { site_id: 'auth', passed: true, duration_ms: 12.3 },
    { site_id: 'policy', passed: true, duration_ms: 12.3 },
  ]);
  expect(heard).toEqual(['auth', 'policy']);
  expect(siteTestUrl(site('auth', '/s?a=1'), 'x y')).toBe('/s?a=1&testId=x%20y');
});

test('a network error, an error status of our own origin and a time-out fail, saying why', async () => {
  const down = await testSite(
    site('auth'),
    'T',
    runner(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  expect(down).toMatchObject({ passed: false, error: 'Not reached: Failed to fetch' });
  const broken = await testSite(
    site('auth'),
    'T',
    runner(() => Promise.resolve({ type: 'basic', ok: false, status: 503 } as Response)),
  );
  expect(broken).toMatchObject({ passed: false, error: 'Answered HTTP 503' });
  const slow = runner(
    (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );
  slow.timeoutMs = 20;
  expect(await testSite(site('auth'), 'T', slow)).toMatchObject({
    passed: false,
    error: 'No answer within 0.02 s',
  });
});

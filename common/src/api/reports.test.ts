import MockAdapter from 'axios-mock-adapter';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import { fetchInsights, reportQueryParams, runReportQuery } from './reports';

describe('report calls (docs/reports.md §1 Reports)', () => {
  test('a report request sends its range, limit or buckets, result type and comma-joined filters', async () => {
    expect(
      reportQueryParams({
        start: 10,
        end: 20,
        limit: 5,
        resultType: 'count',
        filters: { pe_action: ['safeview', 'block'], userid: [] },
      }),
    ).toEqual({ start: '10', end: '20', limit: '5', result_type: 'count', pe_action: 'safeview,block' });
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onAny().reply(200, { name: 'casb_request_count_by_application_discovery/groups', rows: [] });
    await runReportQuery(http, 'casb_request_count_by_application_discovery/groups', { start: 1, end: 2 });
    expect(mock.history.get[0]).toMatchObject({
      url: '/api/rep/v1/query/casb_request_count_by_application_discovery/groups',
      params: { start: '1', end: '2' },
    });
  });

  test("with a tenant id (the support view) the query goes to that tenant's provider path", async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onAny().reply(200, { name: 'top_domains', rows: [] });
    await runReportQuery(http, 'top_domains', { start: 1, end: 2, limit: 3 }, 'tenant one/2');
    expect(mock.history.get[0]).toMatchObject({
      url: '/gdmanage/api/v1/tenants/tenant%20one%2F2/reports/top_domains',
      params: { start: '1', end: '2', limit: '3' },
    });
  });

  test('insights: GET /api/insights/v1/q with q and src; unset parameters are not sent', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onAny().reply(200, { q: 'x', src: 'bandwidth', total: 1, top: {} });
    expect((await fetchInsights(http, { q: 'x', src: 'bandwidth', start: undefined })).total).toBe(1);
    expect(mock.history.get[0]).toMatchObject({
      url: '/api/insights/v1/q',
      params: { q: 'x', src: 'bandwidth' },
    });
    expect(Object.keys(mock.history.get[0].params as object)).toEqual(['q', 'src']);
  });
});

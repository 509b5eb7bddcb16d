import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import type MockAdapter from 'axios-mock-adapter';
import { reportChartOption } from '@workbench/charts';
import { reportQueryPath } from '@workbench/common/api/contract/reportQueries';
import { dashboardIds } from '@workbench/common/test-ids/index';
import { fileAnalysisIds } from '@workbench/common/test-ids/fileAnalysisIds';
import { FILESERVER_RESTAPI_PATH } from '@workbench/common/api/contract/fileserver';
import { intervalToTimeRange, timeRangeToUnixSeconds } from '@workbench/common/features/interval/index';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { downloadFile } from '@workbench/common/formatting/downloadFile';
import {
  canDrillDown,
  dashboardRange,
  pageFiltersOf,
  panelColumns,
  panelFilters,
  panelId,
  panelParams,
  panelTableRows,
} from '@workbench/common/components/report-dashboard/index';
import { drillDownPath } from './drillDown';
import { reportGroupLogs } from '@workbench/common/api/contract/reportDrillDown';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/index';
import { buildLogQuery, readLogView } from '../logs/logView';
import { DASHBOARDS } from '@workbench/common/api/contract/reportDashboards';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  type ReportQueryDef,
} from '@workbench/common/api/contract/reportQueries';

afterEach(resetPortalEnv);

/*
 * ECharts draws on a canvas jsdom does not have: the chart is replaced by the names of its bars
 * (buttons that report a click as ECharts does) or the count of its points. The option builders
 * are tested in charts/, the drawn charts in the browser.
 */
jest.mock('@workbench/charts/EChart', () => ({
  EChart: ({
    option,
    onClick,
    label,
    testId,
  }: {
    option: { yAxis?: { data?: string[] }; series: { data: unknown[] }[] };
    onClick?: (c: { name: string; dataIndex: number; value: unknown }) => void;
    label: string;
    testId?: string;
  }) => {
    mockChartRenders.set(testId, (mockChartRenders.get(testId) ?? 0) + 1);
    return (
      <div role="img" aria-label={label} data-testid={testId}>
        {option.yAxis?.data
          ? option.yAxis.data.map((name, i) => (
              <button
                key={name}
                onClick={() => onClick?.({ name, dataIndex: i, value: option.series[0].data[i] })}
              >
                {name}
              </button>
            ))
          : `${option.series[0].data.length} points`}
      </div>
    );
  },
}));
/** How often each chart (by its test id) rendered. */
const mockChartRenders = new Map<string | undefined, number>();
// The option builder as it is, counted: a panel builds its chart's option at each of its renders.
jest.mock('@workbench/charts', () => {
  const charts = jest.requireActual<typeof import('@workbench/charts')>('@workbench/charts');
  return { ...charts, reportChartOption: jest.fn(charts.reportChartOption) };
});
/** How often the panel of a query rendered (its chart's option built, by its title). */
const panelRenders = (title: string) =>
  jest.mocked(reportChartOption).mock.calls.filter(([, , o]) => o.name === title).length;

// AG Grid draws no rows in jsdom: the table view is a plain list driven by the same props.
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);
jest.mock('@workbench/common/formatting/downloadFile', () => ({ downloadFile: jest.fn() }));

const TOP = reportQueryPath('top_domains');
const BANDWIDTH = reportQueryPath('bandwidth_usage_by_date');
const NOW = Date.UTC(2026, 10, 25, 6, 0, 0);

const REPORT_QUERY_PATH = /^\/api\/rep\/v1\/query\/[a-z_]+$/;
/** Every report query: two domains (as keys) for a top-N, three buckets for a by-date query. */
const serve = (m: MockAdapter) => m.onGet(REPORT_QUERY_PATH).reply(reportAnswer);
/** serve's answer to a report query's request. */
function reportAnswer(config: AxiosRequestConfig): [number, unknown] {
  return [
    200,
    {
      name: String(config.url).split('/').at(-1),
      start: Number(config.params.start),
      end: Number(config.params.end),
      ...(config.params.granularity
        ? {
            granularity: config.params.granularity,
            rows: [
              { key: 1, value: 2048 },
              { key: 2, value: 0 },
              { key: 3, value: 4096 },
            ],
          }
        : {
            rows: [
              { key: 'news.example', value: 30 },
              { key: 'mail.example', value: 12 },
            ],
          }),
    },
  ];
}
/** The text of every style rule in the document (emotion's, as tags or inserted rules). */
const styleText = () =>
  [...document.querySelectorAll('style')]
    .map((tag) => `${tag.textContent}${[...(tag.sheet?.cssRules ?? [])].map((r) => r.cssText).join('')}`)
    .join('');
const calls = (mock: MockAdapter, path: string) => mock.history.get.filter((r) => r.url === path);
/** A tenant with e-mail isolation (menlo_email, as acme): the Email board and its panels. */
const WITH_EMAIL = { rbac: true, safemailPolicy: true, email_attachments: true };

beforeEach(() => {
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'setTimeout',
      'setInterval',
      'queueMicrotask',
      'nextTick',
      'setImmediate',
      // The tab row draws after the first paint (afterNextPaint).
      'requestAnimationFrame',
      'cancelAnimationFrame',
    ],
  });
});
afterEach(() => jest.useRealTimers());

describe('dashboard', () => {
  it('asks each panel’s query over the interval ending now (default 30d, P2D buckets) and draws it', async () => {
    const { mock } = renderPortal({
      path: '/dashboard?board=bandwidth',
      user: demoUser('admin'),
      stubs: serve,
    });
    expect(await screen.findByTestId(`${dashboardIds.chart}-bandwidth_usage_by_date`)).toHaveTextContent(
      '3 points',
    );
    await userEvent.click(await screen.findByTestId(`${dashboardIds.tab}-web`));
    const top = await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    expect(within(top).getByRole('button', { name: 'news.example' })).toBeInTheDocument();
    const { start, end } = timeRangeToUnixSeconds(
      intervalToTimeRange('30d', Math.ceil(NOW / 60_000) * 60_000),
    );
    expect(end).toBe(Math.ceil(NOW / 60_000) * 60);
    expect(calls(mock, TOP)[0]?.params).toEqual({ start: String(start), end: String(end), limit: '10' });
    // docs/reports.md §1: every report query carries limit (default 50), a by-date one too.
    expect(calls(mock, BANDWIDTH)[0]?.params).toEqual({
      start: String(start),
      end: String(end),
      limit: '50',
      granularity: 'P2D',
    });
  });

  it('the interval and pinned end come from the URL; choosing another interval asks again', async () => {
    const { mock } = renderPortal({
      path: '/dashboard?board=bandwidth&interval=24h&to=1800000000',
      user: demoUser('admin'),
      stubs: serve,
    });
    await screen.findByTestId(`${dashboardIds.chart}-top_bandwidth_users`);
    const TOP = reportQueryPath('top_bandwidth_users');
    expect(calls(mock, TOP)[0]?.params).toMatchObject({
      start: String(1800000000 - 86400),
      end: '1800000000',
    });
    expect(calls(mock, BANDWIDTH)[0]?.params).toMatchObject({ granularity: 'PT2H' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Interval' }));
    await userEvent.click(await screen.findByRole('option', { name: /7 days/i }));
    const end = Math.ceil(NOW / 60_000) * 60;
    await waitFor(() =>
      expect(calls(mock, TOP).at(-1)?.params).toMatchObject({
        start: String(end - 7 * 86400),
        end: String(end),
      }),
    );
    // The chart and the KPI follow the interval's granularity; the heat map stays hourly.
    await waitFor(() =>
      expect(
        calls(mock, BANDWIDTH).some((r) => (r.params as { granularity: string }).granularity === 'P1D'),
      ).toBe(true),
    );
  });

  it('a click on a bar opens the logs explorer of the query’s log type, same range, filtered to that group', async () => {
    const view = renderPortal({
      path: '/dashboard?interval=24h&to=1800000000',
      user: demoUser('admin'),
      stubs: (m) => {
        serve(m);
        m.onGet('/api/rep/v1/query/scan_web').reply(200, {
          events: [],
          pagingIdentifiers: { last_iteration: true },
        });
        m.onGet('/api/rep/v1/histogram/scan_web').reply(200, {
          total: 30,
          bucketMs: 1_800_000,
          seriesField: 'action',
          buckets: [],
        });
      },
    });
    const top = await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    const report = calls(view.mock, TOP)[0]?.params as Record<string, string>;
    await userEvent.click(within(top).getByRole('button', { name: 'news.example' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/logs/web'));
    // The bar's dimension as a field filter (not a free-text search), over the same interval.
    expect(Object.fromEntries(new URLSearchParams(view.router.state.location.search))).toEqual({
      interval: '24h',
      to: '1800000000',
      domain: 'news.example',
    });
    // The explorer asks the logs API for exactly the bar's events: its range, its field.
    await waitFor(() => expect(calls(view.mock, '/api/rep/v1/histogram/scan_web').length).toBeGreaterThan(0));
    const [asked] = calls(view.mock, '/api/rep/v1/histogram/scan_web').map(
      (r) => r.params as Record<string, string>,
    );
    expect(asked).toMatchObject({ start: report.start, end: report.end, domain: 'news.example' });
    expect(asked).not.toHaveProperty('search');
    expect(asked).not.toHaveProperty('q');
  });

  it('every query grouped by a field drills into its registry row’s log type and field, over the dashboard’s range', () => {
    const end = 1_800_000_000;
    for (const name of REPORT_QUERY_NAMES) {
      const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
      const { dimension } = def;
      if (dimension.kind !== 'field') {
        expect([name, drillDownPath(name, '1', '7d', end)]).toEqual([name, null]);
        continue;
      }
      // A value with a comma, or the one its fixed condition allows on the same field.
      const fixed = def.where?.find((w) => w.field === dimension.field);
      const key = fixed?.values[0] ?? 'a, b';
      const path = drillDownPath(name, key, '7d', end);
      // The explorer reads the path into the logs API's query: the report's range and condition.
      const [route, search] = path!.replace('/logs/', '').split('?') as [LogRoute, string];
      expect([name, LOG_ROUTE_TYPES[route]]).toEqual([name, def.logType]);
      const { order: _order, ...params } = buildLogQuery(
        route,
        readLogView(route, new URLSearchParams(search)),
        Date.now(),
      ).params;
      const logs = reportGroupLogs(name, key)!;
      const range = dashboardRange('7d', end * 1000);
      expect({ name, params }).toEqual({
        name,
        params: {
          start: String(range.start),
          end: String(range.end),
          ...Object.fromEntries(Object.entries(logs.filters).map(([f, v]) => [f, v.join(',')])),
          ...(logs.q !== '' ? { q: logs.q } : {}),
        },
      });
      // A value with a comma cannot be a filter parameter: an exact term of the query language.
      if (!fixed) expect(logs.q).toBe(`${dimension.field}:"a, b"`);
      else expect(logs.filters[dimension.field]).toEqual([key]);
    }
  });

  it('drill-down filters by the group’s field, never the free-text search; a date chart has none', () => {
    expect(drillDownPath('top_domains', 'a.example', '7d', 100)).toBe(
      '/logs/web?interval=7d&to=100&domain=a.example',
    );
    expect(drillDownPath('top_categories_v2', 'games', '7d', 100)).toBe(
      '/logs/web?interval=7d&to=100&webroot_cats=games',
    );
    expect(drillDownPath('top_browsers', 'Chrome', '7d', 100)).toBe(
      '/logs/web?interval=7d&to=100&browser=Chrome',
    );
    expect(drillDownPath('bandwidth_usage_by_date', '1', '7d', 100)).toBeNull();
  });

  it('the page filters go to the panels whose query takes them; the others say which they ignore', () => {
    const filters = pageFiltersOf(
      new URLSearchParams('pe_action=block,isolate&userid=%20ella%40acme.example%20&domain='),
    );
    expect(filters).toEqual({ pe_action: ['block', 'isolate'], userid: ['ella@acme.example'] });
    expect(panelParams({ query: 'top_domains', limit: 10 }, '7d', { start: 1, end: 2 }, filters)).toEqual({
      start: 1,
      end: 2,
      limit: 10,
      filters: { pe_action: ['block', 'isolate'], userid: ['ella@acme.example'] },
    });
    expect(panelFilters('fwaas_top_sources', filters)).toEqual({
      applied: { userid: ['ella@acme.example'] },
      ignored: ['Action'],
    });
    expect(panelFilters('top_risk_users', { cats: ['news'], domain: ['a.example'] })).toEqual({
      applied: { domain: ['a.example'] },
      ignored: ['Category'],
    });
  });

  it('drill-down carries the page filters; conditions on one field hold together', () => {
    // isolate is sent as safeview (docs/reports.md §2); the explorer filters by action.
    expect(drillDownPath('top_domains', 'a.example', '7d', 100, { pe_action: ['isolate', 'block'] })).toBe(
      '/logs/web?interval=7d&to=100&action=safeview%2Cblock&domain=a.example',
    );
    // Averted risks are blocked or isolated: with the page's Action "block", only block.
    expect(drillDownPath('risks_averted', 'malware', '7d', 100, { pe_action: ['block', 'allow'] })).toBe(
      '/logs/web?interval=7d&to=100&action=block&threat_class=malware',
    );
    // A user filter and a domain group: two field filters (a search could hold only one of them).
    expect(drillDownPath('top_domains', 'a.example', '7d', 100, { userid: ['ella@acme.example'] })).toBe(
      '/logs/web?interval=7d&to=100&userid=ella%40acme.example&domain=a.example',
    );
  });

  it('the filter bar is in the URL and narrows the panels; a panel that cannot take a filter says so', async () => {
    const view = renderPortal({
      path: '/dashboard?board=firewall&pe_action=block',
      user: demoUser('admin'),
      stubs: serve,
    });
    expect(await screen.findByTestId(`${dashboardIds.unfiltered}-fwaas_top_sources`)).toHaveTextContent(
      'Not filtered by Action',
    );
    await userEvent.type(screen.getByTestId(`${dashboardIds.textFilter}-userid`), 'ella@acme.example{Enter}');
    expect(new URLSearchParams(view.router.state.location.search).get('userid')).toBe('ella@acme.example');
    await waitFor(() =>
      expect(
        calls(view.mock, '/api/rep/v1/query/fwaas_top_sources').some(
          (r) => (r.params as Record<string, string>).userid === 'ella@acme.example',
        ),
      ).toBe(true),
    );
    expect(
      calls(view.mock, '/api/rep/v1/query/fwaas_top_sources').every(
        (r) => !('pe_action' in (r.params as object)),
      ),
    ).toBe(true);
  });

  it('every report query of the registry is a panel of a dashboard; KPI and heat-map panels are by-date counts or sums', () => {
    const panels = DASHBOARDS.flatMap((d) => d.panels);
    expect(new Set(panels.map((p) => p.query))).toEqual(new Set(REPORT_QUERY_NAMES));
    for (const panel of panels.filter((p) => p.view === 'kpi' || p.view === 'heatmap')) {
      const def: ReportQueryDef = REPORT_QUERY_REGISTRY[panel.query];
      expect(def.dimension).toEqual({ kind: 'date' });
      expect(['count', 'sum']).toContain(def.measure.kind);
    }
    // Panel ids are unique on each dashboard (a query may show as a chart and a KPI).
    for (const d of DASHBOARDS) expect(new Set(d.panels.map(panelId)).size).toBe(d.panels.length);
  });

  it("a KPI tile shows the range's total beside the previous period's; a heat map asks hourly buckets", async () => {
    const view = renderPortal({
      path: '/dashboard?board=bandwidth&interval=24h&to=1800000000',
      user: demoUser('admin'),
      stubs: serve,
    });
    const tile = await screen.findByText('6.14 KB');
    expect(tile.closest(`[data-testid="${dashboardIds.kpi}-bandwidth_usage_by_date"]`)).not.toBeNull();
    // The stub answers the same rows for both periods: no change.
    expect(await screen.findByText('flat on the previous period')).toBeInTheDocument();
    const usage = calls(view.mock, '/api/rep/v1/query/bandwidth_usage_by_date').map(
      (r) => r.params as Record<string, string>,
    );
    expect(usage.some((p) => p.granularity === 'PT1H')).toBe(true);
    expect(usage.some((p) => p.end === '1800000000' && p.granularity !== 'PT1H')).toBe(true);
    expect(usage.some((p) => Number(p.end) < 1800000000)).toBe(true);
    expect(
      await screen.findByTestId(`${dashboardIds.panel}-bandwidth_usage_by_date-heatmap`),
    ).toHaveTextContent('Bandwidth usage by hour and weekday');
  });

  it('the table view of a query with a series has a column for it; measures are named', () => {
    expect(panelColumns('smtp_request_count_by_smtp_code_and_reason')).toEqual({
      group: 'SMTP code',
      series: 'Reason',
      value: 'Events',
    });
    expect(
      panelTableRows('smtp_request_count_by_smtp_code_and_reason', [
        { key: 550, series: 'menlo', value: 3 },
        { key: 550, series: null, value: 1 },
      ]),
    ).toEqual([
      { group: '550', series: 'Popular Sites', value: 3 },
      { group: '550', series: '', value: 1 },
    ]);
    expect(panelColumns('smtp_request_time_taken_by_date').value).toBe('Average time taken (ms)');
    expect(panelColumns('top_casb_users_by_application').value).toBe('Users');
    expect(canDrillDown(drillDownPath, 'top_domains')).toBe(true);
    expect(canDrillDown(drillDownPath, 'top_browsers')).toBe(true);
    expect(canDrillDown(drillDownPath, 'bandwidth_usage_by_date')).toBe(false);
    expect(canDrillDown(undefined, 'top_domains')).toBe(false);
  });

  it("drill-down keeps the panel's fixed filters", () => {
    expect(drillDownPath('top_risk_users', 'ella@acme.example', '7d', 100)).toBe(
      '/logs/web?interval=7d&to=100&risk=Y%2CR&userid=ella%40acme.example',
    );
    // The group's value replaces the fixed filter on the same field.
    expect(drillDownPath('top_exit_mode_email', 'email_exit_block', '7d', 100)).toBe(
      '/logs/web?interval=7d&to=100&action=email_exit_block',
    );
    expect(drillDownPath('top_heat_malware_domains', 'bad.example', '7d', 100)).toBe(
      '/logs/web?interval=7d&to=100&heat_alert_type=malware&domain=bad.example',
    );
  });

  it('a failed panel shows the error with Retry; the others still show', async () => {
    const { mock } = renderPortal({
      path: '/dashboard',
      user: demoUser('admin'),
      stubs: (m) => {
        m.onGet(TOP).replyOnce(500, { message: 'The event store is busy.' }); // before serve's
        serve(m);
      },
    });
    const panel = await screen.findByTestId(`${dashboardIds.panel}-top_domains`);
    expect(await within(panel).findByText(/The event store is busy\./)).toBeInTheDocument();
    expect(await screen.findByTestId(`${dashboardIds.chart}-top_users`)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId(`${dashboardIds.chart}-top_domains`)).toBeInTheDocument();
    expect(calls(mock, TOP)).toHaveLength(2);
  });

  it('a panel with no events says so', async () => {
    renderPortal({
      path: '/dashboard',
      user: demoUser('admin'),
      stubs: (m) => {
        m.onGet(TOP).reply(200, { name: 'top_domains', start: 0, end: 1, rows: [] }); // before serve's
        serve(m);
      },
    });
    const panel = await screen.findByTestId(`${dashboardIds.panel}-top_domains`);
    expect(await within(panel).findByText('No events in this interval.')).toBeInTheDocument();
  });

  it('shows only the dashboards and panels whose report family the user may read', async () => {
    const user = { ...demoUser('admin'), roles: { read: ['dashboard:web', 'logs:web'], write: [] } };
    const { mock } = renderPortal({ path: '/dashboard?board=bandwidth', user, stubs: serve });
    await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    expect(
      within(await screen.findByTestId(dashboardIds.tabs))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Web traffic', 'Risk and threats']);
    expect(mock.history.get.filter((r) => r.url?.startsWith('/api/rep/v1/query/top_bandwidth'))).toHaveLength(
      0,
    );
    expect(calls(mock, BANDWIDTH)).toHaveLength(0);
  });

  it('hides the panels and boards of logs the user may not read: the auditor (no DLP logs) asks no DLP query', async () => {
    const { mock } = renderPortal({
      path: '/dashboard?board=dlp',
      user: demoUser('auditor', WITH_EMAIL),
      stubs: serve,
    });
    await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    const tabs = within(await screen.findByTestId(dashboardIds.tabs)).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).not.toContain('DLP');
    expect(tabs.map((t) => t.textContent)).toContain('Cloud apps');
    await userEvent.click(await screen.findByTestId(`${dashboardIds.tab}-casb`));
    await screen.findByTestId(`${dashboardIds.chart}-top_casb_cloud_apps`);
    // The cloud-app panel of DLP violations reads the DLP log: left out, never asked (no 403 on the page).
    expect(screen.queryByTestId(`${dashboardIds.panel}-top_casb_cloud_apps_with_dlp_violations`)).toBeNull();
    expect(mock.history.get.filter((r) => /dlp/.test(r.url ?? ''))).toEqual([]);
  });

  it('a tenant without e-mail (no menlo_email) has no Email board, as it has no Email Policy page', async () => {
    const { mock } = renderPortal({ path: '/dashboard?board=email', user: demoUser('admin'), stubs: serve });
    await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    const tabs = within(await screen.findByTestId(dashboardIds.tabs)).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).not.toContain('Email');
    const asked = mock.history.get.map((r) => String(r.url).split('/').at(-1));
    expect(asked.filter((q) => /smtp|email/.test(q ?? ''))).toEqual([]);
  });

  it('the tabs are the report dashboards; the chosen one is in the URL and asks only its panels', async () => {
    const view = renderPortal({ path: '/dashboard', user: demoUser('admin', WITH_EMAIL), stubs: serve });
    const tabs = within(await screen.findByTestId(dashboardIds.tabs)).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Web traffic',
      'Risk and threats',
      'Cloud apps',
      'Bandwidth',
      'DLP',
      'Firewall',
      'Email',
      'Browsers and agents',
      'Threat evasion',
    ]);
    await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    expect(view.mock.history.get.some((r) => r.url?.includes('fwaas'))).toBe(false);
    await userEvent.click(await screen.findByTestId(`${dashboardIds.tab}-firewall`));
    expect(await screen.findByTestId(`${dashboardIds.chart}-fwaas_top_sources`)).toBeInTheDocument();
    expect(new URLSearchParams(view.router.state.location.search).get('board')).toBe('firewall');
  });

  it("the tab row comes after the first paint, its styles and its scroll buttons' with the page (issue 42)", async () => {
    // The frames are held: the page is drawn, its first paint has not happened yet.
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
      frames.push(frame);
      return frames.length;
    });
    // The row overflows (as at Lighthouse's 1,350 px): neither end tab is wholly in view. The
    // browser reports that after a frame, as it computes intersections when it renders.
    const global = globalThis as { IntersectionObserver?: unknown };
    global.IntersectionObserver = class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        window.requestAnimationFrame(() =>
          setTimeout(() =>
            this.report(
              [{ target, isIntersecting: false } as unknown as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            ),
          ),
        );
      }
      disconnect() {}
    };
    try {
      renderPortal({ path: '/dashboard', user: demoUser('admin'), stubs: serve });
      await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
      expect(screen.queryByTestId(dashboardIds.tabs)).toBeNull();
      const stylesBefore = styleText();
      raf.mockRestore();
      act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      const row = await screen.findByTestId(dashboardIds.tabs);
      const scrollButton = await waitFor(() => {
        const button = row.querySelector('.MuiTabScrollButton-root');
        expect(button).not.toBeNull();
        return button!;
      });
      // New rules restyle the whole page: the row's and its scroll buttons' were in before it, so
      // neither its mount nor the buttons it shows when it overflows add any.
      const classes = [row, within(row).getAllByRole('tab')[0], scrollButton].flatMap((e) =>
        [...e.classList].filter((c) => c.startsWith('css-')),
      );
      expect(classes.length).toBeGreaterThan(2);
      for (const c of classes) expect(stylesBefore).toContain(`.${c}`);
    } finally {
      delete global.IntersectionObserver;
    }
  });

  it('a calendar month from the URL is the range of every panel (local month bounds)', async () => {
    const view = renderPortal({
      path: '/dashboard?interval=October%202026',
      user: demoUser('admin'),
      stubs: serve,
    });
    await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    expect(calls(view.mock, TOP)[0]?.params).toMatchObject({
      start: String(new Date(2026, 9, 1).getTime() / 1000),
      end: String(new Date(2026, 10, 1).getTime() / 1000),
    });
    expect(screen.getByTestId(dashboardIds.interval)).toHaveValue('October 2026');
  });

  it('compare: the switch (in the URL) asks each panel for the period just before, and draws it beside', async () => {
    const view = renderPortal({
      path: '/dashboard?interval=24h&to=1800000000',
      user: demoUser('admin'),
      stubs: serve,
    });
    await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    await userEvent.click(screen.getByTestId(dashboardIds.compare));
    expect(new URLSearchParams(view.router.state.location.search).get('compare')).toBe('1');
    await waitFor(() => expect(calls(view.mock, '/api/rep/v1/query/top_domains')).toHaveLength(2));
    const [current, previous] = calls(view.mock, '/api/rep/v1/query/top_domains').map(
      (r) => r.params as { start: string; end: string },
    );
    expect(previous.end).toBe(current.start);
    expect(Number(previous.end) - Number(previous.start)).toBe(Number(current.end) - Number(current.start));
  });

  it('every panel has a table view with the exact numbers, and a CSV of them', async () => {
    renderPortal({ path: '/dashboard', user: demoUser('admin'), stubs: serve });
    const panel = await screen.findByTestId(`${dashboardIds.panel}-top_domains`);
    await within(panel).findByTestId(`${dashboardIds.chart}-top_domains`);
    await userEvent.click(within(panel).getByTestId(`${dashboardIds.tableToggle}-top_domains`));
    // The table view loads on first use (ReportPanel's lazy DataTable): wait for its rows.
    expect(await within(panel).findByText('30')).toBeInTheDocument();
    expect(within(panel).getByText('news.example')).toBeInTheDocument();
    expect(within(panel).queryByTestId(`${dashboardIds.chart}-top_domains`)).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByTestId(`${dashboardIds.csv}-top_domains`));
    const [name, content, mime] = jest.mocked(downloadFile).mock.calls[0];
    expect(name).toMatch(/^top_domains-\d+-\d+\.csv$/);
    expect(String(content).trim().split(/\r?\n/)).toEqual([
      'Domain,Events',
      'news.example,30',
      'mail.example,12',
    ]);
    expect(mime).toContain('text/csv');
  });

  it('the files report’s table opens a file name’s analysis reports; other tables have no action', async () => {
    const { mock } = renderPortal({
      path: '/dashboard',
      user: demoUser('admin'),
      stubs: (m) => {
        serve(m);
        m.onPost(FILESERVER_RESTAPI_PATH).reply(200, { files: [], not_found: [] });
      },
    });
    const domains = await screen.findByTestId(`${dashboardIds.panel}-top_domains`);
    await within(domains).findByTestId(`${dashboardIds.chart}-top_domains`);
    await userEvent.click(within(domains).getByTestId(`${dashboardIds.tableToggle}-top_domains`));
    expect(within(domains).queryByText('Analysis reports')).toBeNull();
    const files = screen.getByTestId(`${dashboardIds.panel}-top_files`);
    await within(files).findByTestId(`${dashboardIds.chart}-top_files`);
    await userEvent.click(within(files).getByTestId(`${dashboardIds.tableToggle}-top_files`));
    await userEvent.click(await within(files).findByTestId(`${fileAnalysisIds.openFromReport}-news.example`));
    const dialog = await screen.findByTestId(fileAnalysisIds.dialog);
    await within(dialog).findByText('No analysis report of this file is available to you.');
    const asked = mock.history.post.filter((r) => r.url === FILESERVER_RESTAPI_PATH);
    expect(asked.map((r) => JSON.parse(r.data as string) as unknown)).toEqual([
      { file_name: 'news.example' },
    ]);
  });

  it('a panel is busy from its first render, and its own request does not render it again (issue 42)', async () => {
    jest.mocked(reportChartOption).mockClear();
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { mock } = renderPortal({
      path: '/dashboard',
      user: demoUser('admin'),
      stubs: (m) => m.onGet(REPORT_QUERY_PATH).reply((config) => held.then(() => reportAnswer(config))),
    });
    await waitFor(() => expect(calls(mock, TOP)).toHaveLength(1));
    const panel = screen.getByTestId(`${dashboardIds.panel}-top_domains`);
    expect(panel.querySelector('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    const title = REPORT_QUERY_REGISTRY.top_domains.title;
    // Its first render only: the request it sent as it mounted changed nothing it shows.
    expect(panelRenders(title)).toBe(1);
    act(answer);
    await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    expect(panelRenders(title)).toBe(2);
    expect(panel.querySelector('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
  });

  it("the page's own renders leave the dashboard's panels alone (issue 42)", async () => {
    renderPortal({
      path: '/dashboard',
      user: demoUser('admin'),
      stubs: (m) => {
        serve(m);
        m.onPost(FILESERVER_RESTAPI_PATH).reply(200, { files: [], not_found: [] });
      },
    });
    const chart = `${dashboardIds.chart}-top_domains`;
    await screen.findByTestId(chart);
    const files = screen.getByTestId(`${dashboardIds.panel}-top_files`);
    await within(files).findByTestId(`${dashboardIds.chart}-top_files`);
    await userEvent.click(within(files).getByTestId(`${dashboardIds.tableToggle}-top_files`));
    const before = mockChartRenders.get(chart);
    // The page's own state: the file dialog opens, the page renders again.
    await userEvent.click(await within(files).findByTestId(`${fileAnalysisIds.openFromReport}-news.example`));
    await screen.findByTestId(fileAnalysisIds.dialog);
    expect(mockChartRenders.get(chart)).toBe(before);
  });

  it('table rows read codes by their labels and buckets as times; headings name the field and measure', () => {
    expect(panelColumns('action_summary')).toEqual({ group: 'Action', value: 'Events' });
    expect(panelColumns('bandwidth_usage_by_date')).toEqual({ group: 'Time (UTC)', value: 'Bytes' });
    expect(panelTableRows('action_summary', [{ key: 'safeview', value: 2 }])).toEqual([
      { group: 'Isolate', value: 2 },
    ]);
    expect(panelTableRows('bandwidth_usage_by_date', [{ key: 1_793_577_600, value: 5 }])).toEqual([
      { group: '2026-11-02T00:00:00.000Z', value: 5 },
    ]);
  });
});

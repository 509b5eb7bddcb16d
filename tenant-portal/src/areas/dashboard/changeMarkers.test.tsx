/**
 * Change markers on the portal's time charts (docs/policy.md §2): a dashboard's by-date panel and
 * the logs histogram ask the revision history for the publishes inside their range, draw them, and
 * a click opens the revision history at that revision's diff; a user who may not read policy gets
 * no markers and no request.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { CHANGE_MARKERS_LABEL, type ChangeMarker } from '@workbench/charts';
import { dashboardIds } from '@workbench/common/test-ids/index';
import { markerTime } from '@workbench/common';
import type { LogHistogramReply } from '@workbench/common/api/contract/logSummary';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

afterEach(resetPortalEnv);

/*
 * ECharts draws on a canvas jsdom does not have: the chart stands in as its label, and its
 * markers as the real list the chart component draws under the canvas (the lines themselves are
 * the option builder's tests and the browser test's).
 */
jest.mock('@workbench/charts/EChart', () => {
  const charts = jest.requireActual<typeof import('@workbench/charts')>('@workbench/charts');
  return {
    EChart: ({
      label,
      testId,
      changeMarkers,
      onChangeMarker,
      formatMarkerTime,
    }: {
      label: string;
      testId?: string;
      changeMarkers?: readonly ChangeMarker[];
      onChangeMarker?: (revId: number) => void;
      formatMarkerTime?: (ms: number) => string;
    }) => (
      <div>
        <div role="img" aria-label={label} data-testid={testId} />
        {changeMarkers && changeMarkers.length > 0 && (
          <charts.ChangeMarkerList
            markers={changeMarkers}
            onOpen={onChangeMarker}
            formatTime={formatMarkerTime}
          />
        )}
      </div>
    ),
  };
});

const NOW = Date.UTC(2026, 10, 29, 16, 0, 0);
const PUBLISHED_AT = '2026-11-29T14:05:00.000Z';
const HISTORY = '/api/policy/v1/revisions';

const page = {
  total: 2,
  items: [
    {
      rev_id: 13,
      published_at: '2026-11-29T15:00:00.000Z',
      published_by: 'ann@acme.example',
      comment: null,
      rolled_back_from: 9,
    },
    {
      rev_id: 12,
      published_at: PUBLISHED_AT,
      published_by: 'admin@acme.example',
      comment: 'Block gambling',
      rolled_back_from: null,
    },
  ],
  current: { staged_rev_id: 14, rev_id: 13, state: 'new', updated_at: '2026-11-29T15:00:00.000Z' },
};

/** Report queries: three buckets for a by-date query, two groups otherwise. */
const serveReports = (m: MockAdapter) =>
  m.onGet(/^\/api\/rep\/v1\/query\/[a-z_]+$/).reply((config) => [
    200,
    {
      name: String(config.url).split('/').at(-1),
      start: Number(config.params.start),
      end: Number(config.params.end),
      ...(config.params.granularity
        ? { granularity: config.params.granularity, rows: [1, 2, 3].map((k) => ({ key: k, value: 5 })) }
        : { rows: [{ key: 'news.example', value: 30 }] }),
    },
  ]);
const serveHistory = (m: MockAdapter) => m.onGet(HISTORY).reply(200, page);
const windowCalls = (m: MockAdapter) =>
  m.history.get.filter((r) => r.url === HISTORY && (r.params as Record<string, string>).from !== undefined);

beforeEach(() => {
  jest.useFakeTimers({
    now: NOW,
    doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
  });
});
afterEach(() => jest.useRealTimers());

it('a dashboard time chart shows the publishes of its range; a click opens the revision’s diff', async () => {
  const { mock, location } = renderPortal({
    path: '/dashboard?board=bandwidth&interval=24h',
    user: demoUser('admin'),
    stubs: (m) => {
      serveReports(m);
      serveHistory(m);
      m.onGet('/api/policy/v1/revisions/diff').reply(200, { from: 11, to: 12, kinds: [] });
    },
  });
  await screen.findByTestId(`${dashboardIds.chart}-bandwidth_usage_by_date`);
  const panel = screen.getByTestId(`${dashboardIds.panel}-bandwidth_usage_by_date`);
  const list = await within(panel).findByRole('list', { name: CHANGE_MARKERS_LABEL });
  const publish = within(list).getByRole('button', {
    name: `Revision 12 published by admin@acme.example, ${markerTime(Date.parse(PUBLISHED_AT))}: Block gambling`,
  });
  expect(
    within(list).getByText(/Revision 13 rolled back to revision 9 by ann@acme\.example/),
  ).toBeInTheDocument();
  // One request for the board's range (every time chart of it shares it), as ISO times.
  const calls = windowCalls(mock);
  expect(calls).toHaveLength(1);
  const params = calls[0].params as Record<string, string>;
  const end = Math.ceil(NOW / 60_000) * 60_000;
  expect([params.from, params.to]).toEqual([
    new Date(end - 86_400_000).toISOString(),
    new Date(end).toISOString(),
  ]);

  await userEvent.click(publish);
  await waitFor(() => expect(location()).toBe('/policy/history?rev=12'));
  // The history compares revision 12 with the one before it.
  await waitFor(() =>
    expect(
      mock.history.get.some(
        (r) => r.url === '/api/policy/v1/revisions/diff' && (r.params as Record<string, string>).to === '12',
      ),
    ).toBe(true),
  );
  const diff = mock.history.get.find((r) => r.url === '/api/policy/v1/revisions/diff')!;
  expect(diff.params).toMatchObject({ from: '11', to: '12' });
});

it('without a policy permission: no markers and no request', async () => {
  const { mock } = renderPortal({
    path: '/dashboard?board=bandwidth&interval=24h',
    user: demoUser('logs'),
    stubs: (m) => {
      serveReports(m);
      serveHistory(m);
    },
  });
  await screen.findByTestId(`${dashboardIds.chart}-bandwidth_usage_by_date`);
  const panel = screen.getByTestId(`${dashboardIds.panel}-bandwidth_usage_by_date`);
  expect(within(panel).getByRole('img', { name: /chart$/ })).toBeInTheDocument();
  expect(within(panel).queryByRole('list', { name: CHANGE_MARKERS_LABEL })).toBeNull();
  expect(mock.history.get.filter((r) => r.url === HISTORY)).toHaveLength(0);
});

it('the logs histogram shows the publishes of the drawn range', async () => {
  const T0 = NOW - 600_000;
  const histogram: LogHistogramReply = {
    total: 10,
    bucketMs: 1_800_000,
    seriesField: 'action',
    buckets: [{ time: T0 - 1_800_000, series: 'block', count: 10 }],
  };
  const histogramParams: Record<string, string>[] = [];
  const { mock } = renderPortal({
    path: '/logs/web?interval=24h',
    user: demoUser('admin'),
    stubs: (m) => {
      serveHistory(m);
      m.onGet('/api/rep/v1/query/scan_web').reply(200, {
        events: [],
        pagingIdentifiers: { last_iteration: true },
      });
      m.onGet('/api/rep/v1/histogram/scan_web').reply((config) => {
        histogramParams.push(config.params as Record<string, string>);
        return [200, histogram];
      });
      m.onGet('/api/rep/v1/top_values/scan_web').reply(200, { field: 'userid', total: 10, values: [] });
    },
  });
  const list = await screen.findByRole('list', { name: CHANGE_MARKERS_LABEL }, { timeout: 30_000 });
  expect(
    within(list).getByRole('button', {
      name: /^Revision 12 published by admin@acme\.example, .*: Block gambling$/,
    }),
  ).toBeInTheDocument();
  const params = windowCalls(mock).at(-1)!.params as Record<string, string>;
  const drawn = histogramParams.at(-1)!;
  expect([params.from, params.to]).toEqual([
    new Date(Number(drawn.start) * 1000).toISOString(),
    new Date(Number(drawn.end) * 1000).toISOString(),
  ]);
}, 60_000);

/**
 * Change markers in the console (docs/provider-console.md §3): with one tenant chosen, the
 * analytics' per-day chart and the tenant's report dashboards mark that tenant's publishes and
 * rollbacks, read over the provider's revisions route for the chart's range; a click opens the
 * tenant's Policy revisions tab at that revision. Across all tenants: no markers, no request, and
 * the chart says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { CHANGE_MARKERS_LABEL, type ChangeMarker } from '@workbench/charts';
import { dashboardIds, markerTime, providerIds, providerPageIds } from '@workbench/common';
import {
  ANALYTICS_SUMMARY_PATH,
  type AnalyticsSummaryReply,
} from '@workbench/common/api/contract/providerAnalytics';
import { tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import { providerAnalyticsIds as ids } from '@workbench/common/test-ids/providerAnalyticsIds';
import { renderConsole, support, tenants } from '../testing/renderConsole';
import { ALL_TENANTS_NO_MARKERS } from './AnalyticsPage';
import '../tenants/TenantDetailPage';
import '../tenants/TenantReportsPage';

/*
 * ECharts draws on a canvas jsdom does not have: the chart stands in as its label, and its
 * markers as the real list the chart component draws under the canvas.
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

const REVISIONS = '/gdmanage/api/v3/tenants/t-acme/revisions';
const PUBLISHED_AT = '2026-11-29T14:05:00.000Z';
const revisions = [
  {
    rev_id: 13,
    published_at: '2026-11-29T15:00:00.000Z',
    published_by: 'ann@acme.example',
    note: null,
    rolled_back_from: 9,
  },
  {
    rev_id: 12,
    published_at: PUBLISHED_AT,
    published_by: 'admin@acme.example',
    note: 'Block gambling',
    rolled_back_from: null,
  },
];

const summary: AnalyticsSummaryReply = {
  start: 0,
  end: 86_400,
  totals: { events: 1234, blocks: 56, isolations: 7 },
  tenants: [{ tid: 't-acme', name: 'acme', events: 1200, blocks: 50, isolations: 7 }],
  top_threats: [],
  by_day: [{ key: 0, events: 1234, blocks: 56, isolations: 7 }],
};

const windowCalls = (m: MockAdapter) =>
  m.history.get.filter(
    (r) => r.url === REVISIONS && (r.params as Record<string, unknown>).from !== undefined,
  );

const stubs = (m: MockAdapter) => {
  m.onGet(ANALYTICS_SUMMARY_PATH).reply(200, summary);
  m.onGet(REVISIONS).reply((config) => {
    const { offset = 0 } = config.params as { offset?: number };
    return [200, { revisions: revisions.slice(offset), total: 2, limit: 25, offset }];
  });
  m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
  m.onGet(tenantSubPath('t-acme', 'policy')).reply(200, {
    rev_id: 13,
    staged_rev_id: 14,
    state: 'new',
    updated_at: '2026-11-29T15:00:00.000Z',
    updated_by: 'ann@acme.example',
    kinds: ['cats'],
  });
};

const publishName = `Revision 12 published by admin@acme.example, ${markerTime(Date.parse(PUBLISHED_AT))}: Block gambling`;

it("analytics narrowed to a tenant marks its publishes; a click opens the revision on the tenant's page", async () => {
  const { mock, location } = renderConsole('/analytics', { user: support, stubs });
  // All tenants: no marker and no request, and the per-day chart says why.
  expect(await screen.findByTestId(ids.markersCaption)).toHaveTextContent(ALL_TENANTS_NO_MARKERS);
  await screen.findByTestId(`${ids.chart}-by_day`);
  expect(windowCalls(mock)).toEqual([]);
  expect(screen.queryByRole('list', { name: CHANGE_MARKERS_LABEL })).toBeNull();

  await userEvent.click(screen.getByTestId(ids.tenantFilter));
  await userEvent.click(await screen.findByRole('option', { name: 'acme' }));
  const list = await screen.findByRole('list', { name: CHANGE_MARKERS_LABEL });
  expect(screen.queryByTestId(ids.markersCaption)).toBeNull();
  expect(
    within(list).getByText(/Revision 13 rolled back to revision 9 by ann@acme\.example/),
  ).toBeInTheDocument();
  // One request, for the summary's period, over the provider's path for the chosen tenant.
  const [call] = windowCalls(mock);
  const summaryCall = mock.history.get.filter((r) => r.url === ANALYTICS_SUMMARY_PATH).at(-1)!;
  expect(call!.params).toMatchObject({
    from: new Date(Number(summaryCall.params.start) * 1000).toISOString(),
    to: new Date(Number(summaryCall.params.end) * 1000).toISOString(),
  });
  expect(windowCalls(mock)).toHaveLength(1);

  await userEvent.click(within(list).getByRole('button', { name: publishName }));
  expect(location()).toBe('/tenants/t-acme?tab=revisions&rev=12');
  await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'));
  const row = await screen.findByTestId(`${providerPageIds.tenantRevision}-12`);
  expect(row).toHaveAttribute('aria-current', 'true');
  expect(row).toHaveTextContent('Block gambling');
  expect(screen.getByTestId(`${providerPageIds.tenantTab}-revisions`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

it("a tenant's report dashboards mark that tenant's publishes on their time charts", async () => {
  const { mock } = renderConsole('/tenants/t-acme/reports?board=bandwidth&interval=24h', {
    user: support,
    stubs: (m) => {
      stubs(m);
      m.onGet(/^\/gdmanage\/api\/v1\/tenants\/t-acme\/reports\//).reply((config) => [
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
    },
  });
  const panel = await screen.findByTestId(`${dashboardIds.panel}-bandwidth_usage_by_date`);
  const list = await within(panel).findByRole('list', { name: CHANGE_MARKERS_LABEL });
  expect(within(list).getByRole('button', { name: publishName })).toBeInTheDocument();
  // Never the tenant world's history: the console reads the tenant's over the provider path.
  expect(mock.history.get.some((r) => String(r.url).startsWith('/api/policy/'))).toBe(false);
  expect(windowCalls(mock).length).toBeGreaterThan(0);
});

it('an opened revision beyond the first page is read from the page that holds it', async () => {
  const { mock } = renderConsole('/tenants/t-acme?tab=revisions&rev=12', { user: support, stubs });
  expect(await screen.findByTestId(`${providerPageIds.tenantRevision}-12`)).toHaveAttribute(
    'aria-current',
    'true',
  );
  const call = mock.history.get.filter((r) => r.url === REVISIONS).at(-1);
  // Current revision 13: revision 12 is one below it.
  expect(call?.params).toMatchObject({ offset: 1 });
});

/**
 * The support view: from the tenants grid to a tenant's report dashboards, read over that
 * tenant's provider path, with nothing on the page that writes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardIds, providerIds, providerPageIds, setRuntimeEnvForTests } from '@workbench/common';
import { tenantReportQueryPath } from '@workbench/common/api/contract/reportQueries';
import { renderConsole, support } from '../testing/renderConsole';
import './TenantsPage';
import './TenantReportsPage';

// ECharts draws on a canvas jsdom does not have: the chart is replaced by its bar names.
jest.mock('@workbench/charts/EChart', () => ({
  EChart: ({
    option,
    label,
    testId,
  }: {
    option: { yAxis?: { data?: string[] } };
    label: string;
    testId?: string;
  }) => (
    <div role="img" aria-label={label} data-testid={testId}>
      {(option.yAxis?.data ?? []).join(', ')}
    </div>
  ),
}));

afterEach(() => setRuntimeEnvForTests(null));

const reply = (config: { url?: string; params?: Record<string, string> }): [number, unknown] => [
  200,
  {
    name: String(config.url).split('/').at(-1),
    start: Number(config.params?.start),
    end: Number(config.params?.end),
    ...(config.params?.granularity
      ? { granularity: config.params.granularity, rows: [{ key: 1, value: 5 }] }
      : { rows: [{ key: 'acme-news.example', value: 9 }] }),
  },
];

describe("support view: a tenant's reports", () => {
  it("a tenant row's Reports link opens its dashboards, read over that tenant's provider path", async () => {
    const { mock, location } = renderConsole('/tenants', {
      user: support,
      stubs: (m) => m.onGet(/^\/gdmanage\/api\/v1\/tenants\/t-acme\/reports\//).reply(reply),
    });
    await userEvent.click(await screen.findByTestId(`${providerPageIds.tenantReportsLink}-t-acme`));
    expect(location()).toBe('/tenants/t-acme/reports');
    await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('Reports: acme'));
    const chart = await screen.findByTestId(`${dashboardIds.chart}-top_domains`);
    expect(chart).toHaveTextContent('acme-news.example');
    const urls = mock.history.get.map((r) => r.url ?? '');
    expect(urls).toContain(tenantReportQueryPath('t-acme', 'top_domains'));
    expect(urls.some((u) => u.startsWith('/api/rep/'))).toBe(false);
  });

  it('has no control that writes and no drill-down: tabs, interval, filters, compare and views only', async () => {
    const { mock } = renderConsole('/tenants/t-acme/reports', {
      user: support,
      stubs: (m) => m.onGet(/\/reports\//).reply(reply),
    });
    const page = await screen.findByTestId(providerPageIds.tenantReports);
    await within(page).findByTestId(`${dashboardIds.chart}-top_domains`);
    // The chart is not clickable (no drill-down into the tenant's logs from here).
    expect(within(page).getByTestId(`${dashboardIds.chart}-top_domains`).querySelector('button')).toBeNull();
    const buttons = within(page)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
    expect(buttons.filter((name) => /save|delete|add|edit|create|run|schedule/i.test(name))).toEqual([]);
    await userEvent.click(within(page).getByTestId(dashboardIds.compare));
    await waitFor(() =>
      expect(
        mock.history.get.filter((r) => r.url === tenantReportQueryPath('t-acme', 'top_domains')),
      ).toHaveLength(2),
    );
    expect(mock.history.post.concat(mock.history.put, mock.history.patch, mock.history.delete)).toEqual([]);
  });

  it('shows the boards the tenant has: one without e-mail (no menlo_email) has no Email board', async () => {
    const { mock } = renderConsole('/tenants/t-globex/reports?board=email', {
      user: support,
      stubs: (m) => m.onGet(/\/reports\//).reply(reply),
    });
    const page = await screen.findByTestId(providerPageIds.tenantReports);
    await within(page).findByTestId(`${dashboardIds.chart}-top_domains`);
    const tabs = within(await within(page).findByTestId(dashboardIds.tabs))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toContain('DLP');
    expect(tabs).not.toContain('Email');
    expect(mock.history.get.filter((r) => /smtp|email/.test(r.url ?? ''))).toEqual([]);
  });

  it('an unknown tenant says so and asks nothing', async () => {
    const { mock } = renderConsole('/tenants/t-nope/reports', { user: support });
    expect(await screen.findByText('No tenant t-nope.')).toBeInTheDocument();
    expect(mock.history.get.some((r) => r.url?.includes('/reports/'))).toBe(false);
  });
});

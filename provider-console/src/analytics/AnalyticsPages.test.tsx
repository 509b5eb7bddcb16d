/**
 * The console's analytics: the summaries page (figures, panels, the period and tenant choices
 * sent to the server) and a tenant's insights (support view: read over the tenant's provider path,
 * nothing that writes).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerIds, providerNavItemId } from '@workbench/common';
import {
  ANALYTICS_SUMMARY_PATH,
  tenantInsightsPath,
  type AnalyticsSummaryReply,
} from '@workbench/common/api/contract/providerAnalytics';
import type { InsightsReply } from '@workbench/common/api/contract/reportQueries';
import { providerAnalyticsIds as ids } from '@workbench/common/test-ids/providerAnalyticsIds';
import { renderConsole, support } from '../testing/renderConsole';
import './AnalyticsPage';
import './TenantInsightsPage';
import '../tenants/TenantReportsPage';

// ECharts draws on a canvas jsdom does not have: the chart is replaced by its categories.
jest.mock('@workbench/charts/EChart', () => ({
  EChart: ({
    option,
    label,
    testId,
  }: {
    option: { yAxis?: { data?: string[] }; series?: { name?: string }[] };
    label: string;
    testId?: string;
  }) => (
    <div role="img" aria-label={label} data-testid={testId}>
      {[...(option.yAxis?.data ?? []), ...(option.series ?? []).map((s) => s.name ?? '')].join(', ')}
    </div>
  ),
}));

const summary: AnalyticsSummaryReply = {
  start: 0,
  end: 86_400,
  totals: { events: 1234, blocks: 56, isolations: 7 },
  tenants: [
    { tid: 't-acme', name: 'acme', events: 1200, blocks: 50, isolations: 7 },
    { tid: 't-globex', name: 'globex', events: 34, blocks: 6, isolations: 0 },
  ],
  top_threats: [{ key: 'c&c', value: 9 }],
  by_day: [{ key: 0, events: 1234, blocks: 56, isolations: 7 }],
};

const insights: InsightsReply = {
  q: 'news',
  src: 'web',
  start: 0,
  end: 1,
  total: 42,
  top: {
    userid: [{ key: 'ann@acme.example', value: 30 }],
    domain: [{ key: 'acme-news.example', value: 42 }],
    category: [{ key: 'news', value: 42 }],
  },
};

describe('Analytics page', () => {
  it('shows the figures and panels of the summary, and asks again for the period and tenant chosen', async () => {
    const { mock } = renderConsole('/analytics', {
      user: support,
      stubs: (m) => m.onGet(ANALYTICS_SUMMARY_PATH).reply(200, summary),
    });
    expect(await screen.findByTestId(`${ids.figure}-events`)).toHaveTextContent('1,234');
    expect(screen.getByTestId(`${ids.figure}-blocks`)).toHaveTextContent('56');
    expect(screen.getByTestId(`${ids.figure}-isolations`)).toHaveTextContent('7');
    expect(await screen.findByTestId(`${ids.chart}-threats`)).toHaveTextContent('Command and Control');
    expect(await screen.findByTestId(`${ids.chart}-tenants`)).toHaveTextContent('acme');
    expect(await screen.findByTestId(`${ids.chart}-by_day`)).toHaveTextContent('Blocks');
    const first = mock.history.get.filter((r) => r.url === ANALYTICS_SUMMARY_PATH).at(-1);
    expect(Number(first?.params.end) - Number(first?.params.start)).toBe(7 * 86_400);
    expect(first?.params.tid).toBeUndefined();

    await userEvent.click(screen.getByTestId(ids.periodFilter));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await userEvent.click(screen.getByTestId(ids.tenantFilter));
    await userEvent.click(await screen.findByRole('option', { name: 'globex' }));
    await waitFor(() => {
      const last = mock.history.get.filter((r) => r.url === ANALYTICS_SUMMARY_PATH).at(-1);
      expect(last?.params.tid).toBe('t-globex');
      expect(Number(last?.params.end) - Number(last?.params.start)).toBe(30 * 86_400);
    });
  });

  it('is in the navigation, and a tenant row leads to its insights', async () => {
    const { location } = renderConsole('/tenants', {
      user: support,
      stubs: (m) => m.onGet(ANALYTICS_SUMMARY_PATH).reply(200, summary),
    });
    await userEvent.click(await screen.findByTestId(providerNavItemId('analytics')));
    await userEvent.click(await screen.findByTestId(`${ids.insightsLink}-t-acme`));
    expect(location()).toBe('/tenants/t-acme/insights');
    await waitFor(() =>
      expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('Insights: acme'),
    );
  });

  it('shows the refusal of the server', async () => {
    renderConsole('/analytics', {
      user: support,
      stubs: (m) =>
        m.onGet(ANALYTICS_SUMMARY_PATH).reply(400, { message: 'The period must be at most 366 days.' }),
    });
    expect(await screen.findByTestId(ids.error)).toHaveTextContent('The period must be at most 366 days.');
  });
});

describe("a tenant's insights (support view)", () => {
  it("searches the chosen tenant's insights over its provider path and draws the tops", async () => {
    const { mock } = renderConsole('/tenants/t-acme/insights', {
      user: support,
      stubs: (m) => m.onGet(tenantInsightsPath('t-acme')).reply(200, insights),
    });
    await waitFor(() =>
      expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('Insights: acme'),
    );
    // Nothing is asked before a search.
    expect(mock.history.get.some((r) => r.url === tenantInsightsPath('t-acme'))).toBe(false);
    await userEvent.type(screen.getByTestId(ids.insightsSearch), 'news{Enter}');
    expect(await screen.findByTestId(ids.insightsTotal)).toHaveTextContent('42');
    expect(await screen.findByTestId(`${ids.insightsChart}-domain`)).toHaveTextContent('acme-news.example');
    expect(await screen.findByTestId(`${ids.insightsChart}-userid`)).toHaveTextContent('ann@acme.example');
    const sent = mock.history.get.filter((r) => r.url === tenantInsightsPath('t-acme')).at(-1);
    expect(sent?.params).toMatchObject({ q: 'news', src: 'web' });
    expect(mock.history.get.some((r) => String(r.url).startsWith('/api/insights'))).toBe(false);

    await userEvent.click(screen.getByTestId(ids.insightsSource));
    await userEvent.click(await screen.findByRole('option', { name: 'Bandwidth' }));
    await waitFor(() =>
      expect(
        mock.history.get.filter((r) => r.url === tenantInsightsPath('t-acme')).at(-1)?.params,
      ).toMatchObject({
        q: 'news',
        src: 'bandwidth',
      }),
    );
  });

  it('has no control that writes', async () => {
    renderConsole('/tenants/t-acme/insights', {
      user: support,
      stubs: (m) => m.onGet(tenantInsightsPath('t-acme')).reply(200, insights),
    });
    await userEvent.type(await screen.findByTestId(ids.insightsSearch), 'news{Enter}');
    await screen.findByTestId(ids.insightsTotal);
    const page = screen.getByTestId(ids.insights);
    const labels = within(page)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
    expect(labels.filter((l) => /save|delete|add|edit|create|run|schedule|publish/i.test(l))).toEqual([]);
  });

  it("shows the server's refusal (a source the tenant does not have)", async () => {
    renderConsole('/tenants/t-acme/insights', {
      user: support,
      stubs: (m) =>
        m.onGet(tenantInsightsPath('t-acme')).reply(403, { message: 'src=web needs the feature x.' }),
    });
    await userEvent.type(await screen.findByTestId(ids.insightsSearch), 'news{Enter}');
    expect(await screen.findByTestId(ids.error)).toHaveTextContent('src=web needs the feature x.');
  });

  it("is reached from the tenant's reports", async () => {
    const { location } = renderConsole('/tenants/t-acme/reports', {
      user: support,
      stubs: (m) => m.onGet(/\/reports\//).reply(200, { name: 'x', start: 0, end: 1, rows: [] }),
    });
    await userEvent.click(await screen.findByTestId(`${ids.insightsLink}-t-acme`));
    expect(location()).toBe('/tenants/t-acme/insights');
  });
});

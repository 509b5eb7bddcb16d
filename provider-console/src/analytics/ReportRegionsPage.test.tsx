/**
 * The Report regions page: every tenant's region and its source; an operator previews a change
 * (dry run: what would move, nothing written) before Apply sends it; support sees no change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REPORT_REGIONS_PATH,
  tenantReportRegionPath,
  type ReportRegionList,
} from '@workbench/common/api/contract/providerReportRegions';
import { reportRegionIds as ids } from '@workbench/common/test-ids/providerAnalyticsIds';
import { operator, renderConsole, support } from '../testing/renderConsole';
import './ReportRegionsPage';

const list: ReportRegionList = {
  regions: [
    { region: 'eu-west-1', deployments: ['eu-west-1'] },
    { region: 'us-east-1', deployments: ['us-east-1', 'us-east-2'] },
  ],
  tenants: [
    {
      tid: 't-acme',
      name: 'acme',
      deployment: 'us-east-1',
      report_region: 'us-east-1',
      source: 'deployment',
    },
    {
      tid: 't-globex',
      name: 'globex',
      deployment: 'eu-west-1',
      report_region: 'us-east-1',
      source: 'tenant',
    },
  ],
};

describe('Report regions page', () => {
  it('previews a change as a dry run, then applies it and reloads', async () => {
    const bodies: unknown[] = [];
    const { mock } = renderConsole('/report-regions', {
      user: operator,
      stubs: (m) => {
        m.onGet(REPORT_REGIONS_PATH).reply(200, list);
        m.onPut(tenantReportRegionPath('t-acme')).reply((config) => {
          const body = JSON.parse(String(config.data)) as { report_region: string; dry_run?: boolean };
          bodies.push(body);
          return [
            200,
            {
              tid: 't-acme',
              dry_run: body.dry_run === true,
              from: 'us-east-1',
              to: body.report_region,
              changed: true,
              scheduled_reports: [
                { id: 's1', name: 'Weekly web', enabled: true, next_run_at: '2026-12-01T06:00:00.000Z' },
              ],
              past_reports: 3,
            },
          ];
        });
      },
    });
    expect(await screen.findByTestId(`${ids.region}-t-acme`)).toHaveTextContent(
      "us-east-1 (the deployment's)",
    );
    expect(screen.getByTestId(`${ids.region}-t-globex`)).toHaveTextContent('us-east-1 (set for the tenant)');
    await userEvent.click(screen.getByTestId(`${ids.change}-t-acme`));
    const dialog = await screen.findByTestId(ids.dialog);
    // Nothing to apply before the dry run.
    expect(within(dialog).getByTestId(ids.apply)).toBeDisabled();
    await userEvent.click(within(dialog).getByTestId(ids.preview));
    const plan = await within(dialog).findByTestId(ids.plan);
    expect(plan).toHaveTextContent(
      'Dry run: nothing has changed yet. 1 scheduled report would move from us-east-1 to eu-west-1; 3 past reports stay',
    );
    expect(plan).toHaveTextContent('Weekly web');
    expect(bodies).toEqual([{ report_region: 'eu-west-1', dry_run: true }]);
    const loads = mock.history.get.filter((r) => r.url === REPORT_REGIONS_PATH).length;
    await userEvent.click(within(dialog).getByTestId(ids.apply));
    await waitFor(() => expect(screen.queryByTestId(ids.dialog)).toBeNull());
    expect(bodies).toEqual([
      { report_region: 'eu-west-1', dry_run: true },
      { report_region: 'eu-west-1', dry_run: false },
    ]);
    await waitFor(() =>
      expect(mock.history.get.filter((r) => r.url === REPORT_REGIONS_PATH).length).toBe(loads + 1),
    );
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    renderConsole('/report-regions', {
      user: operator,
      stubs: (m) => {
        m.onGet(REPORT_REGIONS_PATH).reply(200, list);
        m.onPut(tenantReportRegionPath('t-acme')).reply(400, {
          message: 'No deployment is in the region eu-west-1 (regions: us-east-1).',
          field: 'report_region',
        });
      },
    });
    await userEvent.click(await screen.findByTestId(`${ids.change}-t-acme`));
    await userEvent.click(screen.getByTestId(ids.preview));
    expect(await screen.findByTestId(ids.error)).toHaveTextContent(
      'No deployment is in the region eu-west-1',
    );
    expect(screen.getByTestId(ids.apply)).toBeDisabled();
  });

  it('support reads the regions and has no control that changes one', async () => {
    renderConsole('/report-regions', {
      user: support,
      stubs: (m) => m.onGet(REPORT_REGIONS_PATH).reply(200, list),
    });
    expect(await screen.findByTestId(`${ids.region}-t-acme`)).toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.change}-t-acme`)).toBeNull();
  });
});

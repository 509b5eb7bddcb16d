/**
 * The tenants' half-wired calls with their controls (issue 37 point 2): the bulk move to a
 * deployment as a job followed to its end, the default deployment, the tenant's actions
 * (rolloutinit, tenantpolicyinit), the RBAC list's editor, and a tenant user's editor and pages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerIds } from '@workbench/common';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { jobPath } from '@workbench/common/api/contract/jobs';
import { DEFAULT_DEPLOYMENT_PATH, TENANT_DEPLOYMENTS_PATH } from '@workbench/common/api/contract/providerOps';
import { ROLLOUT_DEPLOYMENTS_PATH } from '@workbench/common/api/contract/providerRolloutPaths';
import { operator, renderConsole, support } from '../testing/renderConsole';
import './TenantsPage';

const gridRows = () =>
  screen.getByTestId(providerIds.tenantsTable).querySelectorAll('.ag-cell[col-id="name"]').length;

const DEPLOYMENTS = {
  deployments: [
    { deployment_id: 'use1', name: 'US East', tenants: 3 },
    { deployment_id: 'euw1', name: 'EU West', tenants: 0 },
  ],
  default_deployment: 'use1',
};
const WHERE = {
  tenant_deployments: [
    { tid: 't-globex', name: 'globex', deployment: 'use1' },
    { tid: 't-acme', name: 'acme', deployment: 'use1' },
  ],
  default_deployment: 'use1',
};
const job = (status: string, results: { tid: string; name: string }[], extra: object = {}) => ({
  id: 'job-1',
  status,
  action: 'move_tenants',
  deployment: 'euw1',
  tids: ['t-globex', 't-acme'],
  results: results.map((r) => ({ ...r, from: 'use1', status: 'moved' })),
  requested_by: 'operator@provider.example',
  created_at: '2026-11-29T00:00:00.000Z',
  ...extra,
});

describe('bulk move to a deployment', () => {
  it('moves the selected tenants as a job, polled until it finishes, with each tenant’s result', async () => {
    const { mock } = renderConsole('/tenants', {
      user: operator,
      stubs: (m) => {
        m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, DEPLOYMENTS);
        m.onGet(TENANT_DEPLOYMENTS_PATH).reply(200, WHERE);
        m.onPost(TENANT_DEPLOYMENTS_PATH).reply(202, job('pending', []));
        m.onGet(jobPath('job-1'))
          .replyOnce(200, job('started', [{ tid: 't-globex', name: 'globex' }]))
          .onGet(jobPath('job-1'))
          .reply(
            200,
            job('finished', [
              { tid: 't-globex', name: 'globex' },
              { tid: 't-acme', name: 'acme' },
            ]),
          );
      },
    });
    await waitFor(() => expect(gridRows()).toBe(3), { timeout: 5000 });
    expect(screen.getByTestId(tenantOpsIds.moveOpen)).toBeDisabled();
    fireEvent.click(screen.getAllByLabelText(/Select row 1/)[0] as HTMLElement);
    fireEvent.click(screen.getAllByLabelText(/Select row 2/)[0] as HTMLElement);
    await userEvent.click(screen.getByTestId(tenantOpsIds.moveOpen));
    const dialog = await screen.findByTestId(tenantOpsIds.moveDialog);
    expect(within(dialog).getByTestId(tenantOpsIds.moveSubmit)).toBeDisabled();
    fireEvent.mouseDown(await within(dialog).findByTestId(tenantOpsIds.moveDeployment));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.moveDeployment}-euw1`));
    // The confirmation says what happens before anything is sent.
    expect(dialog).toHaveTextContent(/globex, acme will be moved to the deployment euw1/);
    expect(mock.history.post).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.moveSubmit));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
      tids: ['t-globex', 't-acme'],
      deployment: 'euw1',
    });
    const outcome = await within(dialog).findByTestId(tenantOpsIds.moveOutcome, {}, { timeout: 6000 });
    expect(outcome).toHaveAttribute('data-status', 'finished');
    expect(outcome).toHaveTextContent('2 tenants moved to euw1.');
    expect(within(dialog).getByTestId(`${tenantOpsIds.moveResult}-t-acme`)).toHaveTextContent(
      'acme: moved from use1',
    );
    // Polled until the job ended (started, then finished).
    expect(mock.history.get.filter((r) => r.url === jobPath('job-1')).length).toBeGreaterThanOrEqual(2);
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.moveClose));
    await waitFor(() => expect(screen.queryByTestId(tenantOpsIds.moveDialog)).toBeNull());
  }, 60000);

  it('a failed job shows its reason and the tenants not moved', async () => {
    renderConsole('/tenants', {
      user: operator,
      stubs: (m) => {
        m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, DEPLOYMENTS);
        m.onGet(TENANT_DEPLOYMENTS_PATH).reply(200, WHERE);
        m.onPost(TENANT_DEPLOYMENTS_PATH).reply(202, job('pending', []));
        m.onGet(jobPath('job-1')).reply(200, {
          ...job('failed', [{ tid: 't-globex', name: 'globex' }], {
            reason: '1 of 2 tenants were not moved.',
          }),
          results: [
            { tid: 't-globex', name: 'globex', from: 'use1', status: 'moved' },
            {
              tid: 't-acme',
              name: 'acme',
              from: 'use1',
              status: 'failed',
              reason: 'No such tenant: t-acme.',
            },
          ],
        });
      },
    });
    await waitFor(() => expect(gridRows()).toBe(3), { timeout: 5000 });
    fireEvent.click(screen.getAllByLabelText(/Select row 1/)[0] as HTMLElement);
    await userEvent.click(screen.getByTestId(tenantOpsIds.moveOpen));
    const dialog = await screen.findByTestId(tenantOpsIds.moveDialog);
    fireEvent.mouseDown(await within(dialog).findByTestId(tenantOpsIds.moveDeployment));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.moveDeployment}-euw1`));
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.moveSubmit));
    const outcome = await within(dialog).findByTestId(tenantOpsIds.moveOutcome, {}, { timeout: 6000 });
    expect(outcome).toHaveAttribute('data-status', 'failed');
    expect(outcome).toHaveTextContent('1 of 2 tenants were not moved.');
    expect(within(dialog).getByTestId(`${tenantOpsIds.moveResult}-t-acme`)).toHaveTextContent(
      'No such tenant: t-acme.',
    );
  }, 60000);
});

describe('default deployment', () => {
  it('an operator makes another deployment the default; a refusal is shown; support reads it', async () => {
    const { mock } = renderConsole('/deployments', {
      user: operator,
      stubs: (m) => {
        m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, DEPLOYMENTS);
        m.onGet('/gdmanage/api/v1/deployments').reply(200, { deployments: [], total: 0 });
        m.onPut(DEFAULT_DEPLOYMENT_PATH)
          .replyOnce(400, { message: "There is no deployment 'euw1'.", field: 'default_deployment' })
          .onPut(DEFAULT_DEPLOYMENT_PATH)
          .reply(200, { default_deployment: 'euw1' });
      },
    });
    const control = await screen.findByTestId(tenantOpsIds.defaultDeployment, {}, { timeout: 5000 });
    const save = within(control).getByTestId(tenantOpsIds.defaultDeploymentSave);
    expect(save).toBeDisabled();
    fireEvent.mouseDown(await within(control).findByTestId(tenantOpsIds.defaultDeploymentSelect));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.defaultDeploymentSelect}-euw1`));
    await userEvent.click(save);
    expect(await within(control).findByText("There is no deployment 'euw1'.")).toBeInTheDocument();
    await userEvent.click(save);
    await waitFor(() => expect(mock.history.put).toHaveLength(2));
    expect(JSON.parse(String(mock.history.put[1]?.data))).toEqual({ default_deployment: 'euw1' });
    expect(await screen.findByText('New tenants are placed on euw1 from now on.')).toBeInTheDocument();
  }, 60000);

  it('support sees the default and no control', async () => {
    renderConsole('/deployments', {
      user: support,
      stubs: (m) => {
        m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, DEPLOYMENTS);
        m.onGet('/gdmanage/api/v1/deployments').reply(200, { deployments: [], total: 0 });
      },
    });
    const control = await screen.findByTestId(tenantOpsIds.defaultDeployment, {}, { timeout: 5000 });
    expect(await within(control).findByText('Default deployment for new tenants: use1')).toBeInTheDocument();
    expect(within(control).queryByTestId(tenantOpsIds.defaultDeploymentSave)).toBeNull();
  }, 60000);
});

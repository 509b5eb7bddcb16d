/** Licences and Deployments & Pods: licence state badges; node actions followed to their end. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerOpsIds } from '@workbench/common/test-ids/index';
import { jobPath, nodeActionPath, podNodesPath } from '@workbench/common/api/contract/providerOps';
import { operator, renderConsole, support } from '../testing/renderConsole';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const key = (key_id: string, license_state: string, expires_at: string) => ({
  key_id,
  expires_at,
  tenant_name: 'acme',
  license_type: 'customer',
  does_not_expire: false,
  include_ga_supported: true,
  versions: ['5.2'],
  note: '',
  license_state,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

test('licence keys show their state as a badge, and the threshold is stated', async () => {
  renderConsole('/licences', {
    user: support,
    stubs: (m) =>
      m.onGet('/gdmanage/api/v1/ova_keys').reply(200, {
        ova_keys: [key('K-SOON', 'about_to_expire', '2026-12-01'), key('K-OLD', 'expired', '2025-01-01')],
        total: 2,
      }),
  });
  expect(await screen.findByTestId(`${providerOpsIds.licenceState}-K-SOON`)).toHaveTextContent(
    'About to expire',
  );
  expect(screen.getByTestId(`${providerOpsIds.licenceState}-K-OLD`)).toHaveTextContent('Expired');
  expect(screen.getByTestId(providerOpsIds.aboutToExpireNote)).toHaveTextContent('30 days');
});

test('a node action shows its job until it ends: finished, or failed with the reason', async () => {
  const nodes = (state: string) => ({
    pod_id: 'p1',
    nodes: [
      { node: 'n1', state },
      { node: 'n-faulty', state: 'active' },
    ],
  });
  const job = (id: string, node: string, status: string, reason?: string) => ({
    id,
    status,
    action: 'restart',
    pod_id: 'p1',
    node,
    requested_by: operator.username,
    created_at: '2026-11-22T08:00:00.000Z',
    ...(reason ? { reason } : {}),
  });
  const { mock } = renderConsole('/deployments', {
    user: operator,
    stubs: (m) => {
      m.onGet('/gdmanage/api/v1/pods').reply(200, { pods: [{ pod_id: 'p1' }], total: 1 });
      m.onGet('/gdmanage/api/v1/deployments').reply(200, { deployments: [], total: 0 });
      m.onGet(podNodesPath('p1')).reply(200, nodes('active'));
      m.onPost(nodeActionPath('p1', 'n1')).reply(202, job('j1', 'n1', 'pending'));
      m.onGet(jobPath('j1')).reply(200, job('j1', 'n1', 'finished'));
      m.onPost(nodeActionPath('p1', 'n-faulty')).reply(202, job('j2', 'n-faulty', 'started'));
      m.onGet(jobPath('j2')).reply(200, job('j2', 'n-faulty', 'failed', 'The node did not come back.'));
    },
  });
  await userEvent.click(await screen.findByTestId(`${providerOpsIds.tab}-nodes`));
  const table = await screen.findByTestId(providerOpsIds.nodesTable);
  await within(table).findByText('n1');
  await userEvent.click(screen.getByTestId(`${providerOpsIds.nodeAction}-n1-restart`));
  expect(screen.getByTestId(`${providerOpsIds.nodeAction}-n1-freeze`)).toBeDisabled();
  await userEvent.click(screen.getByTestId(`${providerOpsIds.nodeAction}-n-faulty-restart`));
  expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({ action: 'restart' });
  // Queried again on every try: the job's line is drawn anew as its status changes. The poll waits
  // 1 s between asks (§4), so allow for a loaded machine.
  await waitFor(
    () =>
      expect(screen.getByTestId(`${providerOpsIds.nodeJob}-n1`)).toHaveAttribute('data-status', 'finished'),
    { timeout: 15000 },
  );
  await waitFor(
    () =>
      expect(screen.getByTestId(`${providerOpsIds.nodeJob}-n-faulty`)).toHaveTextContent(
        'Restart failed: The node did not come back.',
      ),
    { timeout: 15000 },
  );
  expect(screen.getByTestId(`${providerOpsIds.nodeAction}-n1-freeze`)).toBeEnabled();
});

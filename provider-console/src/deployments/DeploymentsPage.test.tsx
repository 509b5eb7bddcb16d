/** Licences and Deployments & Pods: licence state badges; node actions followed to their end. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerOpsIds } from '@workbench/common/test-ids/index';
import type MockAdapter from 'axios-mock-adapter';
import { JOBS_PATH, jobPath, nodeActionPath, podNodesPath } from '@workbench/common/api/contract/providerOps';
import { operator, renderConsole } from '../testing/renderConsole';

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
    user: operator,
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
  const restart = async (node: string) => {
    await userEvent.click(screen.getByTestId(`${providerOpsIds.nodeAction}-${node}-restart`));
    await userEvent.click(await screen.findByTestId(providerOpsIds.nodeConfirmOk));
    await waitFor(() => expect(screen.queryByTestId(providerOpsIds.nodeConfirm)).toBeNull());
  };
  await restart('n1');
  // While its job runs, the node takes no other action.
  expect(screen.queryByTestId(`${providerOpsIds.nodeAction}-n1-freeze`)).toBeNull();
  await restart('n-faulty');
  expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({ action: 'restart' });
  // Queried again on every try: the job's line is drawn anew as its status changes. The poll waits
  // 1 s between asks (docs/http-client.md §7), so allow for a loaded machine.
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
  expect(await screen.findByTestId(`${providerOpsIds.nodeAction}-n1-freeze`)).toBeEnabled();
});

const podStubs = (m: MockAdapter, nodes: object[]) => {
  m.onGet('/gdmanage/api/v1/pods').reply(200, { pods: [{ pod_id: 'p1' }], total: 1 });
  m.onGet('/gdmanage/api/v1/deployments').reply(200, { deployments: [], total: 0 });
  m.onGet(podNodesPath('p1')).reply(200, { pod_id: 'p1', nodes });
};

async function openNodes() {
  await userEvent.click(await screen.findByTestId(`${providerOpsIds.tab}-nodes`));
  return screen.findByTestId(providerOpsIds.nodesTable);
}

test('a node is offered only the actions its state takes; one in the middle of a job none', async () => {
  renderConsole('/deployments', {
    user: operator,
    stubs: (m) =>
      podStubs(m, [
        { node: 'n-active', state: 'active' },
        { node: 'n-frozen', state: 'frozen', last_action: 'freeze', operation_state: 'completed' },
        { node: 'n-restarting', state: 'restarting', last_action: 'restart', operation_state: 'started' },
      ]),
  });
  const table = await openNodes();
  await within(table).findByText('n-active');
  const offered = (node: string) =>
    within(table)
      .queryAllByTestId(new RegExp(`^${providerOpsIds.nodeAction}-${node}-`))
      .map((b) => b.textContent);
  expect(offered('n-active')).toEqual(['Freeze', 'Restart', 'Diagnostics']);
  expect(offered('n-frozen')).toEqual(['Thaw', 'Restart', 'Diagnostics']);
  expect(offered('n-restarting')).toEqual([]);
  // The node says what it is going through.
  expect(screen.getByTestId(`${providerOpsIds.nodeState}-n-restarting`)).toHaveTextContent('restarting');
});

test('restart and freeze ask first, naming the node and its pod; Cancel sends nothing', async () => {
  const { mock } = renderConsole('/deployments', {
    user: operator,
    stubs: (m) => {
      podStubs(m, [{ node: 'n1', state: 'active' }]);
      m.onPost(nodeActionPath('p1', 'n1')).reply(202, {
        id: 'j9',
        status: 'pending',
        action: 'diagnostics',
        pod_id: 'p1',
        node: 'n1',
        requested_by: operator.username,
        created_at: '2026-11-22T08:00:00.000Z',
      });
      m.onGet(jobPath('j9')).reply(200, {});
    },
  });
  await openNodes();
  for (const action of ['restart', 'freeze']) {
    await userEvent.click(await screen.findByTestId(`${providerOpsIds.nodeAction}-n1-${action}`));
    const dialog = await screen.findByTestId(providerOpsIds.nodeConfirm);
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      new RegExp(`^${action === 'restart' ? 'Restart' : 'Freeze'} the node n1 of the pod p1\\?$`),
    );
    await userEvent.click(within(dialog).getByTestId(providerOpsIds.nodeConfirmCancel));
    await waitFor(() => expect(screen.queryByTestId(providerOpsIds.nodeConfirm)).toBeNull());
  }
  expect(mock.history.post).toHaveLength(0);
  // Diagnostics change nothing on the node: they run at once.
  await userEvent.click(screen.getByTestId(`${providerOpsIds.nodeAction}-n1-diagnostics`));
  await waitFor(() => expect(mock.history.post).toHaveLength(1));
  expect(screen.queryByTestId(providerOpsIds.nodeConfirm)).toBeNull();
});

test("a node's history lists its recent jobs with their outcome", async () => {
  const job = (id: string, action: string, status: string, extra: object = {}) => ({
    id,
    status,
    action,
    pod_id: 'p1',
    node: 'n1',
    requested_by: 'operator@provider.example',
    created_at: '2026-11-22T08:00:00.000Z',
    ended_at: '2026-11-22T08:00:05.000Z',
    ...extra,
  });
  const { mock } = renderConsole('/deployments', {
    user: operator,
    stubs: (m) => {
      podStubs(m, [{ node: 'n1', state: 'active', last_action: 'restart', operation_state: 'failed' }]);
      m.onGet(JOBS_PATH).reply(200, {
        jobs: [
          job('j2', 'restart', 'failed', { reason: 'The node n1 did not report healthy.' }),
          job('j1', 'diagnostics', 'finished', { result: 'Health check of n1: OK.' }),
        ],
        total: 2,
      });
    },
  });
  await openNodes();
  await userEvent.click(await screen.findByTestId(`${providerOpsIds.nodeHistoryToggle}-n1`));
  const history = await screen.findByTestId(`${providerOpsIds.nodeHistory}-n1`);
  await waitFor(() => expect(history).toHaveAttribute('data-status', 'loaded'));
  const rows = within(history).getAllByRole('row').slice(1) as HTMLTableRowElement[];
  expect(
    rows.map((r) => [r.cells[0]?.textContent, r.cells[1]?.textContent, r.cells[5]?.textContent]),
  ).toEqual([
    ['Restart', 'failed', 'The node n1 did not report healthy.'],
    ['Diagnostics', 'finished', 'Health check of n1: OK.'],
  ]);
  expect(mock.history.get?.find((r) => r.url === JOBS_PATH)?.params).toEqual({
    pod_id: 'p1',
    node: 'n1',
    limit: 10,
  });
});

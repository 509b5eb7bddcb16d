/**
 * An appliance's software from Settings › Managed Systems, against a fake server: the version and
 * slot it runs; a check, a download, an install and a rollback each started with the body its call
 * takes and followed as a job, the appliance read again after each; a read-only role sees no action.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import type { ManagedSystem, UpdateState } from '@workbench/common/api/contract/centralManager';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { resetPortalEnv } from '../../testing/renderPortal';
import { openManagedSystem } from '../../testing/managedSystems';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const edge: ManagedSystem = {
  id: 's1',
  name: 'edge-1',
  host: '127.0.0.1',
  port: 8442,
  mode: 'safeview',
  fingerprint_sha256: 'FP',
  approved_at: '2026-11-30T01:00:00.000Z',
  state: 'online',
  reason: null,
  checked_at: '2026-11-30T01:00:00.000Z',
  system: {
    mode: 'safeview',
    hostname: 'h',
    maintenance_mode: false,
    boot_count: 1,
    booted_at: '2026-11-30T01:00:00.000Z',
    manager_version: '1.0.0',
  },
};

const factory = { slot_id: 0, version: '1.0.0', description: 'Factory Reset' };
const idle = {
  state: 'idle' as const,
  version: null,
  step: null,
  progress: 0,
  reason: null,
  enter_maintenance_mode: false,
  updated_at: null,
};
const fresh: UpdateState = {
  version: '1.0.0',
  active_slot: 1,
  slots: [{ slot_id: 1, version: '1.0.0', description: 'Factory image' }],
  rollback: [factory],
  checked_at: null,
  available: [],
  check_reason: null,
  downloaded: [],
  install: idle,
};
const checked: UpdateState = {
  ...fresh,
  checked_at: '2026-11-30T02:00:00.000Z',
  available: [{ version: '1.2.0', description: 'Email attachment rewriting; scheduled actions' }],
};
const downloaded: UpdateState = { ...checked, downloaded: ['1.2.0'] };
const installed: UpdateState = {
  ...downloaded,
  version: '1.2.0',
  active_slot: 2,
  slots: [...fresh.slots, { slot_id: 2, version: '1.2.0', description: 'Email attachment rewriting' }],
  rollback: [factory, { slot_id: 1, version: '1.0.0', description: 'Factory image' }],
  available: [],
  install: { ...idle, state: 'installed', version: '1.2.0', progress: 100 },
};

const job = (id: string) => ({
  id,
  kind: 'update',
  status: 'finished',
  reason: null,
  ok: true,
  cert: null,
  done: 1,
  total: 1,
  targets: [{ id: 's1', name: 'edge-1', status: 'completed', reason: null }],
  created_at: 'x',
  updated_at: 'x',
});

const open = (role: 'admin' | 'auditor', stubs?: (m: MockAdapter) => void) =>
  openManagedSystem(edge, role, stubs);

const SLOW = { timeout: 15_000 };
const UPDATES = '/api/v1/managed_systems/s1/updates';

describe('Software of a managed appliance', () => {
  it('checks, downloads, installs and rolls back, each a job, reading the appliance again after each', async () => {
    const { mock } = open('admin', (m) => {
      m.onGet(UPDATES)
        .replyOnce(200, fresh)
        .onGet(UPDATES)
        .replyOnce(200, checked)
        .onGet(UPDATES)
        .replyOnce(200, downloaded)
        .onGet(UPDATES)
        .replyOnce(200, installed)
        .onGet(UPDATES)
        .reply(200, fresh);
      for (const [action, id] of [
        ['check', 'j1'],
        ['download', 'j2'],
        ['install', 'j3'],
        ['rollback', 'j4'],
      ] as const) {
        m.onPost(`${UPDATES}/${action}`).reply(200, { job_id: id });
        m.onGet(`/api/v1/cm/jobs/${id}`).reply(200, job(id));
      }
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.updates}-s1`, {}, SLOW));
    const dialog = await screen.findByTestId(ids.updatesDialog);
    expect(await within(dialog).findByTestId(ids.updatesVersion)).toHaveTextContent('Runs 1.0.0 from slot 1');
    expect(dialog).toHaveTextContent('Not checked for updates yet.');

    await user.click(within(dialog).getByTestId(ids.updatesCheck));
    await user.click(await within(dialog).findByTestId(`${ids.updatesDownload}-1.2.0`));
    await user.click(await within(dialog).findByTestId(`${ids.updatesInstall}-1.2.0`));
    await waitFor(() =>
      expect(within(dialog).getByTestId(ids.updatesVersion)).toHaveTextContent('Runs 1.2.0 from slot 2'),
    );
    await user.click(within(dialog).getByTestId(`${ids.updatesRollback}-1`));
    await waitFor(() =>
      expect(within(dialog).getByTestId(ids.updatesVersion)).toHaveTextContent('Runs 1.0.0 from slot 1'),
    );
    expect(within(dialog).getByTestId(ids.jobStatus)).toHaveTextContent('Finished: 1 of 1 done');

    const bodies = mock.history.post
      .filter((r) => r.url?.startsWith(UPDATES))
      .map((r) => [r.url, r.data ? JSON.parse(r.data as string) : undefined]);
    expect(bodies).toEqual([
      [`${UPDATES}/check`, undefined],
      [`${UPDATES}/download`, { version: '1.2.0' }],
      [`${UPDATES}/install`, { version: '1.2.0' }],
      [`${UPDATES}/rollback`, { slot_id: 1 }],
    ]);
  });

  it('shows the Factory Reset entry at slot 0 of the rollback list', async () => {
    open('admin', (m) => m.onGet(UPDATES).reply(200, fresh));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.updates}-s1`, {}, SLOW));
    expect(await screen.findByTestId(`${ids.updatesRollback}-0`)).toHaveTextContent(
      'Roll back to 1.0.0 (Factory Reset)',
    );
  });

  it('a read-only role sees the software and no action', async () => {
    open('auditor', (m) => m.onGet(UPDATES).reply(200, downloaded));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.updates}-s1`, {}, SLOW));
    const dialog = await screen.findByTestId(ids.updatesDialog);
    expect(await within(dialog).findByTestId(`${ids.updatesRelease}-1.2.0`)).toBeInTheDocument();
    expect(within(dialog).queryByTestId(ids.updatesCheck)).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId(`${ids.updatesInstall}-1.2.0`)).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId(`${ids.updatesRollback}-0`)).not.toBeInTheDocument();
  });
});

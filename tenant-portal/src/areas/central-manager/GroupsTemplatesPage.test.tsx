/**
 * Settings › Groups & Templates on a management station, against a fake server: groups with their
 * members and template, a new group and a new template (a refusal stays in the dialog), applying a
 * template to a group followed per appliance (one fails with its reason, the other is done), the
 * drift per member (in sync, drifted fields, unknown with the reason), deletion confirmed, and a
 * read-only role without write actions.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import type { ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { GROUP_TEXTS } from './GroupDialogs';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const system = (id: string, name: string, port: number): ManagedSystem => ({
  id,
  name,
  host: '127.0.0.1',
  port,
  mode: 'safeview',
  fingerprint_sha256: `FP-${id}`,
  approved_at: '2026-11-30T01:00:00.000Z',
  state: 'online',
  reason: null,
  checked_at: null,
  system: null,
});
const systems = [system('s1', 'edge-1', 8442), system('s2', 'edge-2', 8443)];
const branch = {
  id: 'g1',
  name: 'Branch',
  nodes: [
    { id: 's1', auto_group: true },
    { id: 's2', auto_group: true },
  ],
  template_id: 't1',
  updated_at: '2026-11-30T01:00:00.000Z',
};
const baseline = { id: 't1', name: 'Baseline', from_system: 's1', created_at: '2026-11-30T01:00:00.000Z' };

function open(role: 'admin' | 'auditor', extra: (m: MockAdapter) => void = () => undefined) {
  return renderPortal({
    path: '/settings/groups-templates',
    user: demoUser(role),
    deployment: 'on_prem',
    mode: 'management_station',
    stubs: (m) => {
      m.onGet('/api/v1/managed_systems').reply(200, { appliances: systems });
      m.onGet('/api/v1/groups').reply(200, { groups: [branch] });
      m.onGet('/api/v1/templates').reply(200, { templates: [baseline] });
      extra(m);
    },
  });
}

const SLOW = { timeout: 15_000 };
const bodyOf = (r: { data?: unknown }) => JSON.parse(r.data as string) as Record<string, unknown>;
const posted = (mock: MockAdapter, url: string) => mock.history.post.filter((r) => r.url === url).map(bodyOf);

describe('Groups & Templates (/settings/groups-templates)', () => {
  it('lists the groups with their members and template, and the templates with their appliance', async () => {
    open('admin');
    const groups = await screen.findByTestId(ids.groupsTable, {}, SLOW);
    expect(await within(groups).findByText('edge-1, edge-2')).toBeInTheDocument();
    expect(within(groups).getByText('Baseline')).toBeInTheDocument();
    const templates = screen.getByTestId(ids.templatesTable);
    expect(within(templates).getByText('Baseline')).toBeInTheDocument();
    expect(within(templates).getByText('edge-1')).toBeInTheDocument();
  });

  it('creates a group with the members chosen; a refusal stays in the dialog', async () => {
    const { mock } = open('admin');
    await screen.findByTestId(ids.groupsTable, {}, SLOW);
    mock
      .onPost('/api/v1/groups')
      .replyOnce(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'nodes.0.id: The system s9 is not managed here.',
      })
      .onPost('/api/v1/groups')
      .reply(200, {
        ...branch,
        id: 'g2',
        name: 'Lab',
        nodes: [{ id: 's2', auto_group: true }],
        template_id: null,
      });
    const user = userEvent.setup();
    await user.click(screen.getByTestId(ids.addGroup));
    const dialog = await screen.findByTestId(ids.groupDialog);
    await user.click(within(dialog).getByTestId(ids.dialogSubmit));
    expect(within(dialog).getByText(GROUP_TEXTS.nameRequired)).toBeInTheDocument();
    await user.type(screen.getByTestId(`${ids.field}-name`), 'Lab');
    await user.click(screen.getByTestId(`${ids.groupMember}-s2`));
    await user.click(within(dialog).getByTestId(ids.dialogSubmit));
    expect(await within(dialog).findByTestId(ids.dialogError)).toHaveTextContent('not managed here');
    expect(screen.getByTestId(`${ids.field}-name`)).toHaveValue('Lab');
    await user.click(within(dialog).getByTestId(ids.dialogSubmit));
    await waitFor(() => expect(screen.queryByTestId(ids.groupDialog)).not.toBeInTheDocument());
    expect(posted(mock, '/api/v1/groups')[1]).toEqual({
      name: 'Lab',
      nodes: [{ id: 's2', auto_group: true }],
    });
  });

  it("creates a template from an appliance's settings", async () => {
    const { mock } = open('admin');
    await screen.findByTestId(ids.templatesTable, {}, SLOW);
    mock
      .onPost('/api/v1/templates')
      .reply(200, { ...baseline, id: 't2', name: 'Edge 2', from_system: 's2', settings: {} });
    const user = userEvent.setup();
    await user.click(screen.getByTestId(ids.addTemplate));
    const dialog = await screen.findByTestId(ids.templateDialog);
    await user.type(screen.getByTestId(`${ids.field}-name`), 'Edge 2');
    await user.click(within(dialog).getByTestId(ids.dialogSubmit));
    expect(within(dialog).getByText(GROUP_TEXTS.systemRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'edge-2' }));
    await user.click(within(dialog).getByTestId(ids.dialogSubmit));
    await waitFor(() => expect(screen.queryByTestId(ids.templateDialog)).not.toBeInTheDocument());
    expect(posted(mock, '/api/v1/templates')).toEqual([{ name: 'Edge 2', from_system: 's2' }]);
  });

  it('applies a template to a group and shows each appliance’s outcome', async () => {
    const { mock } = open('admin', (m) => {
      m.onPost('/api/v1/templates/t1/apply').reply(200, { job_id: 'j9' });
      m.onGet('/api/v1/cm/jobs/j9').reply(200, {
        id: 'j9',
        kind: 'apply_template',
        status: 'failed',
        reason:
          '1 of 2 failed: edge-2: The appliance cannot be reached: connect ECONNREFUSED 127.0.0.1:8443.',
        ok: false,
        cert: null,
        done: 2,
        total: 2,
        targets: [
          { id: 's1', name: 'edge-1', status: 'completed', reason: null },
          {
            id: 's2',
            name: 'edge-2',
            status: 'failed',
            reason: 'The appliance cannot be reached: connect ECONNREFUSED 127.0.0.1:8443.',
          },
        ],
        created_at: 'x',
        updated_at: 'x',
      });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.apply}-g1`, {}, SLOW));
    const dialog = await screen.findByTestId(ids.applyDialog);
    await user.click(within(dialog).getByTestId(ids.applySubmit));
    expect(await within(dialog).findByTestId(`${ids.jobTarget}-s2`)).toHaveTextContent('ECONNREFUSED');
    expect(within(dialog).getByTestId(`${ids.jobTarget}-s1`)).toHaveTextContent('Done');
    expect(within(dialog).getByTestId(ids.jobStatus)).toHaveTextContent('Failed');
    expect(within(dialog).getByText(/1 of 2 failed: edge-2/)).toBeInTheDocument();
    expect(posted(mock, '/api/v1/templates/t1/apply')).toEqual([{ group_id: 'g1' }]);
  });

  it('shows each member’s drift from the group’s template', async () => {
    open('auditor', (m) => {
      m.onGet('/api/v1/templates/t1/drift').reply(200, {
        template_id: 't1',
        group_id: 'g1',
        members: [
          { id: 's1', name: 'edge-1', drift: 'in_sync', fields: [], reason: null },
          {
            id: 's2',
            name: 'edge-2',
            drift: 'drifted',
            fields: ['time.timezone', 'logging.level'],
            reason: null,
          },
        ],
      });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.drift}-g1`, {}, SLOW));
    const dialog = await screen.findByTestId(ids.driftDialog);
    expect(await within(dialog).findByTestId(`${ids.driftMember}-s2`)).toHaveTextContent(
      'Differs in time.timezone, logging.level',
    );
    expect(within(dialog).getByTestId(`${ids.driftMember}-s1`)).toHaveTextContent('In sync');
  });

  it('deletes a group after a confirmation', async () => {
    const { mock } = open('admin', (m) => m.onDelete('/api/v1/groups/g1').reply(200, { id: 'g1' }));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.deleteGroup}-g1`, {}, SLOW));
    expect(await screen.findByTestId(ids.confirmDialog)).toHaveTextContent('Delete the group Branch?');
    expect(mock.history.delete).toHaveLength(0);
    await user.click(screen.getByTestId(ids.confirm));
    await waitFor(() => expect(mock.history.delete).toHaveLength(1));
  });

  it('a read-only role sees groups, templates and drift, and no write action', async () => {
    open('auditor');
    await screen.findByTestId(`${ids.drift}-g1`, {}, SLOW);
    expect(screen.queryByTestId(ids.addGroup)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.addTemplate)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.apply}-g1`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.deleteGroup}-g1`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.deleteTemplate}-t1`)).not.toBeInTheDocument();
  });
});

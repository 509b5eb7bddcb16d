import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { RBAC_PATHS, ROLE_MSGS, type Role } from '@workbench/common/api/contract/administrators';
import { rolesIds as ids } from '@workbench/common/test-ids/administratorsIds';
import { LOGS_CHILDREN } from '../../../routes/areas';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const role = (name: string, extra: Partial<Role> = {}): Role => ({
  name,
  description: '',
  read: [],
  write: [],
  builtin: false,
  holders: [],
  updated_at: null,
  ...extra,
});

const ROLES = [
  role('admin', { builtin: true, read: ['*:*'], write: ['*:*'], holders: ['admin@acme.example'] }),
  role('logs', { builtin: true, read: ['dashboard:*', 'logs:*'] }),
  role('helpdesk', { read: ['settings:users'], write: ['settings:users'], holders: ['hd@acme.example'] }),
];

const stubRoles = (m: MockAdapter) => m.onGet(RBAC_PATHS.v2).reply(200, { enforced: true, roles: ROLES });
const saves = (mock: MockAdapter) => mock.history.post.filter((r) => r.url === RBAC_PATHS.v2);

const open = (user = demoUser('admin')) => renderPortal({ path: '/settings/roles', user, stubs: stubRoles });

/** Adds entries to one of the editor's lists as typed, each confirmed with Enter. */
async function addEntries(testId: string, entries: string[]) {
  const input = screen.getByTestId(testId);
  for (const entry of entries) {
    await userEvent.click(input);
    await userEvent.paste(entry);
    await userEvent.keyboard('{Enter}');
  }
}

describe('Settings › Roles', () => {
  it('lists the roles, built-in first, with who holds each', async () => {
    open();
    expect(await screen.findByText('helpdesk')).toBeInTheDocument();
    expect(screen.getAllByText('Built-in')).toHaveLength(2);
    expect(screen.getByText('hd@acme.example')).toBeInTheDocument();
    // Built-in roles are viewed and copied, never edited or deleted.
    expect(screen.getByTestId(`${ids.view}-admin`)).toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.edit}-admin`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.remove}-admin`)).not.toBeInTheDocument();
    expect(screen.getByTestId(`${ids.edit}-helpdesk`)).toBeInTheDocument();
  });

  it('the editor shows what a read-only logs role opens, and the navigation as its holder sees it', async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(ids.addButton));
    await userEvent.type(screen.getByTestId(ids.name), 'readonly-logs');
    await addEntries(ids.read, ['logs:*']);

    const reach = screen.getByTestId(ids.reach);
    const logs = within(reach).getByTestId(`${ids.reachArea}-logs`);
    expect(logs).toHaveAttribute('data-write', 'false');
    // The log types the demo tenant's features open (Email Logs needs its feature).
    for (const child of LOGS_CHILDREN.filter((c) => !c.features)) {
      expect(within(reach).getByTestId(`${ids.reachPage}-logs-${child.path}`)).toHaveAttribute(
        'data-write',
        'false',
      );
    }
    expect(within(reach).queryByTestId(`${ids.reachArea}-policy`)).not.toBeInTheDocument();
    expect(within(reach).queryByText('View and change')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId(ids.previewButton));
    const nav = screen.getByTestId(ids.preview);
    expect(within(nav).getByText('Logs')).toBeInTheDocument();
    expect(within(nav).getByText('Web Logs')).toBeInTheDocument();
    expect(within(nav).queryByText('Policy')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Settings')).not.toBeInTheDocument();

    // Changing the write list changes the reach at once.
    await addEntries(ids.write, ['logs:web']);
    expect(within(reach).getByTestId(`${ids.reachPage}-logs-web`)).toHaveAttribute('data-write', 'true');

    mock.onPost(RBAC_PATHS.v2).reply(201, role('readonly-logs', { read: ['logs:*'], write: ['logs:web'] }));
    await userEvent.click(screen.getByTestId(ids.save));
    await waitFor(() => expect(screen.queryByTestId(ids.editor)).not.toBeInTheDocument());
    expect(JSON.parse(String(saves(mock)[0].data))).toEqual({
      name: 'readonly-logs',
      description: '',
      read: ['logs:*'],
      write: ['logs:web'],
      create: true,
    });
  });

  it('bad input shows its error and sends nothing: a malformed entry, a name taken', async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(ids.addButton));
    await userEvent.type(screen.getByTestId(ids.name), 'helpdesk');
    await addEntries(ids.read, ['logs web']);
    await userEvent.click(screen.getByTestId(ids.save));
    expect(await screen.findByText(/“logs web” is not an entry/)).toBeInTheDocument();
    expect(screen.getByText('A role named helpdesk exists.')).toBeInTheDocument();
    expect(saves(mock)).toHaveLength(0);
  });

  it('copy: a new role with the source’s lists under a free name', async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(`${ids.copy}-logs`));
    expect(screen.getByTestId(ids.name)).toHaveValue('logs-copy');
    mock.onPost(RBAC_PATHS.v2).reply(201, role('logs-copy', { read: ['dashboard:*', 'logs:*'] }));
    await userEvent.click(screen.getByTestId(ids.save));
    await waitFor(() => expect(saves(mock)).toHaveLength(1));
    expect(JSON.parse(String(saves(mock)[0].data))).toMatchObject({
      name: 'logs-copy',
      read: ['dashboard:*', 'logs:*'],
      create: true,
    });
  });

  it('delete: the server’s 409 naming who holds the role shows in the dialog', async () => {
    const { mock } = open();
    const reason = ROLE_MSGS.inUse('helpdesk', ['hd@acme.example']);
    mock.onDelete(RBAC_PATHS.one('helpdesk')).reply(409, { message: reason, field: 'name' });
    await userEvent.click(await screen.findByTestId(`${ids.remove}-helpdesk`));
    await userEvent.click(screen.getByTestId(ids.deleteConfirm));
    expect(await screen.findByTestId(ids.deleteError)).toHaveTextContent(reason);
    expect(screen.getByTestId(ids.deleteDialog)).toBeInTheDocument();
  });

  it('a read-only role sees the roles and what each opens, and no write control', async () => {
    open(demoUser('auditor'));
    expect(await screen.findByText('helpdesk')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.copy}-helpdesk`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.remove}-helpdesk`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.edit}-helpdesk`)).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId(`${ids.view}-helpdesk`));
    expect(screen.getByTestId(ids.reach)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.save)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.description)).toBeDisabled();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  ADMIN_MSGS,
  ADMIN_PATHS,
  RBAC_PATHS,
  type Administrator,
  type Role,
} from '@workbench/common/api/contract/administrators';
import { extensionsOf } from '@workbench/common/api/contract/extensions';
import { administratorsIds as ids } from '@workbench/common/test-ids/administratorsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';

afterEach(resetPortalEnv);

// AG Grid draws no rows in jsdom: the table is a plain list driven by the same props.
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const admin = (username: string, extra: Partial<Administrator> = {}): Administrator => ({
  uid: username,
  username,
  first_name: username.split('@')[0],
  last_name: 'Acme',
  role: 'admin',
  status: 'active',
  locked: false,
  show_change_password: false,
  mfa_enrolled_since: null,
  ...extra,
});

const role = (name: string, builtin = false): Role => ({
  name,
  description: '',
  read: ['logs:*'],
  write: [],
  builtin,
  holders: [],
  updated_at: null,
});

// The signed-in admin's uid is 'admin@acme.example' (demoUser): that row is "You".
const ACCOUNTS = [
  admin('admin@acme.example'),
  admin('auditor@acme.example', { role: 'auditor' }),
  admin('locked@acme.example', { role: 'logs', locked: true }),
];

const stubList =
  (accounts: Administrator[] = ACCOUNTS) =>
  (m: MockAdapter) => {
    m.onGet(ADMIN_PATHS.list).reply(200, { users: accounts });
    m.onGet(RBAC_PATHS.v2).reply(200, {
      enforced: true,
      roles: [role('admin', true), role('auditor', true), role('logs', true), role('readonly-logs')],
    });
  };

const writes = (mock: MockAdapter) =>
  [...mock.history.post, ...mock.history.put, ...mock.history.delete].filter(
    (r) => r.url?.startsWith('/api/auth/v1/users') || r.url === RBAC_PATHS.v1,
  );

const open = (user = demoUser('admin'), stubs = stubList(), extensions = extensionsOf('tenant')) =>
  renderPortal({ path: '/settings/administrators', user, stubs, extensions });

describe('Settings › Administrators', () => {
  it('lists the accounts with their role, status and lock', async () => {
    open();
    const row = await screen.findByTestId(`${ids.row}-locked@acme.example`);
    expect(screen.getByTestId(ids.total)).toHaveTextContent('3 administrators');
    expect(screen.getByText('locked@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Locked')).toBeInTheDocument();
    expect(within(row).getByLabelText('Unlock locked@acme.example')).toBeInTheDocument();
    // One's own account is not reset, disabled or deleted from here.
    const mine = screen.getByTestId(`${ids.row}-admin@acme.example`);
    expect(within(mine).queryByLabelText(/Delete|Disable|Reset/)).not.toBeInTheDocument();
  });

  it('add: a bad e-mail shows its error at the field and sends nothing', async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(ids.addButton));
    await userEvent.type(screen.getByTestId(ids.formUsername), 'not-an-address');
    await userEvent.type(screen.getByTestId(ids.formFirstName), 'Nora');
    await userEvent.type(screen.getByTestId(ids.formLastName), 'New');
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    expect(await screen.findByText(/Enter the administrator’s e-mail address/)).toBeInTheDocument();
    expect(writes(mock)).toHaveLength(0);
  });

  it('add: the one-time password of the answer is shown once, with a Copy button; a taken name shows at its field', async () => {
    const { mock } = open();
    let first = true;
    mock.onPost(ADMIN_PATHS.create).reply((config) => {
      const body = JSON.parse(String(config.data)) as { username: string; role: string };
      if (first) {
        first = false;
        return [409, { message: ADMIN_MSGS.usernameTaken, field: 'username' }];
      }
      return [201, { user: admin(body.username, { role: body.role }), password: 'Xy7#one-time-Pw' }];
    });
    await userEvent.click(await screen.findByTestId(ids.addButton));
    await userEvent.type(screen.getByTestId(ids.formUsername), 'nora@acme.example');
    await userEvent.type(screen.getByTestId(ids.formFirstName), 'Nora');
    await userEvent.type(screen.getByTestId(ids.formLastName), 'New');
    await userEvent.click(screen.getByTestId(ids.formSubmit));
    expect(await screen.findByText(ADMIN_MSGS.usernameTaken, { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId(ids.formDialog)).toBeInTheDocument();

    await userEvent.click(screen.getByTestId(ids.formSubmit));
    const dialog = await screen.findByTestId(ids.passwordDialog);
    expect(within(dialog).getByTestId(ids.password)).toHaveTextContent('Xy7#one-time-Pw');
    expect(within(dialog).getByTestId(ids.passwordCopy)).toBeInTheDocument();
    expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({
      username: 'nora@acme.example',
      first_name: 'Nora',
      last_name: 'New',
      role: 'admin',
    });
    await userEvent.click(screen.getByTestId(ids.passwordDone));
    await waitFor(() => expect(screen.queryByTestId(ids.passwordDialog)).not.toBeInTheDocument());
    expect(screen.queryByText('Xy7#one-time-Pw')).not.toBeInTheDocument();
  });

  it('delete: the server’s 409 for the last full administrator shows its reason in the dialog, which stays open', async () => {
    const { mock } = open();
    mock
      .onDelete(ADMIN_PATHS.one('auditor@acme.example'))
      .reply(409, { message: ADMIN_MSGS.lastFullAdmin, field: 'uid' });
    await userEvent.click(await screen.findByLabelText('Delete auditor@acme.example'));
    const dialog = screen.getByTestId(ids.confirmDialog);
    await userEvent.click(within(dialog).getByTestId(ids.confirmOk));
    expect(await within(dialog).findByTestId(ids.confirmError)).toHaveTextContent(ADMIN_MSGS.lastFullAdmin);
    expect(screen.getByTestId(ids.confirmDialog)).toBeInTheDocument();
  });

  it('reset password: confirmed, the new one-time password shows once', async () => {
    const { mock } = open();
    mock.onPost(ADMIN_PATHS.resetPassword('auditor@acme.example')).reply(200, {
      user: admin('auditor@acme.example', { role: 'auditor', show_change_password: true }),
      password: 'Reset-Pw-42!',
    });
    await userEvent.click(await screen.findByLabelText('Reset the password of auditor@acme.example'));
    await userEvent.click(screen.getByTestId(ids.confirmOk));
    expect(await screen.findByTestId(ids.password)).toHaveTextContent('Reset-Pw-42!');
  });

  it('change role: gives the role chosen (policy v1 rbac)', async () => {
    const { mock } = open();
    mock.onPost(RBAC_PATHS.v1).reply(200, {
      uid: 'auditor@acme.example',
      username: 'auditor@acme.example',
      role: 'readonly-logs',
      read: ['logs:*'],
      write: [],
    });
    await userEvent.click(await screen.findByLabelText('Change the role of auditor@acme.example'));
    await userEvent.click(screen.getByTestId(ids.roleSelect));
    await userEvent.click(await screen.findByRole('option', { name: 'readonly-logs' }));
    await userEvent.click(screen.getByTestId(ids.roleSubmit));
    await waitFor(() => expect(screen.queryByTestId(ids.roleDialog)).not.toBeInTheDocument());
    expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({
      uid: 'auditor@acme.example',
      role: 'readonly-logs',
    });
  });

  it('a read-only role sees the list and no write control', async () => {
    open(demoUser('auditor'));
    expect(await screen.findByText('locked@acme.example')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.row}-locked@acme.example`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete|Disable|Unlock|Reset|Change the role/ })).toBeNull();
  });

  it('without the administrators extension the writes beyond the spec are not offered', async () => {
    open(
      demoUser('admin'),
      stubList(),
      extensionsOf('tenant').filter((e) => e !== 'administrators'),
    );
    expect(await screen.findByText('locked@acme.example')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.addButton)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete auditor@acme.example')).not.toBeInTheDocument();
    // Giving a role is the spec's own call.
    expect(screen.getByLabelText('Change the role of auditor@acme.example')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { UDB_PATHS, type EndUser } from '@workbench/common/api/contract/udb';
import { componentIds } from '@workbench/common/test-ids/index';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import { password as passwordRule } from '@workbench/common/validators/text';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { deletionWarning } from '@workbench/common/components/confirm-delete/index';

afterEach(resetPortalEnv);

// AG Grid draws no rows in jsdom: the table is a plain list driven by the same props.
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const endUser = (n: number, extra: Partial<EndUser> = {}): EndUser => ({
  uid: `uid-${n}`,
  username: `user${n}@acme.example`,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  email: `first${n}@mail.example`,
  groups: ['sales'],
  status: 'active',
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
  ...extra,
});

const stubUsers =
  (users: EndUser[], total = users.length) =>
  (m: MockAdapter) =>
    m.onGet(UDB_PATHS.users).reply(200, { total, users });

/** Puts text into a form field as a paste (one input event: typing it key by key is slow under load). */
const enter = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};

/** Writes to the user database (the session's own calls, e.g. cookie_refresh, left out). */
const udbPosts = (mock: MockAdapter) => mock.history.post.filter((r) => r.url?.startsWith('/api/udb-rest/'));
const listCalls = (mock: MockAdapter) => mock.history.get.filter((r) => r.url === UDB_PATHS.users);

describe('Users page (settings/users)', () => {
  it('flags a name that mixes scripts with a chip naming the code points; a one-script name has none', async () => {
    renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: stubUsers([
        endUser(1, { username: '\u0430dmin@acme.example' }),
        endUser(2, { username: 'admin@acme.example', first_name: 'Jos\u00e9' }),
      ]),
    });
    const chip = await screen.findByTestId(`${usersIds.mixedScripts}-\u0430dmin@acme.example`);
    expect(chip).toHaveTextContent('mixed scripts');
    expect(chip).toHaveAccessibleName('mixed scripts: Latin and Cyrillic: \u0430 U+0430 (Cyrillic)');
    expect(screen.getByText('admin@acme.example')).toBeInTheDocument();
    expect(screen.queryByTestId(`${usersIds.mixedScripts}-admin@acme.example`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${usersIds.mixedScripts}-Jos\u00e9`)).not.toBeInTheDocument();
  });

  it('lists the users of the tenant with their total, sorted by username from the server', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: stubUsers([endUser(1), endUser(2)], 2),
    });
    expect(await screen.findByText('user1@acme.example')).toBeInTheDocument();
    expect(screen.getByText('user2@acme.example')).toBeInTheDocument();
    expect(screen.getByTestId(usersIds.total)).toHaveTextContent('2 users');
    expect(listCalls(mock)[0].params).toMatchObject({ sort: 'username', order: 'asc', limit: 25, offset: 0 });
  });

  it('a click on a column header sorts by it on the server, ascending then descending; the header shows the sort', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: stubUsers([endUser(1), endUser(2)]),
    });
    await screen.findByText('user1@acme.example');
    expect(screen.queryByLabelText('Sort by')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'ascending');
    const lastParams = () => listCalls(mock).at(-1)?.params as Record<string, unknown>;

    await userEvent.click(screen.getByRole('columnheader', { name: 'E-mail' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'email', order: 'asc', offset: 0 }));
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(screen.getByRole('columnheader', { name: 'E-mail' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'email', order: 'desc', offset: 0 }));
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('columnheader', { name: 'Created' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'created_at', order: 'asc' }));
  });

  it('only the columns the users endpoint sorts by offer a header sort', async () => {
    renderPortal({ path: '/settings/users', user: demoUser('admin'), stubs: stubUsers([endUser(1)]) });
    await screen.findByText('user1@acme.example');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Username',
      'First name',
      'Last name',
      'E-mail',
      'Status',
      'Created',
    ]);
  });

  it('Readers see no write actions', async () => {
    renderPortal({ path: '/settings/users', user: demoUser('auditor'), stubs: stubUsers([endUser(1)]) });
    expect(await screen.findByText('user1@acme.example')).toBeInTheDocument();
    expect(screen.queryByTestId(usersIds.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(usersIds.deleteSelected)).not.toBeInTheDocument();
    expect(screen.queryByTestId(usersIds.importButton)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
  });

  it('searching asks the server for the matching users from the first page', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: stubUsers([endUser(1)]),
    });
    await screen.findByText('user1@acme.example');
    await userEvent.type(screen.getByTestId(usersIds.search), 'ann{Enter}');
    await waitFor(() =>
      expect(listCalls(mock).some((c) => (c.params as { search?: string }).search === 'ann')).toBe(true),
    );
    expect(
      listCalls(mock).find((c) => (c.params as { search?: string }).search === 'ann')?.params,
    ).toMatchObject({ offset: 0 });
  });

  it('shows the empty-results text when nothing matches', async () => {
    renderPortal({ path: '/settings/users', user: demoUser('admin'), stubs: stubUsers([]) });
    expect(
      await screen.findByText(
        'No users were found to match your search/filters. Try modifying or resetting your criteria.',
      ),
    ).toBeInTheDocument();
  });

  it('the create form refuses an invalid username with the validator rule and sends nothing; a valid form creates the user', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: (m) => {
        stubUsers([endUser(1)])(m);
        m.onPost(UDB_PATHS.users).reply(200, endUser(9, { username: 'new@acme.example' }));
      },
    });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByTestId(usersIds.addButton));
    const dialog = await screen.findByTestId(usersIds.formDialog);
    await enter(within(dialog).getByLabelText(/Username/), 'bad name@acme.example');
    await enter(within(dialog).getByLabelText(/^Password/), 'Secret-pass1');
    await userEvent.click(within(dialog).getByTestId(usersIds.formSubmit));
    expect(
      await within(dialog).findByText('Use a name like user@domain, without ! < \\ spaces or quotes.'),
    ).toBeInTheDocument();
    expect(udbPosts(mock)).toHaveLength(0);

    const name = within(dialog).getByLabelText(/Username/);
    await userEvent.clear(name);
    await enter(name, 'new@acme.example');
    await enter(within(dialog).getByLabelText('Groups'), 'sales, eng');
    const loadsBefore = listCalls(mock).length;
    await userEvent.click(within(dialog).getByTestId(usersIds.formSubmit));
    await waitFor(() => expect(udbPosts(mock)).toHaveLength(1));
    expect(JSON.parse(udbPosts(mock)[0].data as string)).toMatchObject({
      username: 'new@acme.example',
      password: 'Secret-pass1',
      groups: ['sales', 'eng'],
      status: 'active',
    });
    await waitFor(() => expect(screen.queryByTestId(usersIds.formDialog)).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(mock).length).toBeGreaterThan(loadsBefore));
  });

  it("the server's refusal stays in the open form", async () => {
    renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: (m) => {
        stubUsers([endUser(1)])(m);
        m.onPost(UDB_PATHS.users).reply(409, { message: 'username user1@acme.example already exists.' });
      },
    });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByTestId(usersIds.addButton));
    const dialog = await screen.findByTestId(usersIds.formDialog);
    await enter(within(dialog).getByLabelText(/Username/), 'user1@acme.example');
    await enter(within(dialog).getByLabelText(/^Password/), 'Secret-pass1');
    await userEvent.click(within(dialog).getByTestId(usersIds.formSubmit));
    expect(await within(dialog).findByText(/already exists/)).toBeInTheDocument();
  });

  it('editing sends only the changed fields', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: (m) => {
        stubUsers([endUser(1)])(m);
        m.onPatch(UDB_PATHS.user('uid-1')).reply(200, endUser(1, { status: 'disabled' }));
      },
    });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByTestId(`${usersIds.editButton}-user1@acme.example`));
    const dialog = await screen.findByTestId(usersIds.formDialog);
    const last = within(dialog).getByLabelText('Last name');
    await userEvent.clear(last);
    await enter(last, 'Renamed');
    await userEvent.click(within(dialog).getByTestId(usersIds.formSubmit));
    await waitFor(() => expect(mock.history.patch).toHaveLength(1));
    expect(JSON.parse(mock.history.patch[0].data as string)).toEqual({ last_name: 'Renamed' });
  });

  it('bulk delete warns "If you choose to proceed N items will be deleted. This cannot be undone." and deletes the selected users', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: (m) => {
        stubUsers([endUser(1), endUser(2), endUser(3)])(m);
        m.onPost(UDB_PATHS.bulkDelete).reply(200, { deleted: 2, errors: [] });
      },
    });
    await screen.findByText('user1@acme.example');
    expect(screen.getByTestId(usersIds.deleteSelected)).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    await userEvent.click(screen.getByTestId(usersIds.deleteSelected));
    const dialog = await screen.findByTestId(usersIds.deleteDialog);
    expect(dialog).toHaveTextContent(deletionWarning(2));
    expect(deletionWarning(2)).toBe(
      'If you choose to proceed 2 items will be deleted. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByTestId(usersIds.deleteConfirm));
    await waitFor(() => expect(udbPosts(mock)).toHaveLength(1));
    expect(JSON.parse(udbPosts(mock)[0].data as string)).toEqual({ uid_list: ['uid-1', 'uid-3'] });
  });

  it('cancelling the deletion warning deletes nothing', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: stubUsers([endUser(1)]),
    });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByTestId(usersIds.deleteSelected));
    await userEvent.click(
      within(await screen.findByTestId(usersIds.deleteDialog)).getByTestId(usersIds.deleteCancel),
    );
    expect(udbPosts(mock)).toHaveLength(0);
  });

  it("Import opens the bulk import wizard with the users' columns and username as the required one", async () => {
    renderPortal({ path: '/settings/users', user: demoUser('admin'), stubs: stubUsers([endUser(1)]) });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByTestId(usersIds.importButton));
    const wizard = await screen.findByTestId(componentIds.importWizard);
    expect(within(wizard).getByText('Import users')).toBeInTheDocument();
    expect(wizard).toHaveTextContent('The file may hold up to 10000 rows. Required columns: username.');
    await userEvent.click(within(wizard).getByTestId(componentIds.wizardBack));
    await waitFor(() => expect(screen.queryByTestId(componentIds.importWizard)).not.toBeInTheDocument());
  });

  it('Disable sets the status of the selected users through bulkusermodify and reloads the list', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: (m) => {
        stubUsers([endUser(1), endUser(2)])(m);
        m.onPut(UDB_PATHS.bulkModify).reply(200, { modified: 1, errors: [] });
      },
    });
    await screen.findByText('user1@acme.example');
    expect(screen.getByTestId(usersIds.disableSelected)).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    const loadsBefore = listCalls(mock).length;
    await userEvent.click(screen.getByTestId(usersIds.disableSelected));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put[0].data as string)).toEqual({
      uid_list: ['uid-2'],
      changes: { status: 'disabled' },
    });
    await waitFor(() => expect(listCalls(mock).length).toBeGreaterThan(loadsBefore));
    expect(await screen.findByText('1 user has been disabled.')).toBeInTheDocument();
  });

  it('Reset password in the edit form shows the new password once', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: (m) => {
        stubUsers([endUser(1)])(m);
        m.onPost(UDB_PATHS.resetPassword).reply(200, {
          username: 'user1@acme.example',
          password: 'Fresh-Pass-123',
        });
      },
    });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByTestId(`${usersIds.editButton}-user1@acme.example`));
    const dialog = await screen.findByTestId(usersIds.formDialog);
    await userEvent.click(within(dialog).getByTestId(usersIds.resetPassword));
    expect(await within(dialog).findByTestId(usersIds.newPassword)).toHaveTextContent('Fresh-Pass-123');
    expect(JSON.parse(udbPosts(mock)[0].data as string)).toEqual({ username: 'user1@acme.example' });
  });

  it('Generate fills a strong password, shows it, and Add sends it; the eye button hides it again', async () => {
    const { mock } = renderPortal({
      path: '/settings/users',
      user: demoUser('admin'),
      stubs: (m) => {
        stubUsers([endUser(1)])(m);
        m.onPost(UDB_PATHS.users).reply(200, endUser(9, { username: 'gen@acme.example' }));
      },
    });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByTestId(usersIds.addButton));
    const dialog = await screen.findByTestId(usersIds.formDialog);
    await enter(within(dialog).getByLabelText(/Username/), 'gen@acme.example');
    const field = within(dialog).getByLabelText(/^Password/);
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByTestId(usersIds.generatePassword));
    const generated = (field as HTMLInputElement).value;
    expect(generated).toHaveLength(16);
    expect(passwordRule(generated)).toBeNull();
    expect(generated).toMatch(/[A-Z]/);
    expect(generated).toMatch(/[a-z]/);
    expect(generated).toMatch(/[0-9]/);
    expect(field).toHaveAttribute('type', 'text');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByTestId(usersIds.formSubmit));
    await waitFor(() => expect(udbPosts(mock)).toHaveLength(1));
    expect(JSON.parse(udbPosts(mock)[0].data as string)).toMatchObject({
      username: 'gen@acme.example',
      password: generated,
    });
  });

  it('the create form has no Reset password', async () => {
    renderPortal({ path: '/settings/users', user: demoUser('admin'), stubs: stubUsers([endUser(1)]) });
    await screen.findByText('user1@acme.example');
    await userEvent.click(screen.getByTestId(usersIds.addButton));
    const dialog = await screen.findByTestId(usersIds.formDialog);
    expect(within(dialog).queryByTestId(usersIds.resetPassword)).not.toBeInTheDocument();
  });
});

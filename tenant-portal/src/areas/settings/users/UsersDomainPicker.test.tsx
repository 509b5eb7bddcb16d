/**
 * Settings → Users' domain picker and the tenant's count (docs/sessions.md §9): the picker offers
 * the user database's domains with their user counts (GET /api/udb-rest/v1/domains/full) and
 * lists the chosen domain's users (a search for "@<domain>"); while the list is narrowed, the
 * total says how many the tenant has in all (GET /api/udb-rest/v2/tenants).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UDB_PATHS, type EndUser } from '@workbench/common/api/contract/udb';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { domainOfSearch } from './UsersPage';

afterEach(resetPortalEnv);
jest.setTimeout(240_000);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const endUser = (username: string): EndUser => ({
  uid: `uid-${username}`,
  username,
  first_name: 'F',
  last_name: 'L',
  email: `${username.split('@')[0]}@mail.example`,
  groups: [],
  status: 'active',
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
});
const ALL = ['ann@acme.example', 'bob@acme.example', 'dave@globex.example'].map(endUser);

test('the domain a search names', () => {
  expect(domainOfSearch('@acme.example')).toBe('acme.example');
  expect(domainOfSearch('ann@acme.example')).toBe('');
  expect(domainOfSearch('')).toBe('');
});

test('the domain picker lists its users; the total then says of how many in the tenant', async () => {
  const user = userEvent.setup();
  const { mock } = renderPortal({
    path: '/settings/users',
    user: demoUser('admin'),
    stubs: (m) => {
      m.onGet(UDB_PATHS.users).reply((config) => {
        const search = String((config.params as { search?: string }).search ?? '');
        const users = ALL.filter((u) => u.username.includes(search));
        return [200, { total: users.length, users }];
      });
      m.onGet(`${UDB_PATHS.domains}/full`).reply(200, [
        { domain: 'acme.example', users: 2 },
        { domain: 'globex.example', users: 1 },
      ]);
      m.onGet(UDB_PATHS.tenants).reply(200, [{ tid: 'tid-acme', name: 'acme', users: 3 }]);
    },
  });
  expect(await screen.findByText('dave@globex.example')).toBeInTheDocument();
  expect(screen.getByTestId(usersIds.total)).toHaveTextContent(/^3 users$/);
  await user.click(screen.getByRole('combobox', { name: 'Domain' }));
  await user.click(await screen.findByRole('option', { name: 'globex.example (1 user)' }));
  await waitFor(() => expect(screen.queryByText('ann@acme.example')).not.toBeInTheDocument());
  expect(screen.getByText('dave@globex.example')).toBeInTheDocument();
  expect(mock.history.get.filter((r) => r.url === UDB_PATHS.users).at(-1)?.params).toMatchObject({
    search: '@globex.example',
  });
  expect(screen.getByTestId(usersIds.search)).toBeDefined();
  expect(screen.getByTestId(usersIds.total)).toHaveTextContent('1 user of 3 users in acme');
  // Back to every domain.
  await user.click(screen.getByRole('combobox', { name: 'Domain' }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'All domains' }));
  expect(await screen.findByText('ann@acme.example')).toBeInTheDocument();
});

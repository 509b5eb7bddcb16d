/**
 * The logs search box's user field (docs/sessions.md §9): after `userid:` it suggests the user
 * database's usernames containing what is typed, read through the portal's requests; a role that
 * may not read the user database asks for nothing.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

jest.mock('@workbench/charts/EChart', () => ({ EChart: () => null }));
afterEach(() => resetPortalEnv());
// The whole portal renders with AG Grid: slow on a shared machine.
jest.setTimeout(240_000);

const USERNAMES = ['alice@acme.example', 'carol@acme.example', 'mcarthy@globex.example'];

function renderLogs(role: 'admin' | 'logs') {
  const searched: string[] = [];
  renderPortal({
    path: '/logs/web',
    user: demoUser(role),
    stubs: (mock) => {
      mock
        .onGet('/api/rep/v1/query/scan_web')
        .reply(200, { events: [], pagingIdentifiers: { last_iteration: true } });
      mock.onGet('/api/rep/v1/histogram/scan_web').reply(200, { total: 0, bucketMs: 60_000, buckets: [] });
      mock.onGet('/api/rep/v1/top_values/scan_web').reply(200, { field: 'userid', total: 0, values: [] });
      mock.onGet('/api/udb-rest/v1/usernames').reply((config) => {
        const search = String((config.params as { search?: string }).search ?? '');
        searched.push(search);
        return [200, USERNAMES.filter((u) => u.includes(search))];
      });
    },
  });
  return { searched };
}

it('suggests the usernames that contain the text typed after userid:, and puts the chosen one in', async () => {
  const user = userEvent.setup();
  const { searched } = renderLogs('admin');
  const box = await screen.findByRole('combobox', { name: 'Search or query' });
  await user.click(box);
  await user.type(box, 'userid:car');
  await waitFor(() => expect(searched).toContain('car'));
  const option = await screen.findByRole('option', { name: 'carol@acme.example' });
  expect(screen.getByRole('option', { name: 'mcarthy@globex.example' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: 'alice@acme.example' })).not.toBeInTheDocument();
  await user.click(option);
  expect(box).toHaveValue('userid:carol@acme.example ');
});

it('a role that may not read the user database gets no user suggestions and asks for none', async () => {
  const user = userEvent.setup();
  const { searched } = renderLogs('logs');
  const box = await screen.findByRole('combobox', { name: 'Search or query' });
  await user.click(box);
  await user.type(box, 'userid:car');
  expect(box).toHaveValue('userid:car');
  expect(screen.queryByRole('option', { name: 'carol@acme.example' })).not.toBeInTheDocument();
  expect(searched).toEqual([]);
});

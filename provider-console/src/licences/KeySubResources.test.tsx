/** A licence key's key features and key SKUs, edited from its row (issue 14). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { entityPageIds } from '@workbench/common/test-ids/index';
import { operator, renderConsole } from '../testing/renderConsole';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const KEYS = '/gdmanage/api/v1/ova_keys';
const key = {
  key_id: 'KEY-1',
  expires_at: '2027-06-30',
  tenant_name: 'acme',
  license_type: 'customer',
  does_not_expire: false,
  include_ga_supported: true,
  versions: ['5.2'],
  note: '',
  license_state: 'active',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const feature = {
  feature_name: 'dlp',
  expires_at: '2027-01-31',
  does_not_expire: false,
  license_state: 'active',
};

it('an operator adds a key feature: the item is checked like the server does, sent whole, its state shown', async () => {
  const { mock } = renderConsole('/licences', {
    user: operator,
    stubs: (m) =>
      m
        .onGet(KEYS)
        .reply(200, { ova_keys: [key], total: 1 })
        .onGet(`${KEYS}/KEY-1/features`)
        .reply(200, { features: [feature], total: 1 })
        .onPut(`${KEYS}/KEY-1/features`)
        .reply(200, { features: [feature], total: 1 }),
  });
  const page = entityPageIds('ova_keys').page;
  await userEvent.click(await screen.findByTestId(`${page}-features-KEY-1`));
  const dialog = await screen.findByTestId(`${page}-features`);
  expect(await within(dialog).findByText('Active')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add to key features' }));
  fireEvent.change(within(dialog).getByLabelText('Feature name, row 2'), { target: { value: 'dlp' } });
  await userEvent.click(within(dialog).getByTestId(`${page}-features-save`));
  expect(within(dialog).getByText("Key features lists 'dlp' twice.")).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Feature name, row 2'), { target: { value: 'casb' } });
  fireEvent.click(within(dialog).getByLabelText('Does not expire, row 2'));
  await userEvent.click(within(dialog).getByTestId(`${page}-features-save`));
  await waitFor(() => expect(mock.history.put).toHaveLength(1));
  expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({
    features: [
      { feature_name: 'dlp', expires_at: '2027-01-31', does_not_expire: false },
      { feature_name: 'casb', expires_at: '', does_not_expire: true },
    ],
  });
}, 90000);

it("a key's features and SKUs columns show their values, which open the list", async () => {
  renderConsole('/licences', {
    user: operator,
    stubs: (m) =>
      m
        .onGet(KEYS)
        .reply(200, { ova_keys: [{ ...key, features: ['dlp', 'casb'], skus: [] }], total: 1 })
        .onGet(`${KEYS}/KEY-1/features`)
        .reply(200, { features: [feature], total: 1 }),
  });
  const page = entityPageIds('ova_keys').page;
  const features = await screen.findByTestId(`${page}-features-KEY-1`);
  expect(features).toHaveTextContent(/^dlp, casb$/);
  expect(screen.getByTestId(`${page}-skus-KEY-1`)).toHaveTextContent(/^None: add$/);
  await userEvent.click(features);
  expect(await screen.findByTestId(`${page}-features`)).toBeInTheDocument();
}, 60000);

it('category overrides and tenant groups show names, each with its id', async () => {
  const at = { created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' };
  renderConsole('/category_overrides', {
    user: operator,
    stubs: (m) =>
      m.onGet('/gdmanage/api/v1/category_overrides').reply(200, {
        category_overrides: [
          {
            url: 'games.example.com',
            category_ids: [4, 17],
            tenants: ['0f9c7a52-3c1e-4d7e-9a55-1b0e1c2d3e4f'],
            submission_reference: '',
            active: true,
            names: { category_ids: ['Business and Economy', 'Training and Tools'], tenants: ['acme'] },
            ...at,
          },
          {
            url: 'all.example.com',
            category_ids: [27],
            tenants: [],
            submission_reference: '',
            active: true,
            names: { category_ids: ['Gambling'], tenants: [] },
            ...at,
          },
        ],
        total: 2,
      }),
  });
  const page = entityPageIds('category_overrides').page;
  const categories = await screen.findByTestId(`${page}-category_ids-games.example.com`);
  expect(categories).toHaveTextContent(/^Business and Economy, Training and Tools$/);
  expect(within(categories).getByLabelText('Business and Economy (ID 4)')).toBeInTheDocument();
  const tenants = screen.getByTestId(`${page}-tenants-games.example.com`);
  expect(tenants).toHaveTextContent(/^acme$/);
  expect(
    within(tenants).getByLabelText('acme (ID 0f9c7a52-3c1e-4d7e-9a55-1b0e1c2d3e4f)'),
  ).toBeInTheDocument();
  // No tenant: the override is for every tenant.
  expect(screen.getByText('Every tenant')).toBeInTheDocument();
}, 60000);

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

/**
 * Capability state page: the states with their counts, a state filter and a tenant filter sent
 * to the server, and a capability's tenants (one expired); support reads it all.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CAPABILITY_STATES_PATH,
  capabilityStatePath,
  type CapabilityStateList,
} from '@workbench/common/api/contract/providerCapabilityStates';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { renderConsole, support } from '../testing/renderConsole';

const list: CapabilityStateList = {
  tenant_total: 3,
  capabilities: [
    { capability: 'fwaas', state: 'controlled', note: null, tenant_count: 1, expired_count: 1 },
    {
      capability: 'webmail',
      state: 'deprecated',
      note: 'Superseded by safemailPolicy.',
      tenant_count: 2,
      expired_count: 0,
    },
  ],
};

test('capability states with their counts, filtered on the server; a capability opens its tenants', async () => {
  const user = userEvent.setup();
  const { mock } = renderConsole('/capability-state', {
    user: support,
    stubs: (m) => {
      m.onGet(CAPABILITY_STATES_PATH).reply(200, list);
      m.onGet(capabilityStatePath('fwaas')).reply(200, {
        ...list.capabilities[0],
        tenants: [
          { tid: 't-acme', name: 'acme', value: true, valid_until: '', expired: false },
          { tid: 't-globex', name: 'globex', value: true, valid_until: '2026-01-31', expired: true },
        ],
      });
    },
  });
  const row = await screen.findByTestId(`${capabilityStateIds.row}-webmail`);
  expect(row).toHaveTextContent('Deprecated');
  expect(row).toHaveTextContent('Superseded by safemailPolicy.');
  expect(screen.getByTestId(`${capabilityStateIds.count}-webmail`)).toHaveTextContent('2');
  expect(screen.getByText('Tenants (of 3)')).toBeInTheDocument();

  await user.click(screen.getByRole('combobox', { name: 'Schema state' }));
  await user.click(screen.getByRole('option', { name: 'Deprecated' }));
  await waitFor(() => expect(mock.history.get.at(-1)?.params).toEqual({ state: 'deprecated' }));
  // The tenant filter lists the tenants by name and sends the chosen one's id.
  await user.click(screen.getByTestId(capabilityStateIds.tenantFilter));
  await user.click(await screen.findByRole('option', { name: 'acme' }));
  await waitFor(() =>
    expect(mock.history.get.at(-1)?.params).toEqual({ state: 'deprecated', tid: 't-acme' }),
  );
  expect(screen.getByText('This tenant')).toBeInTheDocument();

  await user.click(screen.getByTestId(`${capabilityStateIds.count}-fwaas`));
  const detail = await screen.findByTestId(capabilityStateIds.detail);
  const expired = await within(detail).findByTestId(`${capabilityStateIds.detailTenant}-t-globex`);
  expect(expired).toHaveTextContent('2026-01-31');
  expect(expired).toHaveTextContent('expired');
  expect(within(detail).getByTestId(`${capabilityStateIds.detailTenant}-t-acme`)).toHaveTextContent('No end');
  // Nothing here writes: no button but the counts and Close.
  expect(screen.queryByRole('button', { name: /save|add|delete/i })).toBeNull();
});

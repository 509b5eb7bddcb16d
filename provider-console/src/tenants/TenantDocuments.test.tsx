/** The tenant detail's document tabs, token lists, RBAC list and users import (issue 14). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { componentIds, providerIds, providerPageIds } from '@workbench/common';
import {
  HOSTNAME_TAKEN,
  TENANT_DOCUMENTS,
  TENANT_DOCUMENT_NAMES,
  tenantSubPath,
} from '@workbench/common/api/contract/providerTenants';
import { operator, renderConsole, support, tenants } from '../testing/renderConsole';
import './TenantDetailPage';

const stubs = (m: MockAdapter) => {
  m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
  for (const name of TENANT_DOCUMENT_NAMES)
    m.onGet(tenantSubPath('t-acme', name)).reply(200, TENANT_DOCUMENTS[name].defaults);
  m.onGet(tenantSubPath('t-acme', 'tokens')).reply(200, { tokens: [] });
  m.onGet(tenantSubPath('t-acme', 'logging_auth_tokens')).reply(200, {
    tokens: [{ id: 'k1', name: 'SIEM', created_at: '2026-03-01T00:00:00Z', created_by: 'op', last4: 'abcd' }],
  });
  m.onGet(tenantSubPath('t-acme', 'rbac')).reply(200, {
    enforced: true,
    accounts: [
      {
        username: 'admin@acme.example',
        first_name: 'Ada',
        last_name: 'Admin',
        role: 'admin',
        read: ['*:*'],
        write: ['*:*'],
      },
    ],
    roles: [{ name: 'admin', builtin: true, read: ['*:*'], write: ['*:*'] }],
  });
  m.onGet(tenantSubPath('t-acme', 'tenantusers')).reply(200, { users: [], total: 0 });
  m.onGet(tenantSubPath('t-acme', 'mfa/users')).reply(200, { users: [] });
};
const section = (name: string) => `${providerPageIds.tenantDocument}-${name}`;
const openTab = async (tab: string) => {
  await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
    timeout: 30_000,
  });
  await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-${tab}`));
};

it('settings: a bad host name is named in words and not sent; the server 409 shows at the field; VPN rows are added and checked', async () => {
  const { mock } = renderConsole('/tenants/t-acme', {
    user: operator,
    stubs: (m) => {
      stubs(m);
      m.onPut(tenantSubPath('t-acme', 'custom_hostnames')).reply(409, {
        message: HOSTNAME_TAKEN('portal.acme.example', 'globex'),
        field: 'hostnames',
      });
    },
  });
  await openTab('settings');
  const hosts = await screen.findByTestId(section('custom_hostnames'));
  // The two documents nothing applies say so (docs/provider-console.md §15); the others carry no note.
  expect(within(hosts).getByTestId(`${section('custom_hostnames')}-note`)).toHaveTextContent(
    'this server does not route requests by host name',
  );
  expect(screen.getByTestId(`${section('global_settings')}-note`)).toHaveTextContent(
    "the tenant's own global settings, in the tenant portal under Settings › General",
  );
  expect(screen.queryByTestId(`${section('config')}-note`)).toBeNull();
  const box = within(hosts).getByLabelText('Host names of the portal');
  fireEvent.change(box, { target: { value: 'not a host' } });
  await userEvent.click(within(hosts).getByTestId(`${section('custom_hostnames')}-save`));
  expect(within(hosts).getByText("Host names of the portal: 'not a host' is not valid.")).toBeInTheDocument();
  expect(mock.history.put).toHaveLength(0);
  fireEvent.change(box, { target: { value: 'portal.acme.example' } });
  await userEvent.click(within(hosts).getByTestId(`${section('custom_hostnames')}-save`));
  expect(await within(hosts).findAllByText(HOSTNAME_TAKEN('portal.acme.example', 'globex'))).not.toHaveLength(
    0,
  );
  expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({ hostnames: ['portal.acme.example'] });
  expect(box).toHaveAttribute('aria-invalid', 'true');

  await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-vpn`));
  const vpn = await screen.findByTestId(section('vpn'));
  await userEvent.click(within(vpn).getByRole('button', { name: 'Add to network rules' }));
  fireEvent.change(within(vpn).getByLabelText('Name, row 1'), { target: { value: 'ssh' } });
  fireEvent.change(within(vpn).getByLabelText('Destination, row 1'), { target: { value: 'dc' } });
  fireEvent.change(within(vpn).getByLabelText('Ports, row 1'), { target: { value: '22' } });
  await userEvent.click(within(vpn).getByTestId(`${section('vpn')}-save`));
  expect(
    within(vpn).getByText("Network rules: 'ssh' names the destination 'dc', which is not in the list."),
  ).toBeInTheDocument();
  expect(mock.history.put).toHaveLength(1);

  await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-users`));
  await userEvent.click(await screen.findByTestId(providerPageIds.tenantUsersImport));
  expect(await screen.findByTestId(componentIds.importWizard)).toHaveTextContent('Import users');
}, 90000);

it('support: the documents, token lists and RBAC list read-only', async () => {
  renderConsole('/tenants/t-acme', { user: support, stubs });
  await openTab('vpn');
  const vpn = await screen.findByTestId(section('vpn'));
  expect(within(vpn).queryByRole('button')).toBeNull();
  expect(within(vpn).getByLabelText('VPN enabled')).toBeDisabled();
  await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-tokens`));
  const logging = await screen.findByTestId(`${providerPageIds.tenantTokens}-logging_auth_tokens`);
  expect(await within(logging).findByText('SIEM')).toBeInTheDocument();
  expect(screen.queryByText('Create token')).toBeNull();
  await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-rbac`));
  expect(await screen.findByText('admin@acme.example')).toBeInTheDocument();
  expect(screen.getByTestId(providerPageIds.tenantRbac)).toHaveTextContent('RBAC is enforced');
  expect(screen.queryByText('Edit roles')).toBeNull();
}, 90000);

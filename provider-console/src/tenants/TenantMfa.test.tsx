/**
 * The Users tab's portal accounts with their two-factor sign-in, and Disable MFA and Reset password
 * (operators only).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { providerIds, providerPageIds } from '@workbench/common';
import {
  tenantAdminsPath,
  tenantSubPath,
  tenantUserDisableMfaPath,
  tenantUserResetPasswordPath,
} from '@workbench/common/api/contract/providerTenants';
import { operator, renderConsole, support, tenants } from '../testing/renderConsole';
import './TenantDetailPage';

const SINCE = '2026-11-20T09:30:00.000Z';
const account = (username: string, since: string | null) => ({
  uid: `u-${username}`,
  username,
  first_name: 'Ada',
  last_name: 'Admin',
  mfa_enrolled_since: since,
});

const stubs = (m: MockAdapter) => {
  // The server's state: the admin's second factor until disablemfa (the Overview's summary reads
  // the accounts too, so a reply per call would be spent before the Users tab asks).
  let adminSince: string | null = SINCE;
  m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
  m.onGet(tenantSubPath('t-acme', 'tenantusers')).reply(200, { users: [], total: 0 });
  m.onGet(tenantSubPath('t-acme', 'mfa/users')).reply(() => [
    200,
    { users: [account('admin@acme.example', adminSince), account('logs@acme.example', null)] },
  ]);
  m.onPost(tenantUserDisableMfaPath('t-acme', 'u-admin@acme.example')).reply(() => {
    adminSince = null;
    return [200, account('admin@acme.example', null)];
  });
};

const openUsers = async () => {
  await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
    timeout: 30_000,
  });
  await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-users`));
  return screen.findByTestId(providerPageIds.tenantMfaAccounts);
};
const state = (username: string) => screen.getByTestId(`${providerPageIds.tenantMfaState}-${username}`);

it('an operator disables MFA after confirming; the row then shows it off', async () => {
  const { mock } = renderConsole('/tenants/t-acme', { user: operator, stubs });
  const section = await openUsers();
  await waitFor(() =>
    expect(state('admin@acme.example')).toHaveTextContent(`On since ${new Date(SINCE).toLocaleString()}`),
  );
  expect(state('logs@acme.example')).toHaveTextContent('Off');
  // Only an account with a second factor offers the reset.
  expect(
    screen.queryByTestId(`${providerPageIds.tenantDisableMfa}-logs@acme.example`),
  ).not.toBeInTheDocument();

  await userEvent.click(
    within(section).getByTestId(`${providerPageIds.tenantDisableMfa}-admin@acme.example`),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Disable MFA for admin@acme.example?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(mock.history.post).toHaveLength(0);

  await userEvent.click(
    within(section).getByTestId(`${providerPageIds.tenantDisableMfa}-admin@acme.example`),
  );
  await userEvent.click(await screen.findByTestId(`${providerPageIds.tenantDisableMfa}-confirm`));
  await waitFor(() => expect(state('admin@acme.example')).toHaveTextContent('Off'));
  expect(mock.history.post.map((r) => r.url)).toEqual([
    tenantUserDisableMfaPath('t-acme', 'u-admin@acme.example'),
  ]);
  expect(
    await screen.findByText('Two-factor sign-in of admin@acme.example has been turned off.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('support sees the state, and no Disable MFA, Reset password or Add administrator', async () => {
  renderConsole('/tenants/t-acme', { user: support, stubs });
  await openUsers();
  await waitFor(() => expect(state('admin@acme.example')).toHaveTextContent('On since'));
  expect(screen.queryByText('Disable MFA')).not.toBeInTheDocument();
  expect(screen.queryByTestId(providerPageIds.tenantAdminAdd)).toBeNull();
  expect(screen.queryByText('Reset password')).not.toBeInTheDocument();
});

it('an operator resets an account password after confirming, and sees the one-time password once', async () => {
  const reset = tenantUserResetPasswordPath('t-acme', 'u-logs@acme.example');
  const { mock } = renderConsole('/tenants/t-acme', {
    user: operator,
    stubs: (m) => {
      stubs(m);
      m.onPost(reset).reply(200, {
        uid: 'u-logs@acme.example',
        username: 'logs@acme.example',
        password: 'Once-0nly-pw',
      });
    },
  });
  const section = await openUsers();
  const button = await within(section).findByTestId(
    `${providerPageIds.tenantResetPassword}-logs@acme.example`,
  );
  await userEvent.click(button);
  const dialog = await screen.findByRole('dialog', {
    name: 'Reset the password of logs@acme.example of acme?',
  });
  expect(dialog).toHaveTextContent('must choose a new one before anything else of the portal opens');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(mock.history.post).toHaveLength(0);

  await userEvent.click(button);
  await userEvent.click(await screen.findByTestId(providerPageIds.tenantConfirmOk));
  const issued = await screen.findByTestId(providerPageIds.tenantResetPasswordIssued);
  expect(within(issued).getByTestId(providerPageIds.tenantResetPasswordValue)).toHaveTextContent(
    'Once-0nly-pw',
  );
  expect(mock.history.post.map((r) => r.url)).toEqual([reset]);
  await userEvent.click(within(issued).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.queryByText('Once-0nly-pw')).not.toBeInTheDocument();
});

it('an operator adds an administrator: a taken name at its field, then the one-time password; the list reloads', async () => {
  const { mock } = renderConsole('/tenants/t-acme', {
    user: operator,
    stubs: (m) => {
      stubs(m);
      m.onPost(tenantAdminsPath('t-acme'))
        .replyOnce(409, { message: 'The user name admin@acme.example is taken.', field: 'admin_username' })
        .onPost(tenantAdminsPath('t-acme'))
        .replyOnce(201, { admin_username: 'second@acme.example', admin_password: 'Once-Only-456' });
    },
  });
  await openUsers();
  const listsBefore = mock.history.get.filter((r) => r.url === tenantSubPath('t-acme', 'mfa/users')).length;
  await userEvent.click(screen.getByTestId(providerPageIds.tenantAdminAdd));
  const form = await screen.findByTestId(providerPageIds.tenantAdminForm);
  await userEvent.click(within(form).getByTestId(providerPageIds.tenantAdminSubmit));
  expect(await within(form).findByText('Required.')).toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText(/Administrator/), 'Admin@acme.example');
  await userEvent.click(within(form).getByTestId(providerPageIds.tenantAdminSubmit));
  expect(await within(form).findByText('The user name admin@acme.example is taken.')).toBeInTheDocument();
  await userEvent.clear(within(form).getByLabelText(/Administrator/));
  await userEvent.type(within(form).getByLabelText(/Administrator/), 'second@acme.example');
  await userEvent.type(within(form).getByLabelText(/First name/), 'Sam');
  await userEvent.click(within(form).getByTestId(providerPageIds.tenantAdminSubmit));
  expect(await screen.findByTestId(providerPageIds.tenantAdminPassword)).toHaveTextContent('Once-Only-456');
  expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({
    admin_username: 'second@acme.example',
    admin_first_name: 'Sam',
    admin_last_name: '',
  });
  await waitFor(() =>
    expect(mock.history.get.filter((r) => r.url === tenantSubPath('t-acme', 'mfa/users')).length).toBe(
      listsBefore + 1,
    ),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByTestId(providerPageIds.tenantAdminForm)).toBeNull());
}, 60000);

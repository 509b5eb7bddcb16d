/** The console's Quota page: bars per limit, over-quota highlighted and counted, limits edited by operators only. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_PATH,
  tenantQuotaPath,
  type TenantQuota,
} from '@workbench/common/api/contract/providerQuota';
import { quotaIds as ids } from '@workbench/common/test-ids/quotaIds';
import { operator, renderConsole, support } from '../testing/renderConsole';

const use = { administrators: 3, users: 48, api_tokens: 2, roles: 1, scheduled_reports: 0 };
const acme: TenantQuota = {
  tid: 't-acme',
  name: 'acme',
  limits: { ...DEFAULT_QUOTA_LIMITS, administrators: 2 },
  use,
  over: ['administrators'],
  custom: true,
};
const globex: TenantQuota = {
  tid: 't-globex',
  name: 'globex',
  limits: DEFAULT_QUOTA_LIMITS,
  use: { ...use, administrators: 1, users: 12 },
  over: [],
  custom: false,
};
const listReply = (quota: TenantQuota[]) => ({ quota, total: quota.length, defaults: DEFAULT_QUOTA_LIMITS });

test('every tenant’s use of each limit shows as a bar; the tenants over a limit are marked and counted', async () => {
  renderConsole('/quota', {
    user: support,
    stubs: (m) => m.onGet(QUOTA_PATH).reply(200, listReply([acme, globex])),
  });
  const over = await screen.findByTestId(`${ids.cell}-t-acme-administrators`);
  expect(over).toHaveTextContent('3 / 2 (over)');
  expect(over).toHaveAttribute('data-over', 'true');
  expect(within(over).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  expect(screen.getByTestId(`${ids.row}-t-acme`)).toHaveTextContent('Over quota');
  const users = screen.getByTestId(`${ids.cell}-t-globex-users`);
  expect(users).toHaveTextContent('12 / 10,000');
  expect(users).toHaveAttribute('data-over', 'false');
  expect(screen.getByTestId(`${ids.row}-t-globex`)).toHaveTextContent('Default limits');
  expect(screen.getByTestId(ids.overCount)).toHaveTextContent('1 tenant over a limit, of 2 tenants');
  // Support reads only.
  expect(screen.queryByTestId(`${ids.edit}-t-acme`)).toBeNull();

  await userEvent.click(screen.getByTestId(ids.show));
  await userEvent.click(await screen.findByRole('option', { name: 'Tenants over a limit' }));
  await waitFor(() => expect(screen.queryByTestId(`${ids.row}-t-globex`)).toBeNull());
  expect(screen.getByTestId(`${ids.row}-t-acme`)).toBeInTheDocument();
});

test('an operator raises a limit: a bad value is refused in the form, the saved limits show', async () => {
  let current = acme;
  const { mock } = renderConsole('/quota', {
    user: operator,
    stubs: (m) => {
      m.onGet(QUOTA_PATH).reply(() => [200, listReply([current, globex])]);
      m.onPut(tenantQuotaPath('t-acme')).reply((c) => {
        const { limits } = JSON.parse(String(c.data)) as { limits: TenantQuota['limits'] };
        current = { ...acme, limits, over: [] };
        return [200, current];
      });
    },
  });
  await userEvent.click(await screen.findByTestId(`${ids.edit}-t-acme`));
  const dialog = await screen.findByTestId(ids.form);
  const admins = within(dialog).getByLabelText(/Administrators/);
  await userEvent.clear(admins);
  await userEvent.type(admins, '-1');
  await userEvent.click(screen.getByTestId(ids.submit));
  expect(await within(dialog).findByText('A whole number, 0 or more.')).toBeInTheDocument();
  expect(mock.history.put).toHaveLength(0);

  await userEvent.clear(admins);
  await userEvent.type(admins, '10');
  await userEvent.click(screen.getByTestId(ids.submit));
  await waitFor(() => expect(screen.queryByTestId(ids.form)).toBeNull());
  expect(JSON.parse(String(mock.history.put[0].data))).toEqual({
    limits: { ...DEFAULT_QUOTA_LIMITS, administrators: 10 },
  });
  await waitFor(() =>
    expect(screen.getByTestId(`${ids.cell}-t-acme-administrators`)).toHaveTextContent('3 / 10'),
  );
  expect(screen.getByTestId(`${ids.cell}-t-acme-administrators`)).toHaveAttribute('data-over', 'false');
});

test('a refusal of the server naming a limit shows at its field', async () => {
  renderConsole('/quota', {
    user: operator,
    stubs: (m) => {
      m.onGet(QUOTA_PATH).reply(200, listReply([acme]));
      m.onPut(tenantQuotaPath('t-acme')).reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'must be <= 1000000',
        field: 'limits.users',
      });
    },
  });
  await userEvent.click(await screen.findByTestId(`${ids.edit}-t-acme`));
  await userEvent.click(screen.getByTestId(ids.submit));
  const dialog = screen.getByTestId(ids.form);
  expect(await within(dialog).findByText('must be <= 1000000')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Users/)).toHaveAttribute('aria-invalid', 'true');
});

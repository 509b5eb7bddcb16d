/**
 * The console against a backend with only the spec's calls (docs/api.md): the extensions listing
 * answers none, so the Rollouts and Audit trail areas, the tenant's Audit trail tab, its accounts'
 * sign-in panel (with Reset password) and administrator count are absent and nothing calls their
 * routes; with the reference server's default they are there.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notFoundIds, providerIds, providerNavItemId, providerPageIds } from '@workbench/common';
import { tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import { extensionsOf, type ExtensionId } from '@workbench/common/api/contract/extensions';
import { operator, renderConsole, tenants } from '../testing/renderConsole';
import '../tenants/TenantDetailPage';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const CASES: Array<[string, readonly ExtensionId[]]> = [
  ['every extension', extensionsOf('provider')],
  ['no extension', []],
];

describe.each(CASES)('with %s served', (_name, extensions) => {
  const on = extensions.length > 0;

  it('the navigation lists Rollouts and Audit trail only when served; their paths are the 404 page otherwise', async () => {
    const { mock } = renderConsole('/audit', {
      user: operator,
      extensions,
      stubs: (m) => m.onGet('/gdmanage/api/v1/audit').reply(200, { events: [], total: 0 }),
    });
    await screen.findByTestId(providerNavItemId('tenants'));
    await waitFor(() => expect(screen.queryByTestId(providerNavItemId('audit')) !== null).toBe(on));
    expect(screen.queryByTestId(providerNavItemId('rollouts')) !== null).toBe(on);
    if (!on) {
      expect(await screen.findByTestId(notFoundIds.page)).toBeInTheDocument();
      expect(mock.history.get.map((r) => r.url)).not.toContain('/gdmanage/api/v1/audit');
    }
  });

  it("a tenant's Audit trail tab, administrator count and accounts' sign-in panel show only when served", async () => {
    const { mock } = renderConsole('/tenants/t-acme', {
      user: operator,
      extensions,
      stubs: (m) => {
        m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
        m.onGet(tenantSubPath('t-acme', 'tenantusers')).reply(200, { users: [], total: 0 });
        m.onGet(tenantSubPath('t-acme', 'mfa/users')).reply(200, {
          users: [
            {
              uid: 'u-1',
              username: 'admin@acme.example',
              first_name: 'Ada',
              last_name: 'Admin',
              mfa_enrolled_since: null,
            },
          ],
        });
      },
    });
    await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
      timeout: 30_000,
    });
    expect(screen.queryByTestId(`${providerPageIds.tenantTab}-audit`) !== null).toBe(on);
    // The Overview counts the portal administrators only from the extension's list.
    const usage = await screen.findByTestId(`${providerPageIds.tenantSummary}-usage`);
    await waitFor(() => expect(/portal administrator/.test(usage.textContent ?? '')).toBe(on));
    await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-users`));
    if (on) {
      const panel = await screen.findByTestId(providerPageIds.tenantMfaAccounts);
      expect(
        await within(panel).findByTestId(`${providerPageIds.tenantResetPassword}-admin@acme.example`),
      ).toBeInTheDocument();
    } else {
      // The tab's own list (the spec's tenantusers) loads; the panel of the extension does not.
      await waitFor(() =>
        expect(mock.history.get.map((r) => r.url)).toContain(tenantSubPath('t-acme', 'tenantusers')),
      );
      expect(screen.queryByTestId(providerPageIds.tenantMfaAccounts)).not.toBeInTheDocument();
      expect(mock.history.get.map((r) => r.url)).not.toContain(tenantSubPath('t-acme', 'mfa/users'));
    }
  });
});

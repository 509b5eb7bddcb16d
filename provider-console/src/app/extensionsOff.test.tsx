/**
 * The console against a backend with only the spec's calls (docs/api.md): the extensions listing
 * answers none, so the Rollouts and Audit trail areas, the tenant's Audit trail tab and its
 * Two-factor panel are absent and nothing calls their routes; with the reference server's default
 * they are there.
 */
import { screen, waitFor } from '@testing-library/react';
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

  it("a tenant's Audit trail tab and Two-factor panel show only when served", async () => {
    const { mock } = renderConsole('/tenants/t-acme', {
      user: operator,
      extensions,
      stubs: (m) => {
        m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
        m.onGet(tenantSubPath('t-acme', 'tenantusers')).reply(200, { users: [], total: 0 });
        m.onGet(tenantSubPath('t-acme', 'mfa/users')).reply(200, { users: [] });
      },
    });
    await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
      timeout: 5000,
    });
    expect(screen.queryByTestId(`${providerPageIds.tenantTab}-audit`) !== null).toBe(on);
    await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-users`));
    if (on) expect(await screen.findByTestId(providerPageIds.tenantMfaAccounts)).toBeInTheDocument();
    else {
      // The tab's own list (the spec's tenantusers) loads; the panel of the extension does not.
      await waitFor(() =>
        expect(mock.history.get.map((r) => r.url)).toContain(tenantSubPath('t-acme', 'tenantusers')),
      );
      expect(screen.queryByTestId(providerPageIds.tenantMfaAccounts)).not.toBeInTheDocument();
      expect(mock.history.get.map((r) => r.url)).not.toContain(tenantSubPath('t-acme', 'mfa/users'));
    }
  });
});

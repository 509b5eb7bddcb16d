/**
 * Settings › Multi-tenant: the parents and children with their status; Approve of a pending
 * request, after confirming, sends `{status: 'active'}` to the association and shows it active;
 * a refusal is shown; the read-only auditor sees the lists without actions; a tenant without the
 * multi-tenant feature has no such page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MULTI_TENANT_PATHS } from '@workbench/common/api/contract/multiTenant';
import { multiTenantIds } from '@workbench/common/test-ids/multiTenantIds';
import { pageLocationAttribute } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { MULTI_TENANT_TEXTS } from './MultiTenantPage';

afterEach(resetPortalEnv);

const CAPS = { rbac: true, multiTenant: true };
const UUID = '0b6a7c1e-2f3d-4e5a-8b9c-1d2e3f4a5b6c';
const AT = '2026-11-20T10:00:00.000Z';
const request = {
  uuid: UUID,
  primary_name: 'northwind-partners',
  status: 'pending',
  created_at: AT,
  updated_at: AT,
};
const info = (status = 'pending') => ({
  primary_associations: [{ ...request, status }],
  secondary_associations: [
    { uuid: 'c1', secondary_name: 'initech', status: 'active', created_at: AT, updated_at: AT },
  ],
});
const PAGE = '/settings/multi-tenant';

describe('Settings › Multi-tenant', () => {
  it('approves a pending parent after confirming: the PATCH carries status active, and the list shows it active', async () => {
    let status = 'pending';
    const { mock } = renderPortal({
      path: PAGE,
      user: demoUser('admin', CAPS),
      stubs: (m) => m.onGet(MULTI_TENANT_PATHS.info).reply(() => [200, info(status)]),
    });
    const sent: unknown[] = [];
    mock.onPatch(MULTI_TENANT_PATHS.association(UUID)).reply((config) => {
      sent.push(JSON.parse(String(config.data)));
      status = 'active';
      return [200, { ...request, status }];
    });
    const parents = await screen.findByTestId(multiTenantIds.parents);
    expect(within(parents).getByText('northwind-partners')).toBeInTheDocument();
    expect(screen.getByTestId(`${multiTenantIds.status}-${UUID}`)).toHaveTextContent('Pending approval');
    // The child list: an active child may be ended, not approved.
    const children = screen.getByTestId(multiTenantIds.children);
    expect(within(children).getByText('initech')).toBeInTheDocument();
    expect(screen.getByTestId(`${multiTenantIds.end}-c1`)).toBeInTheDocument();
    expect(screen.queryByTestId(`${multiTenantIds.approve}-c1`)).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId(`${multiTenantIds.approve}-${UUID}`));
    const dialog = await screen.findByTestId(multiTenantIds.confirmDialog);
    expect(dialog).toHaveTextContent(MULTI_TENANT_TEXTS.approveTitle('northwind-partners'));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByTestId(multiTenantIds.confirm));
    await waitFor(() =>
      expect(screen.getByTestId(`${multiTenantIds.status}-${UUID}`)).toHaveTextContent('Active'),
    );
    expect(sent).toEqual([{ status: 'active' }]);
    expect(screen.queryByTestId(`${multiTenantIds.approve}-${UUID}`)).not.toBeInTheDocument();
    expect(screen.getByTestId(`${multiTenantIds.end}-${UUID}`)).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the request pending", async () => {
    const { mock } = renderPortal({
      path: PAGE,
      user: demoUser('admin', CAPS),
      stubs: (m) => m.onGet(MULTI_TENANT_PATHS.info).reply(200, info()),
    });
    mock
      .onPatch(MULTI_TENANT_PATHS.association(UUID))
      .reply(409, { message: 'This tenant already has an active parent.', field: 'status' });
    await userEvent.click(await screen.findByTestId(`${multiTenantIds.approve}-${UUID}`));
    await userEvent.click(await screen.findByTestId(multiTenantIds.confirm));
    expect(await screen.findByTestId(multiTenantIds.error)).toHaveTextContent(
      'This tenant already has an active parent.',
    );
    expect(screen.getByTestId(`${multiTenantIds.status}-${UUID}`)).toHaveTextContent('Pending approval');
  });

  it('the read-only auditor sees the associations without actions', async () => {
    renderPortal({
      path: PAGE,
      user: demoUser('auditor', CAPS),
      stubs: (m) => m.onGet(MULTI_TENANT_PATHS.info).reply(200, info()),
    });
    expect(await screen.findByText('northwind-partners')).toBeInTheDocument();
    expect(screen.queryByTestId(`${multiTenantIds.approve}-${UUID}`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('is not offered to a tenant without the multi-tenant feature', async () => {
    renderPortal({ path: PAGE, user: demoUser('admin', { rbac: true }) });
    // The guard sends the hidden child to the first Settings page the tenant has.
    await waitFor(() =>
      expect(
        document.querySelector(`[${pageLocationAttribute}]`)?.getAttribute(pageLocationAttribute),
      ).toMatch(/^\/settings\/(?!multi-tenant)/),
    );
    expect(screen.queryByTestId(multiTenantIds.page)).not.toBeInTheDocument();
    expect(screen.queryByText(MULTI_TENANT_TEXTS.title)).not.toBeInTheDocument();
  });
});

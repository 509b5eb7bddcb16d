import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { capabilityMeaning } from '@workbench/common/api/contract/providerCapabilityStates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import type { AxiosRequestConfig } from 'axios';
import { providerIds, providerPageIds } from '@workbench/common';
import { TENANTS_PATH, tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import { tenantMfaUsersPath } from '@workbench/common/api/contract/providerTenantPaths';
import { TENANT_DEPLOYMENTS_PATH } from '@workbench/common/api/contract/providerOps';
import { operator, renderConsole, support, tenants } from '../testing/renderConsole';
import { loadDataTableGrid } from '@workbench/common/components/data-table/gridLoader';
// Loaded up front: the lazy pages pull in AG Grid, whose first transform is slow under jest.
import './TenantsPage';
import './TenantDetailPage';

// The grid's chunk (DataTable loads it on first use) loaded once before the tests: each test's
// wait is then for the rows, not for the module.
beforeAll(() => loadDataTableGrid());

const gridNames = (): string[] =>
  Array.from(screen.getByTestId(providerIds.tenantsTable).querySelectorAll('.ag-cell[col-id="name"]'))
    .map((cell) => ({
      index: Number(cell.closest('[row-index]')?.getAttribute('row-index')),
      name: cell.textContent ?? '',
    }))
    .sort((a, b) => a.index - b.index)
    .map((row) => row.name);

describe('tenants page', () => {
  it('pages, sorts and searches on the server; an operator creates a tenant, the refusal at its field, then the one-time password', async () => {
    const { mock } = renderConsole('/tenants', {
      user: operator,
      stubs: (m) =>
        m
          .onPost(TENANTS_PATH)
          .replyOnce(409, { message: "A tenant named 'acme' already exists.", field: 'name' })
          .onPost(TENANTS_PATH)
          .replyOnce(201, {
            tenant: { ...tenants[0], name: 'hooli' },
            admin_username: 'a@hooli.example',
            admin_password: 'Once-Only-123!',
          }),
    });
    await waitFor(() => expect(gridNames()).toHaveLength(3), { timeout: 30_000 });
    const lists = () => mock.history.get.filter((r) => r.url === TENANTS_PATH);
    expect(lists()[0]?.params).toMatchObject({ limit: 25, offset: 0, sort: 'name', order: 'asc' });
    fireEvent.click(
      screen
        .getByTestId(providerIds.tenantsTable)
        .querySelector('.ag-header-cell[col-id="user_count"] .ag-header-cell-label') as HTMLElement,
    );
    await waitFor(() => expect(lists().at(-1)?.params).toMatchObject({ sort: 'user_count' }));
    await userEvent.type(screen.getByTestId(providerPageIds.tenantsQuickFilter), 'glob{Enter}');
    await waitFor(() => expect(lists().at(-1)?.params).toMatchObject({ q: 'glob' }));

    await userEvent.click(screen.getByTestId(providerPageIds.tenantsAdd));
    const form = await screen.findByTestId(providerPageIds.tenantForm);
    await userEvent.click(within(form).getByTestId(providerPageIds.tenantFormSubmit));
    // Only the name is required: the first administrator is an option (issue 30).
    expect(await within(form).findAllByText('Required.')).toHaveLength(1);
    fireEvent.change(within(form).getByLabelText(/Tenant name/), { target: { value: 'acme' } });
    fireEvent.change(within(form).getByLabelText(/First administrator/), {
      target: { value: 'not-an-email' },
    });
    await userEvent.click(within(form).getByTestId(providerPageIds.tenantFormSubmit));
    expect(
      await within(form).findByText('Enter an e-mail address like name@example.com.'),
    ).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/First administrator/), {
      target: { value: 'a@hooli.example' },
    });
    await userEvent.click(within(form).getByTestId(providerPageIds.tenantFormSubmit));
    expect(await within(form).findByText(/already exists/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Tenant name/)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(within(form).getByLabelText(/Tenant name/), { target: { value: 'hooli' } });
    await userEvent.click(within(form).getByTestId(providerPageIds.tenantFormSubmit));
    expect(await screen.findByTestId(providerPageIds.tenantCreatedPassword)).toHaveTextContent(
      'Once-Only-123!',
    );
    expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({
      name: 'hooli',
      admin_username: 'a@hooli.example',
      admin_first_name: '',
      admin_last_name: '',
    });
  }, 60000);

  it('a tenant is created with its name alone: only the name is sent, and no one-time password is shown', async () => {
    const { mock } = renderConsole('/tenants', {
      user: operator,
      stubs: (m) => m.onPost(TENANTS_PATH).reply(201, { tenant: { ...tenants[0], name: 'hooli' } }),
    });
    await waitFor(() => expect(gridNames()).toHaveLength(3), { timeout: 30_000 });
    await userEvent.click(screen.getByTestId(providerPageIds.tenantsAdd));
    const form = await screen.findByTestId(providerPageIds.tenantForm);
    fireEvent.change(within(form).getByLabelText(/Tenant name/), { target: { value: 'hooli' } });
    await userEvent.click(within(form).getByTestId(providerPageIds.tenantFormSubmit));
    await waitFor(() => expect(screen.queryByTestId(providerPageIds.tenantForm)).toBeNull());
    expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({ name: 'hooli' });
    expect(await screen.findByText('The tenant hooli has been created.')).toBeInTheDocument();
    expect(screen.queryByTestId(providerPageIds.tenantCreated)).toBeNull();
  }, 60000);

  it('disables the selected tenants; support staff see no control that writes', async () => {
    const { mock } = renderConsole('/tenants', {
      user: operator,
      stubs: (m) => m.onPost(/disabletenant$/).reply(200, { ...tenants[0], status: 'disabled' }),
    });
    await waitFor(() => expect(gridNames()).toHaveLength(3), { timeout: 30_000 });
    expect(screen.getByTestId(providerPageIds.tenantsDisable)).toBeDisabled();
    fireEvent.click(screen.getAllByLabelText(/Select row 1/)[0] as HTMLElement);
    await userEvent.click(screen.getByTestId(providerPageIds.tenantsDisable));
    // Asked first, naming the tenant; nothing is sent until it is confirmed.
    const dialog = await screen.findByTestId(providerPageIds.tenantConfirm);
    expect(within(dialog).getByRole('heading')).toHaveTextContent(/^Disable the tenant \w+\?$/);
    expect(mock.history.post).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId(providerPageIds.tenantConfirmOk));
    await waitFor(() =>
      expect(mock.history.post.map((r) => r.url)).toContain(tenantSubPath('t-globex', 'disabletenant')),
    );
  }, 60000);

  it('support: read-only list', async () => {
    renderConsole('/tenants', { user: support });
    await waitFor(() => expect(gridNames()).toHaveLength(3), { timeout: 30_000 });
    expect(screen.queryByTestId(providerPageIds.tenantsAdd)).toBeNull();
    expect(screen.queryByTestId(providerPageIds.tenantsDisable)).toBeNull();
    expect(screen.queryAllByLabelText(/Select row/)).toEqual([]);
  }, 60000);
});

describe('tenant detail', () => {
  const detailStubs = (m: MockAdapter) =>
    m
      .onGet('/gdmanage/api/v1/tenants/t-acme')
      .reply(200, tenants[1])
      .onGet(tenantSubPath('t-acme', 'capabilities'))
      .reply(200, {
        capabilities: { rbac: true, webmail: false },
        changes: [],
        dry_run: false,
        expired: ['webmail'],
      })
      .onPatch(tenantSubPath('t-acme', 'capabilities'))
      .reply((config: AxiosRequestConfig) => [
        200,
        {
          capabilities: { rbac: config.params?.DryRun ? true : false },
          changes: [{ capability: 'rbac', before: true, after: false }],
          dry_run: Boolean(config.params?.DryRun),
        },
      ]);

  it('a capability change is previewed through the dry run, then applied', async () => {
    const { mock } = renderConsole('/tenants/t-acme', { user: operator, stubs: detailStubs });
    await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
      timeout: 30_000,
    });
    await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-capabilities`));
    // Each capability's schema state; the one past its valid-until day (the server says) is marked.
    expect(await screen.findByTestId(`${capabilityStateIds.expired}-webmail`)).toHaveTextContent('expired');
    expect(screen.queryByTestId(`${capabilityStateIds.expired}-rbac`)).toBeNull();
    expect(screen.getByTestId(`${capabilityStateIds.stateChip}-deprecated`)).toHaveTextContent('Deprecated');
    expect(screen.getByTestId(`${capabilityStateIds.stateChip}-controlled`)).toHaveTextContent('Controlled');
    await userEvent.click(await screen.findByLabelText('rbac'));
    expect(await screen.findByText('Apply this change?')).toBeInTheDocument();
    expect(mock.history.patch).toHaveLength(1);
    expect(mock.history.patch[0]?.params).toEqual({ DryRun: true });
    expect(screen.getByRole('dialog')).toHaveTextContent('rbactruefalse');
    await userEvent.click(screen.getByTestId(providerPageIds.capabilityApply));
    await waitFor(() => expect(mock.history.patch).toHaveLength(2));
    expect(mock.history.patch[1]?.params).toBeUndefined();
    // Turning a deprecated capability on: the preview warns.
    await userEvent.click(screen.getByLabelText('webmail'));
    expect(await screen.findByTestId(capabilityStateIds.warning)).toHaveTextContent(
      "The capability 'webmail' is deprecated: Superseded by safemailPolicy.",
    );
  }, 60000);

  it("a new tenant's Overview sums up its SKUs, licence, deployment and usage", async () => {
    renderConsole('/tenants/t-acme', {
      user: operator,
      stubs: (m) => {
        detailStubs(m);
        m.onGet(tenantSubPath('t-acme', 'skus')).reply(200, { sku_ids: ['SWG-BASIC'] });
        m.onGet('/gdmanage/api/v1/skus').reply(200, {
          skus: [{ sku_id: 'SWG-BASIC', name: 'Secure web gateway basic', description: '', features: [] }],
          total: 1,
        });
        m.onGet(TENANT_DEPLOYMENTS_PATH).reply(200, {
          tenant_deployments: [{ tid: 't-acme', name: 'acme', deployment: 'euw1' }],
          default_deployment: 'use1',
        });
        m.onGet('/gdmanage/api/v1/ova_keys').reply(200, {
          ova_keys: [
            {
              key_id: 'OVA-ACME-2027-0001-LONG',
              tenant_name: 'acme',
              license_type: 'customer',
              expires_at: '2027-06-30',
              does_not_expire: false,
              license_state: 'active',
            },
            {
              key_id: 'OVA-ACME-CORP-1',
              tenant_name: 'acme corp',
              license_type: 'poc',
              expires_at: '',
              does_not_expire: true,
              license_state: 'active',
            },
          ],
          total: 2,
        });
        m.onGet(tenantMfaUsersPath('t-acme')).reply(200, {
          users: [{ uid: 'u1', username: 'admin@acme.example' }],
        });
        m.onGet(tenantSubPath('t-acme', 'policy')).reply(200, {
          rev_id: 4,
          staged_rev_id: 4,
          state: 'new',
          updated_at: '2026-11-01T00:00:00.000Z',
          updated_by: null,
          kinds: [],
        });
      },
    });
    const card = async (id: string) =>
      screen.findByTestId(`${providerPageIds.tenantSummary}-${id}`, {}, { timeout: 30_000 });
    await waitFor(async () =>
      expect(await card('skus')).toHaveTextContent('Secure web gateway basic (SWG-BASIC)'),
    );
    // The key named for this tenant only, its id whole.
    await waitFor(async () => expect(await card('licence')).toHaveTextContent('OVA-ACME-2027-0001-LONG'));
    expect(await card('licence')).not.toHaveTextContent('OVA-ACME-CORP-1');
    expect(await card('licence')).toHaveTextContent('customer, expires 2027-06-30');
    expect(await card('deployment')).toHaveTextContent(/^Deploymenteuw1$/);
    await waitFor(async () => expect(await card('usage')).toHaveTextContent('1 portal administrator'));
    expect(await card('usage')).toHaveTextContent('3 users');
    expect(await card('usage')).toHaveTextContent('Policy: revision 4');
  }, 60000);

  it('support sees the Overview without the licence card: licence keys are not read for it', async () => {
    const { mock } = renderConsole('/tenants/t-acme', {
      user: support,
      stubs: (m) => {
        detailStubs(m);
        m.onGet(TENANT_DEPLOYMENTS_PATH).reply(200, {
          tenant_deployments: [{ tid: 't-acme', name: 'acme', deployment: 'euw1' }],
          default_deployment: 'use1',
        });
      },
    });
    const deployment = await screen.findByTestId(
      `${providerPageIds.tenantSummary}-deployment`,
      {},
      { timeout: 30_000 },
    );
    await waitFor(() => expect(deployment).toHaveTextContent(/^Deploymenteuw1$/));
    expect(screen.queryByTestId(`${providerPageIds.tenantSummary}-licence`)).toBeNull();
    expect(mock.history.get.map((r) => r.url)).not.toContain('/gdmanage/api/v1/ova_keys');
  }, 60000);

  it('the capability to add is picked from the known ones, each with its meaning', async () => {
    const user = userEvent.setup();
    const { mock } = renderConsole('/tenants/t-acme', { user: operator, stubs: detailStubs });
    await user.click(
      await screen.findByTestId(`${providerPageIds.tenantTab}-capabilities`, {}, { timeout: 30_000 }),
    );
    // The table says what each capability gives the tenant.
    expect(await screen.findByText(capabilityMeaning('rbac') ?? '')).toBeInTheDocument();
    const input = screen.getByTestId(capabilityStateIds.tenantPicker);
    await user.type(input, 'not_a_capability');
    expect(await screen.findByText('No options')).toBeInTheDocument();
    await user.tab();
    // Nothing was picked: nothing to preview, nothing sent.
    expect(screen.getByTestId(providerPageIds.capabilityPreview)).toBeDisabled();
    expect(mock.history.patch).toHaveLength(0);
    await user.clear(input);
    // Found by what it does, too: "firewall" finds fwaas.
    await user.type(input, 'cloud firewall (firewall');
    const option = await screen.findByTestId(`${capabilityStateIds.option}-fwaas`);
    expect(option).toHaveTextContent(capabilityMeaning('fwaas') ?? '');
    await user.click(option);
    expect(input).toHaveValue('fwaas');
    await user.click(screen.getByTestId(providerPageIds.capabilityPreview));
    await waitFor(() => expect(mock.history.patch).toHaveLength(1));
    expect(JSON.parse(String(mock.history.patch[0]?.data))).toEqual({ capabilities: { fwaas: true } });
  }, 60000);

  it('disabling the tenant and revoking a token ask first, naming what they affect', async () => {
    const { mock } = renderConsole('/tenants/t-acme', {
      user: operator,
      stubs: (m) => {
        detailStubs(m);
        m.onPost(tenantSubPath('t-acme', 'disabletenant')).reply(200, { ...tenants[1], status: 'disabled' });
        m.onGet(tenantSubPath('t-acme', 'tokens')).reply(200, {
          tokens: [
            {
              id: 'tk1',
              name: 'SIEM export',
              last4: 'a1b2',
              created_at: '2026-11-01T00:00:00.000Z',
              created_by: 'operator@provider.example',
            },
          ],
        });
        m.onGet(tenantSubPath('t-acme', 'logging_auth_tokens')).reply(200, { tokens: [] });
        m.onDelete(`${tenantSubPath('t-acme', 'tokens')}/tk1`).reply(204);
      },
    });
    await userEvent.click(await screen.findByTestId(providerPageIds.tenantToggle, {}, { timeout: 30_000 }));
    let dialog = await screen.findByTestId(providerPageIds.tenantConfirm);
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Disable the tenant acme?');
    await userEvent.click(within(dialog).getByTestId(providerPageIds.tenantConfirmCancel));
    await waitFor(() => expect(screen.queryByTestId(providerPageIds.tenantConfirm)).toBeNull());
    expect(mock.history.post).toHaveLength(0);
    await userEvent.click(screen.getByTestId(providerPageIds.tenantToggle));
    await userEvent.click(await screen.findByTestId(providerPageIds.tenantConfirmOk));
    await waitFor(() =>
      expect(mock.history.post.map((r) => r.url)).toEqual([tenantSubPath('t-acme', 'disabletenant')]),
    );

    await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-tokens`));
    await userEvent.click(await screen.findByLabelText('Revoke SIEM export'));
    dialog = await screen.findByTestId(providerPageIds.tenantConfirm);
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      'Revoke the policy API token SIEM export of acme?',
    );
    expect(mock.history.delete).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId(providerPageIds.tenantConfirmOk));
    await waitFor(() => expect(mock.history.delete).toHaveLength(1));
  }, 60000);

  it('support sees the tabs and no control that writes', async () => {
    renderConsole('/tenants/t-acme', { user: support, stubs: detailStubs });
    await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
      timeout: 30_000,
    });
    expect(screen.queryByTestId(providerPageIds.tenantToggle)).toBeNull();
    expect(screen.queryByTestId(providerPageIds.tenantRename)).toBeNull();
    await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-capabilities`));
    expect(await screen.findByLabelText('rbac')).toBeDisabled();
    expect(screen.queryByTestId(providerPageIds.capabilityPreview)).toBeNull();
  }, 60000);
});

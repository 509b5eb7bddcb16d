/**
 * The tenants' half-wired calls with their controls (issue 37 point 2): the bulk move to a
 * deployment as a job followed to its end, the default deployment, the tenant's actions
 * (rolloutinit, tenantpolicyinit), the RBAC list's editor, and a tenant user's editor and pages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { notFoundIds, providerIds, providerPageIds } from '@workbench/common';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { jobPath } from '@workbench/common/api/contract/jobs';
import { DEFAULT_DEPLOYMENT_PATH, TENANT_DEPLOYMENTS_PATH } from '@workbench/common/api/contract/providerOps';
import { ROLLOUT_DEPLOYMENTS_PATH } from '@workbench/common/api/contract/providerRolloutPaths';
import { ROLLOUTS_PATH } from '@workbench/common/api/contract/providerRolloutPaths';
import { tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import { operator, renderConsole, support, tenants } from '../testing/renderConsole';
import './TenantsPage';
import './TenantDetailPage';

const gridRows = () =>
  screen.getByTestId(providerIds.tenantsTable).querySelectorAll('.ag-cell[col-id="name"]').length;

const DEPLOYMENTS = {
  deployments: [
    { deployment_id: 'use1', name: 'US East', tenants: 3 },
    { deployment_id: 'euw1', name: 'EU West', tenants: 0 },
  ],
  default_deployment: 'use1',
};
const WHERE = {
  tenant_deployments: [
    { tid: 't-globex', name: 'globex', deployment: 'use1' },
    { tid: 't-acme', name: 'acme', deployment: 'use1' },
  ],
  default_deployment: 'use1',
};
const job = (status: string, results: { tid: string; name: string }[], extra: object = {}) => ({
  id: 'job-1',
  status,
  action: 'move_tenants',
  deployment: 'euw1',
  tids: ['t-globex', 't-acme'],
  results: results.map((r) => ({ ...r, from: 'use1', status: 'moved' })),
  requested_by: 'operator@provider.example',
  created_at: '2026-11-29T00:00:00.000Z',
  ...extra,
});

describe('bulk move to a deployment', () => {
  it('moves the selected tenants as a job, polled until it finishes, with each tenant’s result', async () => {
    const { mock } = renderConsole('/tenants', {
      user: operator,
      stubs: (m) => {
        m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, DEPLOYMENTS);
        m.onGet(TENANT_DEPLOYMENTS_PATH).reply(200, WHERE);
        m.onPost(TENANT_DEPLOYMENTS_PATH).reply(202, job('pending', []));
        m.onGet(jobPath('job-1'))
          .replyOnce(200, job('started', [{ tid: 't-globex', name: 'globex' }]))
          .onGet(jobPath('job-1'))
          .reply(
            200,
            job('finished', [
              { tid: 't-globex', name: 'globex' },
              { tid: 't-acme', name: 'acme' },
            ]),
          );
      },
    });
    await waitFor(() => expect(gridRows()).toBe(3), { timeout: 30_000 });
    expect(screen.getByTestId(tenantOpsIds.moveOpen)).toBeDisabled();
    fireEvent.click(screen.getAllByLabelText(/Select row 1/)[0] as HTMLElement);
    fireEvent.click(screen.getAllByLabelText(/Select row 2/)[0] as HTMLElement);
    await userEvent.click(screen.getByTestId(tenantOpsIds.moveOpen));
    const dialog = await screen.findByTestId(tenantOpsIds.moveDialog);
    expect(within(dialog).getByTestId(tenantOpsIds.moveSubmit)).toBeDisabled();
    fireEvent.mouseDown(await within(dialog).findByTestId(tenantOpsIds.moveDeployment));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.moveDeployment}-euw1`));
    // The confirmation says what happens before anything is sent.
    expect(dialog).toHaveTextContent(/globex, acme will be moved to the deployment euw1/);
    expect(mock.history.post).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.moveSubmit));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
      tids: ['t-globex', 't-acme'],
      deployment: 'euw1',
    });
    const outcome = await within(dialog).findByTestId(tenantOpsIds.moveOutcome, {}, { timeout: 30_000 });
    expect(outcome).toHaveAttribute('data-status', 'finished');
    expect(outcome).toHaveTextContent('2 tenants moved to euw1.');
    expect(within(dialog).getByTestId(`${tenantOpsIds.moveResult}-t-acme`)).toHaveTextContent(
      'acme: moved from use1',
    );
    // Polled until the job ended (started, then finished).
    expect(mock.history.get.filter((r) => r.url === jobPath('job-1')).length).toBeGreaterThanOrEqual(2);
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.moveClose));
    await waitFor(() => expect(screen.queryByTestId(tenantOpsIds.moveDialog)).toBeNull());
  }, 60000);

  it('a failed job shows its reason and the tenants not moved', async () => {
    renderConsole('/tenants', {
      user: operator,
      stubs: (m) => {
        m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, DEPLOYMENTS);
        m.onGet(TENANT_DEPLOYMENTS_PATH).reply(200, WHERE);
        m.onPost(TENANT_DEPLOYMENTS_PATH).reply(202, job('pending', []));
        m.onGet(jobPath('job-1')).reply(200, {
          ...job('failed', [{ tid: 't-globex', name: 'globex' }], {
            reason: '1 of 2 tenants were not moved.',
          }),
          results: [
            { tid: 't-globex', name: 'globex', from: 'use1', status: 'moved' },
            {
              tid: 't-acme',
              name: 'acme',
              from: 'use1',
              status: 'failed',
              reason: 'No such tenant: t-acme.',
            },
          ],
        });
      },
    });
    await waitFor(() => expect(gridRows()).toBe(3), { timeout: 30_000 });
    fireEvent.click(screen.getAllByLabelText(/Select row 1/)[0] as HTMLElement);
    await userEvent.click(screen.getByTestId(tenantOpsIds.moveOpen));
    const dialog = await screen.findByTestId(tenantOpsIds.moveDialog);
    fireEvent.mouseDown(await within(dialog).findByTestId(tenantOpsIds.moveDeployment));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.moveDeployment}-euw1`));
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.moveSubmit));
    const outcome = await within(dialog).findByTestId(tenantOpsIds.moveOutcome, {}, { timeout: 30_000 });
    expect(outcome).toHaveAttribute('data-status', 'failed');
    expect(outcome).toHaveTextContent('1 of 2 tenants were not moved.');
    expect(within(dialog).getByTestId(`${tenantOpsIds.moveResult}-t-acme`)).toHaveTextContent(
      'No such tenant: t-acme.',
    );
  }, 60000);
});

describe('default deployment', () => {
  it('an operator makes another deployment the default; a refusal is shown; support reads it', async () => {
    const { mock } = renderConsole('/deployments', {
      user: operator,
      stubs: (m) => {
        m.onGet(ROLLOUT_DEPLOYMENTS_PATH).reply(200, DEPLOYMENTS);
        m.onGet('/gdmanage/api/v1/deployments').reply(200, { deployments: [], total: 0 });
        m.onPut(DEFAULT_DEPLOYMENT_PATH)
          .replyOnce(400, { message: "There is no deployment 'euw1'.", field: 'default_deployment' })
          .onPut(DEFAULT_DEPLOYMENT_PATH)
          .reply(200, { default_deployment: 'euw1' });
      },
    });
    const control = await screen.findByTestId(tenantOpsIds.defaultDeployment, {}, { timeout: 30_000 });
    const save = within(control).getByTestId(tenantOpsIds.defaultDeploymentSave);
    expect(save).toBeDisabled();
    fireEvent.mouseDown(await within(control).findByTestId(tenantOpsIds.defaultDeploymentSelect));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.defaultDeploymentSelect}-euw1`));
    await userEvent.click(save);
    expect(await within(control).findByText("There is no deployment 'euw1'.")).toBeInTheDocument();
    await userEvent.click(save);
    await waitFor(() => expect(mock.history.put).toHaveLength(2));
    expect(JSON.parse(String(mock.history.put[1]?.data))).toEqual({ default_deployment: 'euw1' });
    expect(await screen.findByText('New tenants are placed on euw1 from now on.')).toBeInTheDocument();
  }, 60000);

  it('support has no deployments page, so no default-deployment control (its role does not read deployments)', async () => {
    renderConsole('/deployments', { user: support });
    expect(await screen.findByTestId(notFoundIds.page, {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByTestId(tenantOpsIds.defaultDeployment)).toBeNull();
  }, 60000);
});

const rollout = {
  id: 'r1',
  name: 'DLP notices',
  change: { kind: 'policy_template', template: 'dlp-upload-notice' },
  target: { tags: [], deployments: [], sku_ids: [], tids: ['t-acme'] },
  wave_size: 5,
  pause_seconds: 0,
  state: 'paused',
  reason: null,
  waves: 1,
  waves_done: 0,
  counts: { pending: 1, applied: 0, failed: 0, rolled_back: 0 },
  created_at: '2026-11-29T00:00:00.000Z',
  created_by: 'operator@provider.example',
  started_at: null,
  ended_at: null,
  next_wave_at: null,
};
const template = {
  template_id: 'branded-block-page',
  title: 'Branded block page',
  description: '',
  documents: { 'customization/web': {} },
  created_at: '2026-11-29T00:00:00.000Z',
  updated_at: '2026-11-29T00:00:00.000Z',
};
const detail = (m: MockAdapter) => {
  m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
  m.onGet(ROLLOUTS_PATH).reply(200, { rollouts: [rollout], total: 1 });
  m.onGet('/gdmanage/api/v1/templates').reply(200, { templates: [template], total: 1 });
};

describe("a tenant's actions: rolloutinit and tenantpolicyinit", () => {
  it('applies a rollout now: only the rollouts pending for the tenant, what happens said first, the answer shown', async () => {
    const { mock } = renderConsole('/tenants/t-acme', {
      user: operator,
      stubs: (m) => {
        detail(m);
        m.onPost(tenantSubPath('t-acme', 'rolloutinit'))
          .replyOnce(409, { message: 'acme is applied in this rollout already.', field: 'rollout_id' })
          .onPost(tenantSubPath('t-acme', 'rolloutinit'))
          .reply(200, {
            tid: 't-acme',
            name: 'acme',
            wave: 1,
            status: 'applied',
            reason: null,
            changes: [{ item: 'customization/web', before: null, after: { list: [1] } }],
            applied_at: '2026-11-29T00:00:01.000Z',
            rolled_back_at: null,
          });
      },
    });
    await userEvent.click(await screen.findByTestId(tenantOpsIds.actionsMenu, {}, { timeout: 30_000 }));
    await userEvent.click(await screen.findByTestId(tenantOpsIds.actionRolloutInit));
    const dialog = await screen.findByTestId(tenantOpsIds.commandDialog);
    await waitFor(() =>
      expect(mock.history.get.find((r) => r.url === ROLLOUTS_PATH)?.params).toMatchObject({
        pending_for: 't-acme',
      }),
    );
    expect(within(dialog).getByTestId(tenantOpsIds.commandSubmit)).toBeDisabled();
    fireEvent.mouseDown(await within(dialog).findByTestId(tenantOpsIds.commandChoice));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.commandChoice}-r1`));
    expect(dialog).toHaveTextContent(/is applied to acme now, ahead of its wave/);
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.commandSubmit));
    expect(await within(dialog).findByText('acme is applied in this rollout already.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.commandSubmit));
    const result = await within(dialog).findByTestId(tenantOpsIds.commandResult);
    expect(result).toHaveTextContent('Applied to acme (wave 1): applied.');
    expect(result).toHaveTextContent('customization/web');
    expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({ rollout_id: 'r1' });
  }, 60000);

  it('applies a policy template: the revision published and what changed', async () => {
    const { mock } = renderConsole('/tenants/t-acme', {
      user: operator,
      stubs: (m) => {
        detail(m);
        m.onPost(tenantSubPath('t-acme', 'tenantpolicyinit')).reply(200, {
          rev_id: 7,
          changes: [{ item: 'customization/web', before: { list: [] }, after: { list: [1, 2] } }],
        });
      },
    });
    await userEvent.click(await screen.findByTestId(tenantOpsIds.actionsMenu, {}, { timeout: 30_000 }));
    await userEvent.click(await screen.findByTestId(tenantOpsIds.actionPolicyInit));
    const dialog = await screen.findByTestId(tenantOpsIds.commandDialog);
    fireEvent.mouseDown(await within(dialog).findByTestId(tenantOpsIds.commandChoice));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.commandChoice}-branded-block-page`));
    expect(dialog).toHaveTextContent(/published at once as its next revision/);
    await userEvent.click(within(dialog).getByTestId(tenantOpsIds.commandSubmit));
    const result = await within(dialog).findByTestId(tenantOpsIds.commandResult);
    expect(result).toHaveTextContent('Published as revision 7 of acme.');
    expect(result).toHaveTextContent('empty → 2 entries');
    expect(JSON.parse(String(mock.history.post.at(-1)?.data))).toEqual({ template: 'branded-block-page' });
  }, 60000);

  it('support gets no actions menu', async () => {
    renderConsole('/tenants/t-acme', { user: support, stubs: detail });
    await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
      timeout: 30_000,
    });
    expect(screen.queryByTestId(tenantOpsIds.actionsMenu)).toBeNull();
  }, 60000);
});

const ROLES = [
  { name: 'admin', builtin: true, read: ['*:*'], write: ['*:*'] },
  { name: 'auditor', builtin: true, read: ['policy:*'], write: [] },
  { name: 'helpdesk', builtin: false, read: ['users:*'], write: ['users:*'] },
];
const account = (username: string, role: string) => ({
  username,
  first_name: '',
  last_name: '',
  role,
  read: ROLES.find((r) => r.name === role)?.read ?? [],
  write: ROLES.find((r) => r.name === role)?.write ?? [],
});

describe("the RBAC list's editor", () => {
  it('an operator gives accounts roles; only the changed ones are sent; a refusal is shown and nothing lost', async () => {
    const path = tenantSubPath('t-acme', 'rbac');
    const { mock } = renderConsole('/tenants/t-acme', {
      user: operator,
      stubs: (m) => {
        m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
        m.onGet(path)
          .replyOnce(200, {
            enforced: true,
            accounts: [account('admin@acme.example', 'admin'), account('help@acme.example', 'auditor')],
            roles: ROLES,
          })
          .onGet(path)
          .reply(200, {
            enforced: true,
            accounts: [account('admin@acme.example', 'admin'), account('help@acme.example', 'helpdesk')],
            roles: ROLES,
          });
        m.onPut(path)
          .replyOnce(409, {
            message: 'The tenant must keep an active full administrator.',
            field: 'accounts',
          })
          .onPut(path)
          .reply(200, {});
      },
    });
    await userEvent.click(
      await screen.findByTestId(`${providerPageIds.tenantTab}-rbac`, {}, { timeout: 30_000 }),
    );
    await userEvent.click(await screen.findByTestId(tenantOpsIds.rbacEdit));
    expect(screen.getByTestId(tenantOpsIds.rbacSave)).toBeDisabled();
    fireEvent.mouseDown(screen.getByTestId(`${tenantOpsIds.rbacRole}-help@acme.example`));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.rbacRole}-option-helpdesk`));
    // The lists shown are the chosen role's.
    const table = screen.getByTestId(providerPageIds.tenantRbac);
    expect(within(table).getAllByText('users:*')).toHaveLength(2);
    await userEvent.click(screen.getByTestId(tenantOpsIds.rbacSave));
    expect(await screen.findByText('The tenant must keep an active full administrator.')).toBeInTheDocument();
    // Still editing, the choice kept.
    expect(screen.getByTestId(tenantOpsIds.rbacSave)).toHaveTextContent('Save roles (1)');
    await userEvent.click(screen.getByTestId(tenantOpsIds.rbacSave));
    await waitFor(() => expect(mock.history.put).toHaveLength(2));
    expect(JSON.parse(String(mock.history.put[1]?.data))).toEqual({
      accounts: [{ username: 'help@acme.example', role: 'helpdesk' }],
    });
    await waitFor(() => expect(screen.queryByTestId(tenantOpsIds.rbacSave)).toBeNull());
    expect(within(table).getByText('helpdesk')).toBeInTheDocument();
  }, 60000);
});

const endUser = (i: number) => ({
  uid: `u${i}`,
  username: `user${String(i).padStart(3, '0')}@acme.example`,
  first_name: 'Una',
  last_name: 'User',
  email: '',
  groups: [],
  status: 'active',
  created_at: '2026-11-29T00:00:00.000Z',
  updated_at: '2026-11-29T00:00:00.000Z',
});

describe("a tenant's users", () => {
  it('page on the server through 250 users; an operator edits one, the refusal at its field', async () => {
    const users = tenantSubPath('t-acme', 'tenantusers');
    const { mock } = renderConsole('/tenants/t-acme', {
      user: operator,
      stubs: (m) => {
        m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
        m.onGet(tenantSubPath('t-acme', 'mfa/users')).reply(200, { users: [] });
        m.onGet(users).reply((config) => {
          const { limit = 25, offset = 0 } = (config.params ?? {}) as { limit?: number; offset?: number };
          const all = Array.from({ length: 250 }, (_, i) => endUser(i));
          return [200, { users: all.slice(offset, offset + limit), total: all.length }];
        });
        m.onPut(`${users}/u0`)
          .replyOnce(409, { message: 'The user name user001@acme.example is taken.', field: 'username' })
          .onPut(`${users}/u0`)
          .reply(200, { ...endUser(0), first_name: 'Ulla' });
      },
    });
    await userEvent.click(
      await screen.findByTestId(`${providerPageIds.tenantTab}-users`, {}, { timeout: 30_000 }),
    );
    expect(await screen.findByText('user000@acme.example')).toBeInTheDocument();
    expect(screen.getByText('250 users')).toBeInTheDocument();
    const pager = screen.getByTestId(tenantOpsIds.usersPager);
    fireEvent.mouseDown(within(pager).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: '100' }));
    expect(await screen.findByText('user099@acme.example')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: /next page/i }));
    await userEvent.click(within(pager).getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('user249@acme.example')).toBeInTheDocument();
    expect(screen.queryByText('user199@acme.example')).toBeNull();
    expect(within(pager).getByText('201–250 of 250')).toBeInTheDocument();
    const asked = mock.history.get.filter((r) => r.url === users).map((r) => r.params);
    expect(asked.at(-1)).toMatchObject({ limit: 100, offset: 200 });

    await userEvent.click(within(pager).getByRole('button', { name: /previous page/i }));
    await userEvent.click(within(pager).getByRole('button', { name: /previous page/i }));
    await userEvent.click(await screen.findByTestId(`${tenantOpsIds.userEdit}-u0`));
    const form = await screen.findByTestId(tenantOpsIds.userForm);
    // The server's own row rule checks in the browser first.
    fireEvent.change(within(form).getByLabelText(/E-mail/), { target: { value: 'not-an-address' } });
    await userEvent.click(within(form).getByTestId(tenantOpsIds.userSubmit));
    expect(await within(form).findByText(/e-mail/i, { selector: 'p' })).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/E-mail/), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText(/User name/), { target: { value: 'user001@acme.example' } });
    fireEvent.change(within(form).getByLabelText(/First name/), { target: { value: 'Ulla' } });
    await userEvent.click(within(form).getByTestId(tenantOpsIds.userSubmit));
    expect(await within(form).findByText('The user name user001@acme.example is taken.')).toBeInTheDocument();
    expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({
      username: 'user001@acme.example',
      first_name: 'Ulla',
    });
    fireEvent.change(within(form).getByLabelText(/User name/), { target: { value: 'user000@acme.example' } });
    await userEvent.click(within(form).getByTestId(tenantOpsIds.userSubmit));
    await waitFor(() => expect(screen.queryByTestId(tenantOpsIds.userForm)).toBeNull());
    // Only what changed is sent.
    expect(JSON.parse(String(mock.history.put[1]?.data))).toEqual({ first_name: 'Ulla' });
  }, 90000);
});

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import {
  accessRule,
  app,
  catalog,
  cluster,
  privateAccessServer,
  type PrivateAccessDocs,
} from './privateAccessTestServer';
import type { AccessPolicyDoc, CatalogsDoc, ClustersDoc } from './privateAccessModel';

afterEach(resetPortalEnv);
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

const docs: Partial<PrivateAccessDocs> = {
  access: {
    applications: [app('git', 'Git'), app('wiki', 'Wiki', { cluster_id: 'gone' })],
    access_rules: [accessRule('r1', 'Engineers to Git')],
  },
  clusters: { list: [cluster('fra', 'Frankfurt'), cluster('ore', 'Oregon', { region: 'us-west-2' })] },
  catalogs: { list: [catalog('tools', 'Tools', { applications: ['git'], clusters: ['fra', 'old'] })] },
  portalUrl: 'https://access.acme.example/',
};

function open(path: string, role: 'admin' | 'auditor' = 'admin') {
  const server = privateAccessServer(docs);
  const view = renderPortal({ path, user: demoUser(role), stubs: server.install });
  return { server, ...view };
}
const cellText = (table: string, rowId: string, column: string) =>
  document.querySelector(
    `[data-testid="${firewallIds.table}-${table}"] .ag-row[row-id="${rowId}"] [col-id="${column}"]`,
  )?.textContent ?? '';
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByTestId(`${privateAccessIds.field}-${name}`);
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Secure Application Access: applications, catalogs, clusters', () => {
  it('applications: a deleted cluster says so; the form refuses a bad address, missing ports and no cluster; Save sends applications with the rules', async () => {
    const { server } = open('/secure-application-access/applications');
    await waitFor(() => expect(cellText('applications', 'git', 'cluster')).toBe('Frankfurt'));
    expect(cellText('applications', 'wiki', 'cluster')).toBe('Deleted cluster (gone)');
    expect(cellText('applications', 'git', 'used_by')).toBe('1 rule, 1 catalog');
    // The user portal address is above every tab, with Copy.
    expect(screen.getByTestId(privateAccessIds.portalUrl)).toHaveTextContent('https://access.acme.example/');

    await userEvent.click(screen.getByTestId(`${firewallIds.add}-applications`));
    const dialog = await screen.findByTestId(privateAccessIds.appDialog);
    await enter(field(dialog, 'name'), 'HR portal');
    await enter(field(dialog, 'addresses'), '10.0.0.0/24\n10.0.0.300');
    await userEvent.clear(field(dialog, 'ports'));
    await userEvent.click(within(dialog).getByTestId(firewallIds.dialogSave));
    expect(
      await within(dialog).findByText(/^Line 2 \(10\.0\.0\.300\): not an IPv4 address/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('TCP and UDP applications need at least one port or range.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Pick the connector cluster that reaches the application.'),
    ).toBeInTheDocument();
    await userEvent.clear(field(dialog, 'addresses'));
    await enter(field(dialog, 'addresses'), '10.0.0.0/24');
    await enter(field(dialog, 'ports'), '443\n8000-8080');
    await choose(dialog, 'Connector cluster', 'Oregon');
    await userEvent.click(within(dialog).getByTestId(firewallIds.dialogSave));
    await waitFor(() => expect(screen.queryByTestId(privateAccessIds.appDialog)).not.toBeInTheDocument());

    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0].call).toBe('update_access_policy_application');
    const saved = server.puts[0].body.data as AccessPolicyDoc;
    expect(saved.access_rules).toEqual(docs.access!.access_rules);
    expect(saved.applications[2]).toEqual({
      id: expect.any(String),
      name: 'HR portal',
      domains: [],
      addresses: ['10.0.0.0/24'],
      protocol: 'tcp',
      ports: ['443', '8000-8080'],
      cluster_id: 'ore',
    });
  });

  it('applications: deleting one that a rule and a catalog name asks first and names them', async () => {
    open('/secure-application-access/applications');
    await waitFor(() => expect(cellText('applications', 'git', 'name')).toBe('Git'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Git' }));
    const confirm = await screen.findByTestId(privateAccessIds.deleteDialog);
    expect(within(confirm).getByTestId(privateAccessIds.deleteUsedBy)).toHaveTextContent(
      'It is used by the access rule Engineers to Git and the catalog Tools.',
    );
    await userEvent.click(within(confirm).getByTestId(privateAccessIds.deleteConfirm));
    await waitFor(() => expect(cellText('applications', 'git', 'name')).toBe(''));
    // The rule keeps the id and says the application was deleted.
    await userEvent.click(screen.getByTestId('private-policy-tab-access-rules'));
    await waitFor(() =>
      expect(cellText('access-rules', 'r1', 'applications')).toBe('Deleted application (git)'),
    );
  });

  it('clusters: region by name, key id checked (format, one cluster per key); Save goes to set_provisioning_key_lookup; Copy copies the portal address', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { server } = open('/secure-application-access/clusters');
    await waitFor(() => expect(cellText('clusters', 'ore', 'region')).toBe('US West (Oregon) · us-west-2'));
    expect(cellText('clusters', 'fra', 'used_by')).toBe('1 application, 1 catalog');

    await userEvent.click(screen.getByTestId(`${firewallIds.add}-clusters`));
    const dialog = await screen.findByTestId(privateAccessIds.clusterDialog);
    await enter(field(dialog, 'name'), 'Frankfurt 2');
    await choose(dialog, 'Region', 'Europe (Frankfurt) · eu-central-1');
    await enter(field(dialog, 'key_id'), 'short');
    fireEvent.blur(field(dialog, 'key_id'));
    expect(await within(dialog).findByText('8 to 64 letters, digits, _ or -.')).toBeInTheDocument();
    await userEvent.clear(field(dialog, 'key_id'));
    await enter(field(dialog, 'key_id'), 'pk_fra_0001');
    expect(await within(dialog).findByText('Another cluster already uses this key.')).toBeInTheDocument();
    await userEvent.clear(field(dialog, 'key_id'));
    await enter(field(dialog, 'key_id'), 'pk_fra_0002');
    await userEvent.clear(field(dialog, 'max_connectors'));
    await enter(field(dialog, 'max_connectors'), '4');
    await userEvent.click(within(dialog).getByTestId(firewallIds.dialogSave));
    await waitFor(() => expect(screen.queryByTestId(privateAccessIds.clusterDialog)).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0].call).toBe('set_provisioning_key_lookup');
    expect((server.puts[0].body.data as ClustersDoc).list[2]).toEqual({
      id: expect.any(String),
      name: 'Frankfurt 2',
      region: 'eu-central-1',
      provisioning_key_lookup: { enabled: true, key_id: 'pk_fra_0002', max_connectors: 4 },
    });

    await userEvent.click(screen.getByTestId(privateAccessIds.portalUrlCopy));
    expect(writeText).toHaveBeenCalledWith('https://access.acme.example/');
    expect(
      await screen.findByText('The user portal address has been copied to the clipboard.'),
    ).toBeInTheDocument();
  });

  it('catalogs: a deleted cluster says so; an application added from the dual list is saved to update_catalog_clusters', async () => {
    const { server } = open('/secure-application-access/catalogs');
    await waitFor(() =>
      expect(cellText('catalogs', 'tools', 'clusters')).toBe('Frankfurt, Deleted cluster (old)'),
    );
    expect(cellText('catalogs', 'tools', 'applications')).toBe('Git');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Tools' }));
    const dialog = await screen.findByTestId(privateAccessIds.catalogDialog);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Wiki/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to selected' }));
    // The deleted cluster is removed from the picker's chips.
    await userEvent.click(within(dialog).getAllByTestId('CancelIcon')[1]);
    await userEvent.click(within(dialog).getByTestId(firewallIds.dialogSave));
    await waitFor(() => expect(screen.queryByTestId(privateAccessIds.catalogDialog)).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0].call).toBe('update_catalog_clusters');
    expect((server.puts[0].body.data as CatalogsDoc).list).toEqual([
      { id: 'tools', name: 'Tools', applications: ['git', 'wiki'], clusters: ['fra'] },
    ]);
  });

  it('a reader sees catalogs and clusters and changes nothing', async () => {
    open('/secure-application-access/clusters', 'auditor');
    await waitFor(() => expect(cellText('clusters', 'fra', 'name')).toBe('Frankfurt'));
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('Read-only');
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${firewallIds.add}-clusters`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Frankfurt' }));
    const dialog = await screen.findByTestId(privateAccessIds.clusterDialog);
    expect(field(dialog, 'key_id')).toBeDisabled();
    expect(within(dialog).queryByTestId(firewallIds.dialogSave)).not.toBeInTheDocument();
  });
});

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { firewallServer, rule, service, type FirewallDocs } from './firewallTestServer';
import type { FirewallService } from './firewallModel';

afterEach(resetPortalEnv);
// Whole-portal tests with the real grid and dialogs: slow when the machine is busy.
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

const services = {
  list: [
    service('https', 'HTTPS'),
    service('dns', 'DNS', { protocol: 'udp', ports: ['53'] }),
    service('ping', 'Ping', { protocol: 'icmp', ports: [], description: 'Echo requests' }),
  ],
};
const rules = {
  list: [
    rule('r1', 'Allow web', { services: ['https'] }),
    rule('r2', 'Allow web backup', { services: ['https', 'dns'] }),
  ],
};

function open(docs: Partial<FirewallDocs>, role: 'admin' | 'auditor' = 'admin') {
  const server = firewallServer({ services, rules, ...docs });
  const view = renderPortal({ path: '/fwaas/services', user: demoUser(role), stubs: server.install });
  return { server, ...view };
}

const rowIds = () =>
  [...document.querySelectorAll<HTMLElement>(`[data-testid="${firewallIds.table}-services"] .ag-row[row-id]`)]
    .filter((row) => !row.closest('.ag-pinned-right-cols-container'))
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.getAttribute('row-id'));
const cellText = (rowId: string, column: string) =>
  document.querySelector(`.ag-row[row-id="${rowId}"] [col-id="${column}"]`)?.textContent ?? '';
const savedList = (server: ReturnType<typeof firewallServer>) =>
  (server.puts.at(-1)?.body.data as { list: FirewallService[] }).list;

async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Firewall services (fwaas/services)', () => {
  it('lists the services with protocol, ports, description and the rules that use them', async () => {
    open({});
    await waitFor(() => expect(rowIds()).toEqual(['https', 'dns', 'ping']));
    expect(cellText('dns', 'protocol')).toBe('UDP');
    expect(cellText('dns', 'ports')).toBe('53');
    expect(cellText('ping', 'ports')).toBe('All');
    expect(cellText('ping', 'description')).toBe('Echo requests');
    expect(cellText('https', 'used_by')).toBe('2 rules');
    expect(cellText('dns', 'used_by')).toBe('1 rule');
    expect(cellText('ping', 'used_by')).toBe('No rules');
  });

  it('ports are required for TCP and UDP, checked one per line, and refused for ICMP and Any; the new service is saved', async () => {
    const { server } = open({});
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    await userEvent.click(screen.getByTestId(`${firewallIds.add}-services`));
    const dialog = await screen.findByTestId(firewallIds.serviceDialog);
    await enter(within(dialog).getByTestId(`${firewallIds.field}-name`), 'Web alt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to services' }));
    expect(
      await within(dialog).findByText('TCP and UDP services need at least one port or range.'),
    ).toBeInTheDocument();

    const ports = within(dialog).getByTestId(`${firewallIds.field}-ports`);
    await enter(ports, '8080\n9000-8000\n70000');
    expect(
      await within(dialog).findByText('Line 2 (9000-8000): not a port (1 to 65535) or a range (8000-8080).'),
    ).toBeInTheDocument();
    await userEvent.clear(ports);
    await enter(ports, '8080\n8443-8445');

    // A name another service has is refused (case does not count).
    const name = within(dialog).getByTestId(`${firewallIds.field}-name`);
    await userEvent.clear(name);
    await enter(name, 'https');
    expect(await within(dialog).findByText('Another entry already has this name.')).toBeInTheDocument();
    await userEvent.clear(name);
    await enter(name, 'Web alt');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to services' }));
    await waitFor(() => expect(screen.queryByTestId(firewallIds.serviceDialog)).not.toBeInTheDocument());

    // ICMP takes no ports: choosing it empties and disables the field.
    await userEvent.click(screen.getByTestId(`${firewallIds.add}-services`));
    const second = await screen.findByTestId(firewallIds.serviceDialog);
    await enter(within(second).getByTestId(`${firewallIds.field}-name`), 'Traceroute');
    await enter(within(second).getByTestId(`${firewallIds.field}-ports`), '33434');
    await choose(second, 'Protocol', 'ICMP');
    expect(within(second).getByTestId(`${firewallIds.field}-ports`)).toBeDisabled();
    expect(within(second).getByTestId(`${firewallIds.field}-ports`)).toHaveValue('');
    expect(within(second).getByText('ICMP matches every port: no ports to give.')).toBeInTheDocument();
    await userEvent.click(within(second).getByRole('button', { name: 'Add to services' }));
    await waitFor(() => expect(rowIds()).toHaveLength(5));

    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0].kind).toBe('fwaas/services');
    expect(savedList(server).slice(3)).toEqual([
      expect.objectContaining({ name: 'Web alt', protocol: 'tcp', ports: ['8080', '8443-8445'] }),
      expect.objectContaining({ name: 'Traceroute', protocol: 'icmp', ports: [] }),
    ]);
  });

  it('deleting a service that rules use asks first and names them; Cancel keeps it; an unused one goes at once', async () => {
    open({});
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Delete HTTPS' }));
    const confirm = await screen.findByTestId(firewallIds.deleteDialog);
    expect(within(confirm).getByTestId(firewallIds.deleteUsedBy)).toHaveTextContent(
      'It is used by 2 rules: Allow web, Allow web backup.',
    );
    await userEvent.click(within(confirm).getByTestId(firewallIds.deleteCancel));
    await waitFor(() => expect(screen.queryByTestId(firewallIds.deleteDialog)).not.toBeInTheDocument());
    expect(rowIds()).toEqual(['https', 'dns', 'ping']);

    await userEvent.click(screen.getByRole('button', { name: 'Delete DNS' }));
    const second = await screen.findByTestId(firewallIds.deleteDialog);
    expect(within(second).getByTestId(firewallIds.deleteUsedBy)).toHaveTextContent(
      'It is used by the rule Allow web backup.',
    );
    await userEvent.click(within(second).getByTestId(firewallIds.deleteConfirm));
    await waitFor(() => expect(rowIds()).toEqual(['https', 'ping']));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Ping' }));
    await waitFor(() => expect(rowIds()).toEqual(['https']));
    expect(screen.queryByTestId(firewallIds.deleteDialog)).not.toBeInTheDocument();
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('Unsaved changes.');
  });

  it('a rule naming a deleted service shows it as deleted', async () => {
    open({ services: { list: [service('dns', 'DNS', { protocol: 'udp', ports: ['53'] })] } }, 'admin');
    await waitFor(() => expect(rowIds()).toEqual(['dns']));
    await userEvent.click(screen.getByTestId(`${firewallIds.tab}-rules`));
    await waitFor(() =>
      expect(document.querySelector('.ag-row[row-id="r1"] [col-id="services"]')?.textContent).toBe(
        'Deleted service (https)',
      ),
    );
  });

  it('a reader sees the services and their forms but can change nothing', async () => {
    open({}, 'auditor');
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    expect(screen.queryByTestId(`${firewallIds.add}-services`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View DNS' }));
    const dialog = await screen.findByTestId(firewallIds.serviceDialog);
    expect(within(dialog).getByTestId(`${firewallIds.field}-name`)).toBeDisabled();
    expect(within(dialog).getByTestId(`${firewallIds.field}-ports`)).toBeDisabled();
    expect(within(dialog).getByTestId(`${firewallIds.field}-ports`)).toHaveValue('53');
    expect(within(dialog).queryByTestId(firewallIds.dialogSave)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId(firewallIds.serviceDialog)).not.toBeInTheDocument());
  });
});

import { configure, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { componentIds } from '@workbench/common/test-ids/index';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { firewallServer, rule, service, type FirewallDocs } from './firewallTestServer';
import type { FirewallRule } from './firewallModel';

afterEach(resetPortalEnv);
// Whole-portal tests with the real grid and dialogs: slow when the machine is busy.
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

const services = {
  list: [service('https', 'HTTPS'), service('dns', 'DNS', { protocol: 'udp', ports: ['53'] })],
};
const threeRules = {
  list: [
    rule('r1', 'Allow web', { services: ['https'], sources: ['10.0.0.0-10.0.0.255'] }),
    rule('r2', 'Drop telnet', { action: 'drop', destinations: ['192.0.2.1'], domains: ['*.example.com'] }),
    rule('r3', 'Reject ads', { action: 'reject', enabled: false, log: false }),
  ],
};

function open(docs: Partial<FirewallDocs>, role: 'admin' | 'auditor' = 'admin', path = '/fwaas/rules') {
  const server = firewallServer({ services, ...docs });
  const view = renderPortal({ path, user: demoUser(role), stubs: server.install });
  return { server, ...view };
}

/** The grid's rows in display order (AG Grid draws them in jsdom; each carries row-id). */
const rowIds = () =>
  [...document.querySelectorAll<HTMLElement>(`[data-testid="${firewallIds.table}-rules"] .ag-row[row-id]`)]
    .filter((row) => !row.closest('.ag-pinned-right-cols-container'))
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.getAttribute('row-id'));
const cellText = (rowId: string, column: string) =>
  document.querySelector(`.ag-row[row-id="${rowId}"] [col-id="${column}"]`)?.textContent ?? '';
const savedList = (server: ReturnType<typeof firewallServer>) =>
  (server.puts.at(-1)?.body.data as { list: FirewallRule[] }).list;

/** The Next button of the open accordion panel (every panel but the last has one). */
const openNext = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId(componentIds.ruleAccordionNext)
    .find((b) => b.closest('.Mui-expanded'))!;

/** Puts text into a field as a paste (one input event: typing key by key is slow under load). */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('Firewall rules (fwaas/rules)', () => {
  it('shows the rules in order: position, name, action label, request type, what they match, services by name, enabled, log', async () => {
    open({ rules: threeRules });
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r2', 'r3']));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Firewall');
    expect(cellText('r1', 'action')).toBe('Allow');
    expect(cellText('r2', 'action')).toBe('Drop');
    expect(cellText('r1', 'request_type')).toBe('Internet');
    expect(cellText('r1', 'sources')).toBe('10.0.0.0-10.0.0.255');
    expect(cellText('r3', 'sources')).toBe('Any');
    expect(cellText('r2', 'destinations')).toBe('192.0.2.1, *.example.com');
    expect(cellText('r1', 'services')).toBe('HTTPS');
    expect(cellText('r2', 'services')).toBe('Any');
    expect(screen.getByRole('switch', { name: 'Reject ads enabled' })).not.toBeChecked();
    expect(cellText('r3', 'log')).toBe('No');
    expect(screen.getByRole('textbox', { name: 'Position of row 2' })).toHaveValue('2');
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('All changes saved');
  });

  it('with no rules tells what to do; Add rule opens the rule accordion; the form refuses bad values with the shared validators, then the rule is added and saved', async () => {
    const { server } = open({ rules: { list: [] } });
    const empty = await screen.findByTestId(`${firewallIds.empty}-rules`);
    expect(empty).toHaveTextContent('No firewall rules yet — add the first one.');
    await userEvent.click(within(empty).getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByTestId(firewallIds.ruleDialog);

    // A new rule: Next waits for a name.
    expect(openNext(dialog)).toBeDisabled();
    const name = within(dialog).getByTestId(`${firewallIds.field}-name`);
    fireEvent.blur(name);
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    await enter(name, 'Block bad hosts');
    await waitFor(() => expect(openNext(dialog)).toBeEnabled());
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Drop' }));
    await userEvent.click(openNext(dialog));

    // Sources: one per line; a bad address and a bad range name their line.
    const sources = within(dialog).getByTestId(`${firewallIds.field}-sources`);
    await enter(sources, '10.1.0.0/16\n10.0.0.300');
    fireEvent.blur(sources);
    expect(
      await within(dialog).findByText(/^Line 2 \(10\.0\.0\.300\): not an IPv4 address, range/),
    ).toBeInTheDocument();
    await userEvent.clear(sources);
    await enter(sources, '10.1.0.0/16\n10.0.0.9-10.0.0.1');
    expect(
      await within(dialog).findByText(
        'Line 2 (10.0.0.9-10.0.0.1): the first address of a range must be lower than the last.',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(sources);
    await enter(sources, '10.1.0.0/16\n192.0.2.7');

    // Destinations: a domain or a *.wildcard.
    await userEvent.click(within(dialog).getByRole('button', { name: /^Destinations/ }));
    const domains = within(dialog).getByTestId(`${firewallIds.field}-domains`);
    await enter(domains, 'bad_domain');
    fireEvent.blur(domains);
    expect(await within(dialog).findByText(/^Line 1 \(bad_domain\): not a domain name/)).toBeInTheDocument();
    await userEvent.clear(domains);
    await enter(domains, '*.Tracker.example');

    // Services: picked from the services document by name.
    await userEvent.click(within(dialog).getByRole('button', { name: /^Services/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'DNS' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to selected' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to rules' }));

    await waitFor(() => expect(screen.queryByTestId(firewallIds.ruleDialog)).not.toBeInTheDocument());
    await waitFor(() => expect(rowIds()).toHaveLength(1));
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('Unsaved changes.');
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0].kind).toBe('fwaas/rules');
    expect(server.puts[0].body).toMatchObject({
      rev_id: 6,
      state: 'new',
      updated_at: '2026-11-20T10:00:00.000Z',
    });
    // A CIDR is saved as its range (the registry keeps addresses and ranges); domains lower-case.
    expect(savedList(server)).toEqual([
      expect.objectContaining({
        name: 'Block bad hosts',
        action: 'drop',
        request_type: 'internet',
        enabled: true,
        sources: ['10.1.0.0-10.1.255.255', '192.0.2.7'],
        domains: ['*.tracker.example'],
        services: ['dns'],
      }),
    ]);
    await waitFor(() =>
      expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('All changes saved'),
    );
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
  });

  it('reorders with Move up / Move down and a typed position; Ctrl+Z undoes, Ctrl+Shift+Z redoes; Save sends the new order', async () => {
    const { server } = open({ rules: threeRules });
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r2', 'r3']));
    await userEvent.click(screen.getByRole('button', { name: 'Move Reject ads up' }));
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r3', 'r2']));
    expect(screen.getByRole('button', { name: 'Move Allow web up' })).toBeDisabled();
    const position = screen.getByRole('textbox', { name: 'Position of row 1' });
    await userEvent.clear(position);
    await userEvent.type(position, '3{Enter}');
    await waitFor(() => expect(rowIds()).toEqual(['r3', 'r2', 'r1']));

    const section = screen.getByTestId(`${firewallIds.section}-rules`);
    act(() => void fireEvent.keyDown(section, { key: 'z', ctrlKey: true }));
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r3', 'r2']));
    act(() => void fireEvent.keyDown(section, { key: 'z', ctrlKey: true, shiftKey: true }));
    await waitFor(() => expect(rowIds()).toEqual(['r3', 'r2', 'r1']));

    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(savedList(server).map((r) => r.id)).toEqual(['r3', 'r2', 'r1']);
  });

  it('duplicates a rule under its original with a new id and name; the enable switch and Delete change the draft', async () => {
    const { server } = open({ rules: threeRules });
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Allow web' }));
    const dialog = await screen.findByTestId(firewallIds.ruleDialog);
    expect(within(dialog).getByTestId(`${firewallIds.field}-name`)).toHaveValue('Allow web (copy)');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Services/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to rules' }));
    await waitFor(() => expect(rowIds()).toHaveLength(4));
    const copyId = rowIds()[1]!;
    expect(copyId).not.toBe('r1');
    expect(cellText(copyId, 'name')).toBe('Allow web (copy)');

    await userEvent.click(screen.getByRole('switch', { name: 'Drop telnet enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Reject ads' }));
    await waitFor(() => expect(rowIds()).toEqual(['r1', copyId, 'r2']));
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    const saved = savedList(server);
    expect(saved.map((r) => r.name)).toEqual(['Allow web', 'Allow web (copy)', 'Drop telnet']);
    expect(saved[1]).toMatchObject({ services: ['https'], sources: ['10.0.0.0-10.0.0.255'] });
    expect(saved[2].enabled).toBe(false);
  });

  it('refuses a second rule with the same name', async () => {
    open({ rules: threeRules });
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Drop telnet' }));
    const dialog = await screen.findByTestId(firewallIds.ruleDialog);
    const name = within(dialog).getByTestId(`${firewallIds.field}-name`);
    await userEvent.clear(name);
    await enter(name, 'allow WEB');
    fireEvent.blur(name);
    expect(await within(dialog).findByText('Another entry already has this name.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Services/ }));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('?rule=<id> opens that rule; an unknown id says so', async () => {
    const { location } = open({ rules: threeRules }, 'admin', '/fwaas/rules?rule=r2');
    const dialog = await screen.findByTestId(firewallIds.ruleDialog);
    expect(within(dialog).getByTestId(`${firewallIds.field}-name`)).toHaveValue('Drop telnet');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0]);
    await waitFor(() => expect(location()).toBe('/fwaas/rules'));
    expect(screen.queryByTestId(firewallIds.ruleDialog)).not.toBeInTheDocument();

    resetPortalEnv();
    open({ rules: threeRules }, 'admin', '/fwaas/rules?rule=gone');
    expect(await screen.findByTestId(firewallIds.ruleNotFound)).toHaveTextContent(
      'No firewall rule has the id gone',
    );
  });

  it('a reader sees the rules and can change nothing: no Add, Save, move, duplicate or delete; switches and fields disabled', async () => {
    open({ rules: threeRules }, 'auditor');
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r2', 'r3']));
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('Read-only');
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${firewallIds.add}-rules`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Delete|Duplicate) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Position of row/ })).not.toBeInTheDocument();
    expect(cellText('r2', '__position')).toBe('2');
    expect(screen.getByRole('switch', { name: 'Allow web enabled' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'View Drop telnet' }));
    const dialog = await screen.findByTestId(firewallIds.ruleDialog);
    expect(within(dialog).getByTestId(`${firewallIds.field}-name`)).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Destinations/ }));
    expect(within(dialog).getByTestId(`${firewallIds.field}-domains`)).toBeDisabled();
    expect(within(dialog).getByTestId(`${firewallIds.field}-domains`)).toHaveValue('*.example.com');
    expect(within(dialog).getByTestId(componentIds.ruleAccordionSave)).toBeDisabled();
  });

  it('a reader with no rules is told there are none, without an Add button', async () => {
    open({ rules: { list: [] } }, 'auditor');
    const empty = await screen.findByTestId(`${firewallIds.empty}-rules`);
    expect(empty).toHaveTextContent('No firewall rules yet.');
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a 400 names the rule it is about; a 409 opens the conflict dialog, and Discard my edit shows the other version', async () => {
    const { server } = open({ rules: threeRules });
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    server.putReply.push([
      400,
      {
        error: 'bad',
        message: 'data.list.1.destinations.0 is invalid (invalidIP).',
        field: 'data.list.1.destinations.0',
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Move Reject ads up' }));
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    expect(await screen.findByTestId(policyEditorIds.error)).toHaveTextContent(
      'Rule 2 (Reject ads): data.list.1.destinations.0 is invalid (invalidIP).',
    );

    // Another administrator saves the rules meanwhile: the next save is stale.
    server.docs.rules = { list: [rule('r9', 'Their rule')] };
    server.putReply.push([
      409,
      { error: 'conflict', message: 'The revision changed.', changed_by: 'ops@acme.example' },
    ]);
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    const conflict = await screen.findByTestId(policyEditorIds.conflictDialog);
    expect(conflict).toHaveTextContent('ops@acme.example saved a change to the policy');
    await userEvent.click(within(conflict).getByTestId(policyEditorIds.conflictDiscard));
    await waitFor(() => expect(rowIds()).toEqual(['r9']));
  });
});

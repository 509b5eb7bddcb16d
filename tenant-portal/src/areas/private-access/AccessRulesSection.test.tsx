import { configure, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { componentIds, notFoundIds } from '@workbench/common/test-ids/index';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import {
  accessRule,
  app,
  cluster,
  privateAccessServer,
  type PrivateAccessDocs,
} from './privateAccessTestServer';
import type { AccessPolicyDoc } from './privateAccessModel';

afterEach(resetPortalEnv);
// Whole-portal tests with the real grid and dialogs: slow when the machine is busy.
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

const access: AccessPolicyDoc = {
  applications: [app('git', 'Git'), app('wiki', 'Wiki', { addresses: ['10.0.0.5'], domains: [] })],
  access_rules: [
    accessRule('r1', 'Engineers to Git', { groups: ['engineering'], posture_checks: ['antivirus'] }),
    accessRule('r2', 'Block contractors', {
      action: 'block',
      users: ['c@acme.example'],
      applications: ['git', 'wiki'],
    }),
    accessRule('r3', 'Everyone to wiki', {
      applications: ['wiki'],
      session: { mode: 'time', duration: { value: 8, unit: 'hours' } },
    }),
  ],
};

function open(
  docs: Partial<PrivateAccessDocs>,
  role: 'admin' | 'auditor' = 'admin',
  path = '/secure-application-access',
) {
  const server = privateAccessServer({ clusters: { list: [cluster('fra', 'Frankfurt')] }, ...docs });
  const view = renderPortal({ path, user: demoUser(role), stubs: server.install });
  return { server, ...view };
}

const rowIds = () =>
  [
    ...document.querySelectorAll<HTMLElement>(
      `[data-testid="${firewallIds.table}-access-rules"] .ag-row[row-id]`,
    ),
  ]
    .filter((row) => !row.closest('.ag-pinned-right-cols-container'))
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.getAttribute('row-id'));
const cellText = (rowId: string, column: string) =>
  document.querySelector(`.ag-row[row-id="${rowId}"] [col-id="${column}"]`)?.textContent ?? '';
const saved = (server: ReturnType<typeof privateAccessServer>) =>
  server.puts.at(-1)?.body.data as AccessPolicyDoc;
const openNext = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId(componentIds.ruleAccordionNext)
    .find((b) => b.closest('.Mui-expanded'))!;
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByTestId(`${privateAccessIds.field}-${name}`);

describe('Secure Application Access: access rules (mpa/access_rules)', () => {
  it('shows the rules in order with their applications by name, who, posture and session', async () => {
    open({ access });
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r2', 'r3']));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Secure Application Access');
    expect(cellText('r1', 'action')).toBe('Allow');
    expect(cellText('r2', 'action')).toBe('Block');
    expect(cellText('r1', 'who')).toBe('group engineering');
    expect(cellText('r3', 'who')).toBe('Anyone');
    expect(cellText('r2', 'applications')).toBe('Git, Wiki');
    expect(cellText('r1', 'posture')).toBe('Antivirus running');
    expect(cellText('r3', 'session')).toBe('8 hours');
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
    // The publish bar of the policy pages is above it (its documents share the revision).
    expect(screen.getByTestId('publish-bar')).toBeInTheDocument();
  });

  it('adds a rule in the rule accordion: bad e-mail and no application are refused with their texts; Save sends the document to update_access_policy_application', async () => {
    const { server } = open({ access: { ...access, access_rules: [] } });
    const empty = await screen.findByTestId(`${firewallIds.empty}-access-rules`);
    await userEvent.click(within(empty).getByRole('button', { name: 'Add access rule' }));
    const dialog = await screen.findByTestId(privateAccessIds.ruleDialog);
    expect(openNext(dialog)).toBeDisabled();
    await enter(field(dialog, 'name'), 'Engineers to Wiki');
    await waitFor(() => expect(openNext(dialog)).toBeEnabled());
    await userEvent.click(openNext(dialog));

    const users = field(dialog, 'users');
    await enter(users, 'ada@acme.example\nnot-an-address');
    fireEvent.blur(users);
    expect(
      await within(dialog).findByText('Line 2 (not-an-address): not an e-mail address (name@example.com).'),
    ).toBeInTheDocument();
    await userEvent.clear(users);
    await enter(users, 'Ada@acme.example');
    await enter(field(dialog, 'groups'), 'engineering');
    await userEvent.click(openNext(dialog));

    // Applications: at least one, picked from the Applications tab's list.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Wiki/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to selected' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Wiki/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from selected' }));
    expect(await within(dialog).findByText('Pick at least one application.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Wiki/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to selected' }));

    // Posture and a timed session: 900 days is longer than the longest session.
    await waitFor(() => expect(openNext(dialog)).toBeEnabled());
    await userEvent.click(openNext(dialog));
    await userEvent.click(field(dialog, 'posture-firewall'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Access lasts' }));
    await userEvent.click(await screen.findByRole('option', { name: 'For a set time' }));
    const duration = field(dialog, 'duration_value');
    await userEvent.clear(duration);
    await enter(duration, '900');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Days' }));
    fireEvent.blur(duration);
    expect(await within(dialog).findByText('At most 30 days (720 hours).')).toBeInTheDocument();
    await userEvent.clear(duration);
    await enter(duration, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to rules' }));

    await waitFor(() => expect(screen.queryByTestId(privateAccessIds.ruleDialog)).not.toBeInTheDocument());
    await waitFor(() => expect(rowIds()).toHaveLength(1));
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0].call).toBe('update_access_policy_application');
    expect(server.puts[0].body).toMatchObject({
      rev_id: 6,
      state: 'new',
      updated_at: '2026-11-20T10:00:00.000Z',
    });
    expect(saved(server).applications).toEqual(access.applications);
    expect(saved(server).access_rules).toEqual([
      {
        id: expect.any(String),
        name: 'Engineers to Wiki',
        enabled: true,
        action: 'allow',
        users: ['ada@acme.example'],
        groups: ['engineering'],
        applications: ['wiki'],
        posture_checks: ['firewall'],
        session: { mode: 'time', duration: { value: 12, unit: 'days' } },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('All changes saved'),
    );
  });

  it('reorders with Move up and a typed position, Ctrl+Z undoes; Save sends the order and the move (reorderingEvents)', async () => {
    const { server } = open({ access });
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r2', 'r3']));
    await userEvent.click(screen.getByRole('button', { name: 'Move Everyone to wiki up' }));
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r3', 'r2']));
    const position = screen.getByRole('textbox', { name: 'Position of row 1' });
    await userEvent.clear(position);
    await userEvent.type(position, '3{Enter}');
    await waitFor(() => expect(rowIds()).toEqual(['r3', 'r2', 'r1']));
    const section = screen.getByTestId(`${policyEditorIds.section}-access-rules`);
    act(() => void fireEvent.keyDown(section, { key: 'z', ctrlKey: true }));
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r3', 'r2']));
    await userEvent.click(screen.getByRole('button', { name: 'Move Everyone to wiki up' }));
    await waitFor(() => expect(rowIds()).toEqual(['r3', 'r1', 'r2']));
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    const body = server.puts[0].body.data as AccessPolicyDoc & { reorderingEvents?: unknown };
    expect(body.access_rules.map((r) => r.id)).toEqual(['r3', 'r1', 'r2']);
    expect(body.reorderingEvents).toEqual([{ rule_id: 'r3', from: 2, to: 0 }]);
  });

  it('a rule naming a deleted application says so; the 400 names the rule; a 409 opens the conflict dialog', async () => {
    const { server } = open({
      access: { ...access, access_rules: [accessRule('r9', 'Old rule', { applications: ['gone'] })] },
    });
    await waitFor(() => expect(rowIds()).toEqual(['r9']));
    expect(cellText('r9', 'applications')).toBe('Deleted application (gone)');
    server.putReply.push([
      400,
      {
        error: 'bad',
        message: 'data.access_rules.0.applications.0: no application gone.',
        field: 'data.access_rules.0.applications.0',
      },
    ]);
    await userEvent.click(screen.getByRole('switch', { name: 'Old rule enabled' }));
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    expect(await screen.findByTestId(policyEditorIds.error)).toHaveTextContent(
      'Access rule 1 (Old rule): data.access_rules.0.applications.0: no application gone.',
    );
    server.docs.access = { ...access, access_rules: [accessRule('r8', 'Their rule')] };
    server.putReply.push([
      409,
      { error: 'conflict', message: 'The revision changed.', changed_by: 'ops@acme.example' },
    ]);
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    const conflict = await screen.findByTestId(policyEditorIds.conflictDialog);
    expect(conflict).toHaveTextContent('ops@acme.example saved a change to the policy');
    await userEvent.click(within(conflict).getByTestId(policyEditorIds.conflictDiscard));
    await waitFor(() => expect(rowIds()).toEqual(['r8']));
  });

  it('a reader sees the rules and changes nothing; ?rule= opens the rule read-only', async () => {
    open({ access }, 'auditor', '/secure-application-access/access-rules?rule=r2');
    const dialog = await screen.findByTestId(privateAccessIds.ruleDialog);
    expect(field(dialog, 'name')).toHaveValue('Block contractors');
    expect(field(dialog, 'name')).toBeDisabled();
    expect(within(dialog).getByTestId(componentIds.ruleAccordionSave)).toBeDisabled();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0]);
    await waitFor(() => expect(rowIds()).toEqual(['r1', 'r2', 'r3']));
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('Read-only');
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${firewallIds.add}-access-rules`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Move|Delete|Duplicate) / })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Engineers to Git enabled' })).toBeDisabled();
    expect(cellText('r2', '__position')).toBe('2');
  });

  it('is not there on-prem: the environment rule sends the route to 404-not-found', async () => {
    const server = privateAccessServer();
    renderPortal({
      path: '/secure-application-access',
      user: demoUser('admin'),
      deployment: 'on_prem',
      mode: 'management_station',
      stubs: server.install,
    });
    expect(await screen.findByTestId(notFoundIds.page)).toBeInTheDocument();
    expect(server.puts).toHaveLength(0);
  });
});

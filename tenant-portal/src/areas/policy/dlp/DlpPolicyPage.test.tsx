// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { componentIds } from '@workbench/common/test-ids/index';
import { dlpPolicyIds } from '@workbench/common/test-ids/dlpIds';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from '../web/fakePolicyServer';
import type { DlpRule } from './dlpRuleForm';

afterEach(resetPortalEnv);
// The whole portal renders with AG Grid and Formik dialogs: slow on a shared machine.
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

const rule = (id: string, name: string, extra: Partial<DlpRule> = {}): DlpRule => ({
  id,
  name,
  enabled: true,
  conditions: {},
  direction: 'uploads',
  action: 'block',
  dictionaries: ['cards'],
  logic: 'or',
  auditors: [],
  resources: [],
  notify_user: true,
  ...extra,
});

const DOCS: Partial<Record<PolicyKind, unknown>> = {
  dlp: {
    dlp: {
      rules: [
        rule('r1', 'Cards out'),
        rule('r2', 'Log payroll', { action: 'log', dictionaries: ['payroll'] }),
      ],
    },
  },
  dlp_dicts: {
    overrides: [
      {
        id: 'cards',
        name: 'Credit cards',
        source: 'predefined',
        enabled: true,
        threshold: 1,
        patterns: [],
        exceptions: [],
      },
      {
        id: 'payroll',
        name: 'Payroll',
        source: 'custom',
        enabled: true,
        threshold: 2,
        patterns: [{ match: 'contains', value: 'salary' }],
        exceptions: [],
      },
    ],
  },
  dlp_auditors: {
    list: [
      {
        id: 'ciso',
        name: 'CISO office',
        email: 'ciso@acme.example',
        notify_on: ['block'],
        attach_file: true,
      },
    ],
  },
};

/** The auditor profiles' paths name no revision (the staged one): stubbed beside the fake server. */
function profileStubs(mock: MockAdapter, saves: Array<{ path: string; data: unknown }>) {
  const docs: Record<string, unknown> = {
    list: { list: [] },
    default: { profile_id: null },
    file_password: { enabled: false, password: '' },
  };
  mock.onGet(/^\/api\/policy\/v1\/auditor_profiles\/(list|default|file_password)$/).reply((config) => {
    const name = (config.url ?? '').split('/').pop() as string;
    return [200, { rev_id: 7, ...(docs[name] as object) }];
  });
  mock.onPut(/^\/api\/policy\/v1\/auditor_profiles\/.+/).reply((config) => {
    const name = (config.url ?? '').split('/').pop() as string;
    const body = JSON.parse(String(config.data)) as { data: unknown };
    saves.push({ path: name, data: body.data });
    docs[name] = body.data;
    return [200, { ...revision('staged', 7), updated_at: '2026-11-25T12:00:00.000Z' }];
  });
  mock.onGet('/api/policy/v1/predefined_ccls').reply(200, {
    ccls: [
      { id: 'iban', name: 'IBAN', category: 'PCI', description: 'Bank account numbers' },
      { id: 'us_ssn', name: 'US SSN', category: 'PII', description: 'Social security numbers' },
    ],
  });
}

function open(path: string, role: 'admin' | 'auditor' = 'admin', more?: (mock: MockAdapter) => void) {
  let server: FakePolicyServer | null = null;
  const profileSaves: Array<{ path: string; data: unknown }> = [];
  const view = renderPortal({
    path,
    user: demoUser(role),
    stubs: (mock) => {
      // First: the fake policy server also answers every kind's path, and the first matcher wins.
      profileStubs(mock, profileSaves);
      more?.(mock);
      server = fakePolicyServer(mock, DOCS, revision('new', 7));
    },
  });
  return { ...view, server: server as unknown as FakePolicyServer, profileSaves };
}

const rowIds = () =>
  [...document.querySelectorAll<HTMLElement>('.ag-row[row-id]')]
    .filter((row) => !row.closest('.ag-pinned-right-cols-container, .ag-pinned-left-cols-container'))
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.getAttribute('row-id'));

describe('DLP rules', () => {
  it('lists the rules with their dictionaries by name; a new rule needs a dictionary; Save sends the ordered rules', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/dlp/rules');
    await screen.findByText('Cards out');
    await waitFor(() => expect(screen.getByText('Payroll')).toBeInTheDocument());
    expect(screen.getByText('Log')).toBeInTheDocument();
    // Order decides: Move up puts the second rule first.
    await user.click(screen.getByRole('button', { name: 'Move Log payroll up' }));
    await waitFor(() => expect(rowIds()).toEqual(['r2', 'r1']));

    await user.click(screen.getByTestId(`${dlpPolicyIds.add}-rules`));
    const dialog = await screen.findByTestId(dlpPolicyIds.ruleDialog);
    await user.click(within(dialog).getByTestId(`${dlpPolicyIds.field}-name`));
    await user.paste('Block IBAN uploads');
    await user.click(within(dialog).getAllByTestId(componentIds.ruleAccordionNext)[0]);
    const dictionaries = within(dialog).getByTestId(`${dlpPolicyIds.field}-dictionaries`);
    await user.click(dictionaries);
    await user.tab();
    expect(await within(dialog).findByText('Choose at least one dictionary.')).toBeInTheDocument();
    expect(within(dialog).getByTestId(componentIds.ruleAccordionSave)).toBeDisabled();
    await user.click(dictionaries);
    await user.click(await screen.findByRole('option', { name: 'Payroll' }));
    await waitFor(() => expect(within(dialog).getByTestId(componentIds.ruleAccordionSave)).toBeEnabled());
    await user.click(within(dialog).getByTestId(componentIds.ruleAccordionSave));
    await waitFor(() => expect(screen.queryByTestId(dlpPolicyIds.ruleDialog)).not.toBeInTheDocument());

    await waitFor(() => expect(rowIds()).toHaveLength(3));
    const added = rowIds()[2] as string;
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const saved = server.saves[0];
    expect(saved.kind).toBe('dlp');
    expect(saved.body).toEqual(
      expect.objectContaining({ rev_id: 6, state: 'new', updated_at: '2026-11-20T10:00:00.000Z' }),
    );
    const data = saved.body.data as { dlp: { rules: DlpRule[] }; reorderingEvents?: unknown[] };
    expect(data.dlp.rules.map((r) => r.id)).toEqual(['r2', 'r1', added]);
    expect(data.dlp.rules[2]).toEqual({
      id: added,
      name: 'Block IBAN uploads',
      enabled: true,
      conditions: {},
      direction: 'uploads',
      action: 'block',
      dictionaries: ['payroll'],
      logic: 'or',
      auditors: [],
      resources: [],
      notify_user: true,
    });
  });

  it('a reader sees the rules and opens one read-only; nothing to add, move or save', async () => {
    const user = userEvent.setup();
    open('/policy/dlp/rules', 'auditor');
    await screen.findByText('Cards out');
    expect(screen.queryByTestId(`${dlpPolicyIds.add}-rules`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${dlpPolicyIds.ruleUp}-r2`)).not.toBeInTheDocument();
    expect(screen.getByTestId(policyEditorIds.status)).toHaveTextContent('Read-only');
    await user.click(screen.getByRole('button', { name: 'View Cards out' }));
    const dialog = await screen.findByTestId(dlpPolicyIds.ruleDialog);
    expect(within(dialog).getByTestId(`${dlpPolicyIds.field}-name`)).toBeDisabled();
    expect(within(dialog).getByTestId(componentIds.ruleAccordionSave)).toBeDisabled();
  });
});

describe('DLP dictionaries, auditors and profiles', () => {
  it('a custom dictionary checks its patterns line by line and saves them with their match', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/dlp/dictionaries');
    await screen.findByText('Credit cards');
    await user.click(screen.getByTestId(`${dlpPolicyIds.add}-dictionaries`));
    const dialog = await screen.findByTestId(webPolicyIds.ruleDialog);
    await user.click(within(dialog).getByTestId(`${webPolicyIds.ruleDialog}-name`));
    await user.paste('Project X');
    const patterns = within(dialog).getByTestId(`${webPolicyIds.ruleDialog}-patterns`);
    await user.click(patterns);
    await user.paste('Project X\nregex: PX-[');
    await user.tab();
    expect(await within(dialog).findByText('Line 2: Not a valid regular expression.')).toBeInTheDocument();
    await user.clear(patterns);
    await user.paste('Project X\nregex: PX-[0-9]{4}');
    const threshold = within(dialog).getByTestId(`${webPolicyIds.ruleDialog}-threshold`);
    await user.clear(threshold);
    await user.paste('0');
    await user.tab();
    expect(await within(dialog).findByText('A whole number from 1 to 1000.')).toBeInTheDocument();
    await user.clear(threshold);
    await user.paste('2');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId(webPolicyIds.ruleDialog)).not.toBeInTheDocument());
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].kind).toBe('dlp_dicts');
    const overrides = (server.saves[0].body.data as { overrides: Array<Record<string, unknown>> }).overrides;
    expect(overrides[2]).toEqual(
      expect.objectContaining({
        name: 'Project X',
        source: 'custom',
        enabled: true,
        threshold: 2,
        patterns: [
          { match: 'contains', value: 'Project X' },
          { match: 'regex', value: 'PX-[0-9]{4}' },
        ],
        exceptions: [],
      }),
    );
  });

  it('an auditor needs a valid address; a profile names known auditors; the default and the password save on their own', async () => {
    const user = userEvent.setup();
    const { server, profileSaves } = open('/policy/dlp/auditors');
    await screen.findByText('CISO office');
    await user.click(screen.getByTestId(`${dlpPolicyIds.add}-auditors`));
    const dialog = await screen.findByTestId(webPolicyIds.ruleDialog);
    await user.click(within(dialog).getByTestId(`${webPolicyIds.ruleDialog}-name`));
    await user.paste('Legal');
    const address = within(dialog).getByTestId(`${webPolicyIds.ruleDialog}-email`);
    await user.click(address);
    await user.paste('legal-at-acme');
    await user.tab();
    expect(
      await within(dialog).findByText('Enter an e-mail address like name@example.com.'),
    ).toBeInTheDocument();
    await user.clear(address);
    await user.paste('legal@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId(webPolicyIds.ruleDialog)).not.toBeInTheDocument());
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect((server.saves[0].body.data as { list: unknown[] }).list[1]).toEqual(
      expect.objectContaining({
        name: 'Legal',
        email: 'legal@acme.example',
        notify_on: ['block'],
        attach_file: false,
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Auditor profiles' }));
    await user.click(await screen.findByTestId(`${dlpPolicyIds.add}-profiles`));
    const profile = await screen.findByTestId(webPolicyIds.ruleDialog);
    await user.click(within(profile).getByTestId(`${webPolicyIds.ruleDialog}-name`));
    await user.paste('Security');
    const auditors = within(profile).getByTestId(`${webPolicyIds.ruleDialog}-auditors`);
    await user.click(auditors);
    await user.paste('CISO office\nNobody');
    await user.tab();
    expect(await within(profile).findByText('Line 2: No auditor has this name.')).toBeInTheDocument();
    await user.clear(auditors);
    await user.paste('CISO office\nLegal');
    await user.click(within(profile).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId(webPolicyIds.ruleDialog)).not.toBeInTheDocument());
    const profilesSection = screen.getByTestId(`${policyEditorIds.section}-profiles`);
    await user.click(within(profilesSection).getByTestId(policyEditorIds.save));
    await waitFor(() => expect(profileSaves).toHaveLength(1));
    const saved = profileSaves[0].data as { list: Array<{ id: string; auditors: string[] }> };
    expect(saved.list[0].auditors).toEqual(['ciso', expect.any(String)]);

    // The attachment password: on needs 8 characters.
    const passwordSection = screen.getByTestId(`${policyEditorIds.section}-file-password`);
    await user.click(within(passwordSection).getByTestId(dlpPolicyIds.passwordEnabled));
    expect(await within(passwordSection).findByText('At least 8 characters.')).toBeInTheDocument();
    await user.click(within(passwordSection).getByTestId(dlpPolicyIds.password));
    await user.paste('Zip-me-2026!');
    await user.tab();
    await user.click(within(passwordSection).getByTestId(policyEditorIds.save));
    await waitFor(() => expect(profileSaves).toHaveLength(2));
    expect(profileSaves[1]).toEqual({
      path: 'file_password',
      data: { enabled: true, password: 'Zip-me-2026!' },
    });
  });

  it("Suggest fills the attachment password with the server's; a failed suggestion says so and keeps the text", async () => {
    const user = userEvent.setup();
    const suggested = 'Vq7-Lm2p-Xr9s-Tb4k-Hw6n';
    const { profileSaves } = open('/policy/dlp/profiles', 'admin', (mock) =>
      mock
        .onGet('/api/policy/v1/dlp/file_password')
        .replyOnce(500, { statusCode: 500, error: 'x', message: 'No entropy.' })
        .onGet('/api/policy/v1/dlp/file_password')
        .reply(200, { password: suggested }),
    );
    // The page's chunk loads on first use: slow when this test runs alone.
    const section = await screen.findByTestId(
      `${policyEditorIds.section}-file-password`,
      {},
      { timeout: 30_000 },
    );
    await user.click(within(section).getByTestId(dlpPolicyIds.passwordSuggest));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'No password could be suggested. Try again.',
    );
    expect(within(section).getByTestId(dlpPolicyIds.password)).toHaveValue('');
    await user.click(within(section).getByTestId(dlpPolicyIds.passwordSuggest));
    await waitFor(() => expect(within(section).getByTestId(dlpPolicyIds.password)).toHaveValue(suggested));
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(section).getByTestId(dlpPolicyIds.passwordEnabled));
    await user.click(within(section).getByTestId(policyEditorIds.save));
    await waitFor(() => expect(profileSaves).toHaveLength(1));
    expect(profileSaves[0]).toEqual({ path: 'file_password', data: { enabled: true, password: suggested } });
  });
});

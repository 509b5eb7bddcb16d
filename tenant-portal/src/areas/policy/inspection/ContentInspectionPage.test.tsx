// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { componentIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { inspectionTestServer, type InspectionTestServer } from './inspectionTestServer';
import type { ContentRule, ExceptionRule } from './inspectionRuleForm';

afterEach(resetPortalEnv);
// The whole portal renders with AG Grid and a Formik dialog: slow on a shared machine.
jest.setTimeout(240_000);

/** The file capabilities turn the contentInspection flag on (docs/access.md §5). */
const FILES = { rbac: true, safedocs: true };
const HASH = 'a'.repeat(64);

const exception = (id: string, name: string): ExceptionRule => ({
  id,
  name,
  enabled: true,
  action: 'allow',
  conditions: { domain: ['updates.vendor.example'] },
  sha256: [],
});
const contentRule = (id: string, name: string, extra: Partial<ContentRule> = {}): ContentRule => ({
  id,
  name,
  enabled: true,
  conditions: {},
  direction: 'downloads',
  file_types: ['pdf'],
  action: 'allow',
  cdr: false,
  ...extra,
});

function open(
  path: string,
  docs: Partial<Record<PolicyKind, unknown>> = {},
  options: { role?: 'admin' | 'auditor'; contentVersion?: 3 | 4 } = {},
) {
  let server: InspectionTestServer | null = null;
  const view = renderPortal({
    path,
    user: demoUser(options.role ?? 'admin', FILES),
    stubs: (mock) => {
      server = inspectionTestServer(mock, docs, revision('new', 7), options.contentVersion ?? 3);
    },
  });
  return { ...view, server: server as unknown as InspectionTestServer };
}

const section = (kind: string) => screen.findByTestId(`${policyEditorIds.section}-${kind}`);
const dataOf = <T,>(server: InspectionTestServer, i = 0) => server.saves[i].body.data as T;

describe('Content Inspection page', () => {
  it('adds an inspection rule in the rule accordion (hash checked per line), reorders it first and saves the list', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/content-inspection/exceptions', {
      'inspection/exceptions': { list: [exception('e1', 'Vendor updates')], bypass: [] },
    });
    await screen.findByText('Vendor updates');
    expect(screen.getByText('Mark as Clean')).toBeInTheDocument();
    await user.click(screen.getByTestId(`${inspectionIds.ruleAdd}-exceptions`));
    const dialog = await screen.findByRole('dialog', { name: 'New inspection rule' });
    await user.click(within(dialog).getByTestId(inspectionIds.ruleName));
    await user.paste('Known bad installer');
    await user.click(within(dialog).getByRole('button', { name: 'Files' }));
    const hashes = within(dialog).getByTestId(inspectionIds.ruleSha256);
    await user.click(hashes);
    await user.paste(`${HASH}\nnot-a-hash`);
    await user.tab();
    expect(within(dialog).getByText('Line 2: Enter 64 hexadecimal characters.')).toBeInTheDocument();
    await user.clear(hashes);
    await user.paste(HASH.toUpperCase());
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The grid redraws a new row's cells a moment after it appears (a click may hit the old cell):
    // click until the row is drawn first.
    const rowIndexOf = (name: string) =>
      screen
        .getByRole('button', { name: `Move ${name} up` })
        .closest('[row-index]')
        ?.getAttribute('row-index');
    await waitFor(
      async () => {
        await user.click(screen.getByRole('button', { name: 'Move Known bad installer up' }));
        expect(rowIndexOf('Known bad installer')).toBe('0');
      },
      { timeout: 20_000, interval: 200 },
    );
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const saved = dataOf<{ list: ExceptionRule[]; bypass: string[]; reorderingEvents?: unknown[] }>(server);
    expect(saved.list.map((r) => r.name)).toEqual(['Known bad installer', 'Vendor updates']);
    expect(saved.list[0]).toMatchObject({ action: 'inspect', enabled: true, sha256: [HASH], conditions: {} });
    expect(saved.bypass).toEqual([]);
  });

  it('refuses an out-of-range setting with its message and saves the settings document', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/content-inspection/settings');
    const size = await screen.findByTestId(`${inspectionIds.setting}-max_file_size_mb`);
    await user.clear(size);
    await user.paste('5000');
    expect(await screen.findByText('Enter a whole number from 1 to 1024.')).toBeInTheDocument();
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
    await user.clear(size);
    await user.paste('120');
    await user.click(screen.getByTestId(`${inspectionIds.setting}-enabled`));
    await user.click(screen.getByTestId(`${inspectionIds.setting}-type-document`));
    await waitFor(() => expect(screen.getByTestId(policyEditorIds.save)).toBeEnabled());
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].kind).toBe('inspection');
    expect(dataOf(server)).toEqual({
      contentInspection: {
        enabled: true,
        direction: 'downloads',
        inspection_types: ['file', 'hash', 'document'],
        max_file_size_mb: 120,
        oversize_action: 'allow',
        timeout_seconds: 60,
        timeout_action: 'allow',
        encrypted_action: 'allow',
      },
    });
  });

  it('runtime analysis: a custom level needs its threshold; the threats are listed from ra_threats', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/content-inspection/runtime-analysis');
    const threats = await screen.findByTestId(inspectionIds.raThreats);
    expect(await within(threats).findByText('Ransomware')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Risk level' }));
    await user.click(await screen.findByRole('option', { name: 'Custom: my own score threshold' }));
    const threshold = await screen.findByTestId(`${inspectionIds.setting}-custom_threshold`);
    await user.click(threshold);
    await user.paste('101');
    expect(await screen.findByText('Enter a whole number from 1 to 100.')).toBeInTheDocument();
    await user.clear(threshold);
    await user.paste('70');
    await waitFor(() => expect(screen.getByTestId(policyEditorIds.save)).toBeEnabled());
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(dataOf<{ runtimeAnalysis: object }>(server).runtimeAnalysis).toMatchObject({
      risk_level: 'custom',
      custom_threshold: 70,
    });
  });

  it('file types v3: the migration says what will change; a stale revision shows the conflict; then it moves to v4', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/content-inspection/file-types', {
      content: {
        list: [
          contentRule('c1', 'Rebuild PDFs', { cdr: true }),
          contentRule('c2', 'Flash', { file_types: ['swf'], action: 'block' }),
        ],
      },
    });
    await screen.findByText('Rebuild PDFs');
    expect(screen.getByTestId(inspectionIds.contentVersion)).toHaveAttribute('data-version', '3');
    await user.click(screen.getByTestId(inspectionIds.migrate));
    const dialog = await screen.findByRole('dialog', {
      name: 'Move the file-type rules to the v4 content types?',
    });
    expect(
      await within(dialog).findByText(/Each of the 2 file-type rules becomes a v4 rule/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/will open them in isolation instead: Rebuild PDFs\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/No v4 content type holds swf \(Flash\)/)).toBeInTheDocument();
    server.failNextMigration(409, {
      statusCode: 409,
      error: 'Conflict',
      message:
        'The policy revision was changed by bob@acme.example at 2026-11-25T10:00:00Z. Reload and try again.',
      field: 'updated_at',
    });
    await user.click(within(dialog).getByTestId(inspectionIds.migrateConfirm));
    const conflict = await screen.findByTestId(inspectionIds.migrateError);
    expect(conflict).toHaveTextContent('Someone else changed the policy');
    expect(conflict).toHaveTextContent('changed by bob@acme.example');
    expect(server.migrations[0]).toEqual({
      rev_id: 6,
      staged_rev_id: 7,
      state: 'new',
      updated_at: expect.any(String),
    });
    // Reloaded and tried again: the revision moves to the v4 content types and the tab edits those.
    await user.click(screen.getByTestId(inspectionIds.migrate));
    const again = await screen.findByRole('dialog', {
      name: 'Move the file-type rules to the v4 content types?',
    });
    await user.click(within(again).getByTestId(inspectionIds.migrateConfirm));
    await waitFor(() =>
      expect(screen.getByTestId(inspectionIds.contentVersion)).toHaveAttribute('data-version', '4'),
    );
    expect(server.migrations).toHaveLength(2);
    expect(await screen.findByTestId(`${inspectionIds.ruleAdd}-v4-content`)).toBeInTheDocument();
  });

  it('file types v4: content types are named as the spec says (Calendar reads ICS Meeting Invitation) and need one', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/content-inspection/file-types', {}, { contentVersion: 4 });
    await section('file-types');
    await user.click(await screen.findByTestId(`${inspectionIds.ruleAdd}-v4-content`));
    const dialog = await screen.findByRole('dialog', { name: 'New file-type rule' });
    await user.click(within(dialog).getByTestId(inspectionIds.ruleName));
    await user.paste('Invitations');
    await user.click(within(dialog).getAllByTestId(componentIds.ruleAccordionNext)[0]);
    const types = within(dialog).getByRole('combobox', { name: 'Content types' });
    await user.click(types);
    await user.tab();
    expect(await within(dialog).findByText('Choose at least one content type.')).toBeInTheDocument();
    await user.click(types);
    await user.click(await screen.findByRole('option', { name: 'ICS Meeting Invitation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('ICS Meeting Invitation')).toBeInTheDocument();
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].kind).toBe('v4/content');
    expect(dataOf<{ list: object[] }>(server).list[0]).toMatchObject({
      name: 'Invitations',
      action: 'block',
      direction: 'downloads',
      content_types: [{ name: 'iCalendar', entries: [] }],
    });
  });

  it('documents: extensions are required and normalised; the switches and password handling are saved', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/content-inspection/documents');
    await section('documents');
    await user.click(await screen.findByTestId(`${inspectionIds.ruleAdd}-docs`));
    const dialog = await screen.findByRole('dialog', { name: 'New document rule' });
    await user.click(within(dialog).getByTestId(inspectionIds.ruleName));
    await user.paste('Office read-only');
    await user.click(within(dialog).getAllByTestId(componentIds.ruleAccordionNext)[0]);
    const types = within(dialog).getByTestId(inspectionIds.ruleFileTypes);
    await user.click(types);
    await user.tab();
    expect(await within(dialog).findByText('Enter at least one extension.')).toBeInTheDocument();
    await user.click(types);
    await user.paste('docx, .PDF docx');
    await user.tab();
    expect(await within(dialog).findByText('An extension is listed twice.')).toBeInTheDocument();
    await user.clear(types);
    await user.paste('docx, .PDF');
    await user.click(within(dialog).getByRole('switch', { name: 'Allow printing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].kind).toBe('v4/docs');
    expect(dataOf<{ list: object[] }>(server).list[0]).toMatchObject({
      name: 'Office read-only',
      direction: 'downloads',
      file_types: ['docx', 'pdf'],
      action: 'block',
      allow_download: true,
      allow_print: false,
      password_protected: 'prompt',
    });
  });

  it('the auditor sees everything read-only; the parent tenant’s rules read as none when the server has none', async () => {
    const user = userEvent.setup();
    open(
      '/policy/content-inspection/global-exceptions',
      { 'inspection/global_exceptions': { pre: [exception('g1', 'Company installers')], post: [] } },
      { role: 'auditor' },
    );
    await screen.findByText('Company installers', {}, { timeout: 20_000 });
    expect(await screen.findByTestId(inspectionIds.parentEmpty)).toHaveTextContent(
      'No rules set by the parent',
    );
    expect(screen.queryByTestId(`${inspectionIds.ruleAdd}-global-pre`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Company installers' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Global inspection exception: Company installers',
    });
    expect(within(dialog).getByTestId(inspectionIds.ruleName)).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(within(dialog).getByTestId(inspectionIds.ruleCancel));
    await user.click(screen.getByRole('tab', { name: 'Inspection settings' }));
    expect(await screen.findByTestId(`${inspectionIds.setting}-max_file_size_mb`)).toBeDisabled();
  });
});

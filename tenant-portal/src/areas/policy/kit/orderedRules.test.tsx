// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { resetPortalEnv } from '../../../testing/renderPortal';
import { EMAIL_POLICY_SECTIONS } from '../email/EmailPolicyPage';
import { applyRule, fill, kitField, openKitTab, rowIds, refusedAtItsField, save } from './kitListTesting';
import { kindListLayout } from './kindList';

afterEach(resetPortalEnv);
jest.setTimeout(240_000);
configure({ asyncUtilTimeout: 20_000 });

/** safemail/mobile has no section of its own: the kit draws its ordered rules from the view row and schema. */
const MOBILE = {
  list: [
    { id: 'm1', name: 'Phones', enabled: true, platforms: ['ios'], senders: [], action: 'safeview' },
    {
      id: 'm2',
      name: 'Tablets',
      enabled: true,
      platforms: ['android'],
      senders: ['partner.example'],
      action: 'allow',
    },
  ],
};
const EMAIL_CAPS = { rbac: true, safemailPolicy: true };

describe('the kit draws an ordered rule list (safemail/mobile)', () => {
  it('reads the rules, their fields and order from the registry row', () => {
    const [list] = kindListLayout('safemail/mobile').lists;
    expect(list.path).toBe('list');
    expect(list.ordered).toBe(true);
    expect(list.fields.map((f) => [f.path, f.type])).toEqual([
      ['name', 'text'],
      ['enabled', 'switch'],
      ['platforms', 'choices'],
      ['senders', 'lines'],
      ['action', 'select'],
      ['comment', 'text'],
    ]);
    expect(EMAIL_POLICY_SECTIONS.find((s) => s.path === 'mobile')?.kind).toBe('safemail/mobile');
  });

  it('reorders, switches off, edits and adds rules, refuses a bad value naming its field, and shows the save’s 400 at its field', async () => {
    const user = userEvent.setup();
    const server = openKitTab('/policy/email/mobile', { 'safemail/mobile': MOBILE }, EMAIL_CAPS);
    const table = await screen.findByTestId(`${policyEditorIds.section}-mobile`);
    await within(table).findByText('Tablets');
    expect(within(table).getByText('partner.example')).toBeInTheDocument();
    expect(within(table).getByText('iOS')).toBeInTheDocument();

    // Order decides: Move up puts the second rule first.
    await user.click(screen.getByRole('button', { name: 'Move Tablets up' }));
    await waitFor(() => expect(rowIds(table)).toEqual(['m2', 'm1']));
    // The enabled switch, in the row.
    await user.click(screen.getByTestId(`${webPolicyIds.ruleEnabled}-m1`));
    expect(screen.getByTestId(`${webPolicyIds.ruleEnabled}-m1`)).not.toBeChecked();

    // Edit: an empty name and a sender too long are refused, each naming its field.
    await user.click(screen.getByRole('button', { name: 'Edit Phones' }));
    const edit = await screen.findByRole('dialog', { name: 'Rule: Phones' });
    await fill(user, within(edit).getByTestId(webPolicyIds.ruleName), '');
    expect(within(edit).getByText('Name is required.')).toBeInTheDocument();
    await fill(user, within(edit).getByTestId(webPolicyIds.ruleName), 'Phones isolated');
    await fill(user, kitField(edit, 'senders'), 'x'.repeat(255));
    expect(within(edit).getByText('Senders: line 1 is longer than 254 characters.')).toBeInTheDocument();
    await fill(user, kitField(edit, 'senders'), 'acme.example');
    await applyRule(user, edit);
    await within(table).findByText('Phones isolated');

    // Add: a new rule starts from the schema's defaults (iOS and Android, Isolate); a name is used once.
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-mobile`));
    const add = await screen.findByRole('dialog', { name: 'New rule' });
    await fill(user, within(add).getByTestId(webPolicyIds.ruleName), 'Tablets');
    expect(within(add).getByText('Name: another rule is called “Tablets”.')).toBeInTheDocument();
    await fill(user, within(add).getByTestId(webPolicyIds.ruleName), 'Vendors');
    await user.click(within(add).getByRole('button', { name: /Platforms and senders/ }));
    await fill(user, kitField(add, 'senders'), 'bad sender');
    await applyRule(user, add);
    await within(table).findByText('Vendors');

    // The server refuses the new rule's sender: the section names the rule, its dialog the field.
    const refused = await refusedAtItsField(user, server, {
      field: 'data.list.2.senders.0',
      message: 'data.list.2.senders.0 is invalid (invalidDomain).',
      described: 'Rule 3',
      entry: 'Vendors',
      dialog: 'Rule: Vendors',
    });
    await user.click(within(refused).getByRole('button', { name: /Platforms and senders/ }));
    await fill(user, kitField(refused, 'senders'), 'vendor.example');
    await applyRule(user, refused);

    const body = await save(user, server, 1);
    expect(body.data).toEqual({
      list: [
        MOBILE.list[1],
        {
          id: 'm1',
          name: 'Phones isolated',
          enabled: false,
          platforms: ['ios'],
          senders: ['acme.example'],
          action: 'safeview',
        },
        {
          id: expect.any(String),
          name: 'Vendors',
          enabled: true,
          platforms: ['ios', 'android'],
          senders: ['vendor.example'],
          action: 'safeview',
        },
      ],
      // The move is reported with the save (audited as a reorder).
      reorderingEvents: expect.any(Array),
    });
  });
});

// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { resetPortalEnv } from '../../../testing/renderPortal';
import { fill, kitField, openKitTab, refusedAtItsField, save } from './kitListTesting';
import { kindListLayout } from './kindList';

afterEach(resetPortalEnv);
jest.setTimeout(240_000);
configure({ asyncUtilTimeout: 20_000 });

/** dlp_groups has no section of its own: the kit draws the named list from the view row and schema. */
const FINANCE = {
  id: 'g1',
  name: 'Finance',
  users: ['cfo@acme.example', 'ap@acme.example'],
  groups: ['finance'],
};

describe('the kit draws a named list (dlp_groups)', () => {
  it('reads the list and its entries from the registry row', () => {
    const { lists, docFields } = kindListLayout('dlp_groups');
    expect(docFields).toEqual([]);
    expect(lists.map((l) => [l.path, l.noun, l.ordered])).toEqual([['list', 'group', false]]);
    expect(lists[0].fields.map((f) => [f.path, f.type, f.label])).toEqual([
      ['name', 'text', 'Name'],
      ['users', 'lines', 'Users'],
      ['groups', 'lines', 'Groups'],
      ['description', 'text', 'Description'],
    ]);
  });

  it('lists the groups with their entry counts, adds and edits one, refuses a bad value naming its field, and shows the save’s 400 at its field', async () => {
    const user = userEvent.setup();
    const server = openKitTab('/policy/dlp/groups', { dlp_groups: { list: [FINANCE] } });
    const section = await screen.findByTestId(`${policyEditorIds.section}-groups`);
    await within(section).findByText('Finance');
    // The entry count of each list of the group.
    expect(within(section).getByText('2')).toBeInTheDocument();

    // Add: a name is used once; a line too long is refused naming its field.
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-groups`));
    const add = await screen.findByRole('dialog', { name: 'New group' });
    const apply = within(add).getByRole('button', { name: 'Apply' });
    await fill(user, within(add).getByTestId(webPolicyIds.ruleName), 'Finance');
    expect(within(add).getByText('Name: another group is called “Finance”.')).toBeInTheDocument();
    expect(apply).toBeDisabled();
    await fill(user, within(add).getByTestId(webPolicyIds.ruleName), 'Payroll');
    await fill(user, kitField(add, 'users'), `pay@acme.example\n${'x'.repeat(255)}`);
    expect(within(add).getByText('Users: line 2 is longer than 254 characters.')).toBeInTheDocument();
    expect(apply).toBeDisabled();
    await fill(user, kitField(add, 'users'), 'pay@acme.example\nnot an address');
    await user.click(apply);
    await within(section).findByText('Payroll');

    // Edit: the dialog holds the group's entries, one per line.
    await user.click(screen.getByRole('button', { name: 'Edit Finance' }));
    const edit = await screen.findByRole('dialog', { name: 'Group: Finance' });
    expect(kitField(edit, 'users')).toHaveValue('cfo@acme.example\nap@acme.example');
    await fill(user, kitField(edit, 'groups'), 'finance\ncontrolling');
    await user.click(within(edit).getByRole('button', { name: 'Apply' }));

    // The server refuses the new group's second user: the section names the group, its dialog the field.
    const refused = await refusedAtItsField(user, server, {
      field: 'data.list.1.users.1',
      message: 'data.list.1.users.1 is invalid (invalidEmail).',
      described: 'Group 2',
      entry: 'Payroll',
      dialog: 'Group: Payroll',
    });
    await fill(user, kitField(refused, 'users'), 'pay@acme.example\npayroll@acme.example');
    await user.click(within(refused).getByRole('button', { name: 'Apply' }));

    const body = await save(user, server, 1);
    expect(body.data).toEqual({
      list: [
        { ...FINANCE, groups: ['finance', 'controlling'] },
        {
          id: expect.any(String),
          name: 'Payroll',
          users: ['pay@acme.example', 'payroll@acme.example'],
          groups: [],
        },
      ],
    });
  });
});

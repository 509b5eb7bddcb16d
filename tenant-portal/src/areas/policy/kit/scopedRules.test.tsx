// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { resetPortalEnv } from '../../../testing/renderPortal';
import { applyRule, fill, kitField, openKitTab, rowIds, refusedAtItsField, save } from './kitListTesting';
import { kindListLayout } from './kindList';

afterEach(resetPortalEnv);
jest.setTimeout(240_000);
configure({ asyncUtilTimeout: 20_000 });

/** global_bnb has no section of its own: the kit draws its rules by scope (pre, post) from the view row and schema. */
const NO_IE = {
  id: 'b1',
  name: 'No Internet Explorer',
  enabled: true,
  browser: 'internet_explorer',
  action: 'block',
};
const OLD_CHROME = {
  id: 'b2',
  name: 'Old Chrome',
  enabled: true,
  browser: 'chrome',
  min_version: '100',
  action: 'block',
};
const GLOBAL_BNB = {
  pre: { list: [NO_IE, OLD_CHROME], unsupported_or_non_browsers: 'allow' },
  post: { list: [], unsupported_or_non_browsers: 'allow' },
};

describe('the kit draws scoped rules (global_bnb)', () => {
  it('reads the scopes, their rules and their own values from the registry row', () => {
    const { lists, docFields } = kindListLayout('global_bnb');
    expect(lists.map((l) => [l.path, l.scope, l.ordered])).toEqual([
      ['pre.list', 'pre', true],
      ['post.list', 'post', true],
    ]);
    expect(docFields.map((f) => [f.path, f.type])).toEqual([
      ['pre.unsupported_or_non_browsers', 'select'],
      ['post.unsupported_or_non_browsers', 'select'],
    ]);
  });

  it('groups the rules by scope, reorders, switches off and adds one, refuses a bad value naming its field, and shows the save’s 400 at its field', async () => {
    const user = userEvent.setup();
    const server = openKitTab('/policy/web/global-browsers', { global_bnb: GLOBAL_BNB });
    const before = await screen.findByRole('region', { name: 'Before the policy' });
    const after = screen.getByRole('region', { name: 'After the policy' });
    await within(before).findByText('Old Chrome');

    await user.click(within(before).getByRole('button', { name: 'Move Old Chrome up' }));
    await waitFor(() => expect(rowIds(before)).toEqual(['b2', 'b1']));
    await user.click(within(before).getByTestId(`${webPolicyIds.ruleEnabled}-b1`));

    // The scope's own value, labelled by the view row.
    await user.click(
      within(after).getByRole('combobox', { name: 'Unsupported and non-browser clients (checked last)' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Block' }));

    // Add a rule after the policy: a version is checked against the schema's pattern.
    await user.click(within(after).getByTestId(`${webPolicyIds.ruleAdd}-global-browsers-post`));
    const add = await screen.findByRole('dialog', { name: 'New rule' });
    await fill(user, within(add).getByTestId(webPolicyIds.ruleName), 'Old Safari isolated');
    await fill(user, kitField(add, 'min_version'), 'seventeen');
    expect(within(add).getByText('Minimum version: “seventeen” is not a valid value.')).toBeInTheDocument();
    await fill(user, kitField(add, 'min_version'), '17');
    await applyRule(user, add);
    await within(after).findByText('Old Safari isolated');

    // The server refuses the first rule's version: the section names the rule, its dialog the field.
    const refused = await refusedAtItsField(user, server, {
      field: 'data.pre.list.0.min_version',
      message: 'data.pre.list.0.min_version is not supported.',
      described: 'Rule 1',
      entry: 'Old Chrome',
      dialog: 'Rule: Old Chrome',
    });
    await fill(user, kitField(refused, 'min_version'), '110');
    await applyRule(user, refused);

    const body = await save(user, server, 1);
    expect(body.data).toEqual({
      pre: {
        list: [
          { ...OLD_CHROME, min_version: '110' },
          { ...NO_IE, enabled: false },
        ],
        unsupported_or_non_browsers: 'allow',
      },
      post: {
        list: [
          {
            id: expect.any(String),
            name: 'Old Safari isolated',
            enabled: true,
            browser: 'chrome',
            min_version: '17',
            action: 'allow',
          },
        ],
        unsupported_or_non_browsers: 'block',
      },
    });
  });
});

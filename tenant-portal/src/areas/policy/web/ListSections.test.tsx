// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from './fakePolicyServer';

jest.mock('./useCategoryGroups', () => ({
  useCategoryGroups: () => [{ name: 'Security', categories: [{ id: 21, name: 'Malware Sites' }] }],
}));

afterEach(resetPortalEnv);
let lastView: ReturnType<typeof renderPortal> | null = null;
// The whole portal renders with AG Grid and a Formik dialog: slow on a shared machine.
jest.setTimeout(240_000);

function open(path: string, docs: FakePolicyServer['docs'] = {}) {
  let server: FakePolicyServer | null = null;
  lastView = renderPortal({
    path,
    user: demoUser('admin'),
    stubs: (mock) => {
      server = fakePolicyServer(mock, docs, revision('new', 7));
    },
  });
  return server as unknown as FakePolicyServer;
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Browsers & applications', () => {
  it('adds a browser rule before the domain rules and sets what unsupported clients get', async () => {
    const user = userEvent.setup();
    const server = open('/policy/web/browsers');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-bnb-pre`));
    const dialog = await screen.findByRole('dialog', { name: 'New browser rule' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Old Internet Explorer');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Browser' }), 'Internet Explorer');
    const version = within(dialog).getByRole('textbox', { name: 'Versions below (empty: every version)' });
    await user.click(version);
    await user.paste('eleven');
    await user.tab();
    expect(within(dialog).getByText('Enter a version like 120 or 17.4.1.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(version);
    await user.paste('11');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Old Internet Explorer')).toBeInTheDocument();
    await choose(
      user,
      screen.getAllByRole('combobox', { name: 'Unsupported browsers and other clients' })[1],
      'Block',
    );
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toMatchObject({
      pre: {
        list: [
          {
            name: 'Old Internet Explorer',
            browser: 'internet_explorer',
            min_version: '11',
            action: 'block',
            enabled: true,
          },
        ],
        unsupported_or_non_browsers: 'allow',
      },
      post: { list: [], unsupported_or_non_browsers: 'block' },
    });
  });
});

describe('User agents', () => {
  it('refuses an invalid regular expression and saves a valid rule', async () => {
    const user = userEvent.setup();
    const server = open('/policy/web/user-agents');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-user-agents`));
    const dialog = await screen.findByRole('dialog', { name: 'New user-agent rule' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Block curl');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Match' }), 'Regular expression');
    const value = within(dialog).getByRole('textbox', { name: 'User agent' });
    await user.click(value);
    await user.paste('curl/(');
    await user.tab();
    expect(within(dialog).getByText('Not a valid regular expression.')).toBeInTheDocument();
    await user.clear(value);
    await user.paste('^curl/');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('Block curl');
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toMatchObject({
      list: [{ name: 'Block curl', match: 'regex', value: '^curl/', action: 'block', enabled: true }],
    });
  });
});

describe('User agents: a link to a rule', () => {
  it('?rule=<id> (the logs explorer and policy tester link) opens that rule, then leaves the address', async () => {
    open('/policy/web/user-agents?rule=ua1', {
      'web/user_agents': {
        list: [
          { id: 'ua1', name: 'Block curl', enabled: true, match: 'contains', value: 'curl', action: 'block' },
        ],
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'User-agent rule: Block curl' });
    expect(within(dialog).getByRole('textbox', { name: 'User agent' })).toHaveValue('curl');
    await waitFor(() => expect(lastView?.router.state.location.search).toBe(''));
  });
});

describe('SHA-256', () => {
  it('keeps hashes in lower case, refuses a repeat and deletes an entry', async () => {
    const user = userEvent.setup();
    const known = 'a'.repeat(64);
    const server = open('/policy/web/sha256', { 'web/sha256': { list: [{ hash: known, action: 'allow' }] } });
    await screen.findByText(known);
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-sha256`));
    const dialog = await screen.findByRole('dialog', { name: 'New hash' });
    const hash = within(dialog).getByRole('textbox', { name: 'SHA-256 (64 hexadecimal characters)' });
    await user.click(hash);
    await user.paste('A'.repeat(64));
    await user.tab();
    expect(within(dialog).getByText('This hash is listed already.')).toBeInTheDocument();
    await user.clear(hash);
    await user.paste('B'.repeat(64));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('b'.repeat(64));
    await user.click(screen.getByRole('button', { name: `Delete hash ${known.slice(0, 12)}…` }));
    await waitFor(() => expect(screen.queryByText(known)).not.toBeInTheDocument());
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toEqual({ list: [{ hash: 'b'.repeat(64), action: 'block' }] });
  });
});

describe('SSL bypass', () => {
  it('adds a domain and a category bypass and turns the v3 engine off', async () => {
    const user = userEvent.setup();
    const server = open('/policy/web/ssl-bypass');
    await user.click(await screen.findByTestId(`${webPolicyIds.ruleAdd}-ssl-bypass`));
    let dialog = await screen.findByRole('dialog', { name: 'New SSL bypass' });
    await user.click(
      within(dialog).getByRole('textbox', { name: 'Domain (*.example.com covers its subdomains)' }),
    );
    await user.paste('*.bank.example');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('*.bank.example');
    await user.click(screen.getByTestId(`${webPolicyIds.ruleAdd}-ssl-bypass`));
    dialog = await screen.findByRole('dialog', { name: 'New SSL bypass' });
    await choose(user, within(dialog).getByRole('combobox', { name: 'Bypass' }), 'A category');
    await choose(
      user,
      within(dialog).getByRole('combobox', { name: 'Category' }),
      'Malware Sites (Security)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('Malware Sites');
    await user.click(screen.getByRole('switch', { name: 'Use the v3 SSL bypass engine' }));
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const data = server.saves[0].body.data as { list: Array<Record<string, unknown>>; sslbump_v3: boolean };
    expect(data.sslbump_v3).toBe(false);
    expect(data.list.map(({ id: _id, ...rest }) => rest)).toEqual([
      { domain: '*.bank.example' },
      { category_id: 21 },
    ]);
  });
});

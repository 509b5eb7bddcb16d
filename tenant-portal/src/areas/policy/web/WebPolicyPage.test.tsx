// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from './fakePolicyServer';
import type { CategoryGroupOption } from './categoryModel';

const GROUPS: CategoryGroupOption[] = [
  {
    name: 'Leisure',
    categories: [
      { id: 11, name: 'Gambling' },
      { id: 12, name: 'Games' },
    ],
  },
  {
    name: 'Security',
    categories: [
      { id: 21, name: 'Malware Sites' },
      { id: 22, name: 'Phishing' },
    ],
  },
];
jest.mock('./useCategoryGroups', () => ({ useCategoryGroups: () => GROUPS }));

afterEach(resetPortalEnv);

function open(path: string, role: 'admin' | 'auditor' = 'admin', docs: FakePolicyServer['docs'] = {}) {
  let server: FakePolicyServer | null = null;
  const view = renderPortal({
    path,
    user: demoUser(role),
    stubs: (mock) => {
      server = fakePolicyServer(mock, docs, revision('new', 7));
    },
  });
  return { ...view, server: server as unknown as FakePolicyServer };
}

const section = (path: string) => screen.findByTestId(`${policyEditorIds.section}-${path}`);
/** The Categories tab holds two sections (the tree and the extension switch): look in one. */
const inCategories = () => within(screen.getByTestId(`${policyEditorIds.section}-categories`));

describe('Web Policy page: categories', () => {
  it('blocks a category of a group and saves it into the staged revision', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/categories', 'admin', {
      cats: { list: [{ category_id: 21, action: 'block' }] },
    });
    const region = await section('categories');
    await within(region).findByText('Leisure');
    const save = inCategories().getByTestId(policyEditorIds.save);
    expect(save).toBeDisabled();
    // Open the Leisure group and block Gambling.
    await user.click(within(region).getAllByRole('button', { name: 'show 2 items' })[0]);
    await user.click(screen.getByRole('checkbox', { name: 'Gambling: Block' }));
    expect(inCategories().getByTestId(policyEditorIds.status)).toHaveTextContent('Unsaved changes.');
    // Isolate clears Block: one action per category.
    await user.click(screen.getByRole('checkbox', { name: 'Gambling: Isolate' }));
    expect(screen.getByRole('checkbox', { name: 'Gambling: Block' })).not.toBeChecked();
    await user.click(inCategories().getByTestId(policyEditorIds.undo));
    expect(screen.getByRole('checkbox', { name: 'Gambling: Block' })).toBeChecked();
    await user.click(save);
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]).toMatchObject({
      kind: 'cats',
      body: {
        rev_id: 6,
        state: 'new',
        data: {
          list: [
            { category_id: 21, action: 'block' },
            { category_id: 11, action: 'block' },
          ],
        },
      },
    });
    await waitFor(() =>
      expect(inCategories().getByTestId(policyEditorIds.status)).toHaveTextContent('All changes saved.'),
    );
    expect(save).toBeDisabled();
  });

  it('a group checkbox isolates every category of the group; the filter narrows the list', async () => {
    const user = userEvent.setup();
    open('/policy/web/categories');
    await screen.findByText('Security');
    await user.click(screen.getByRole('checkbox', { name: 'Security: Isolate' }));
    await user.click(screen.getAllByRole('button', { name: 'show 2 items' })[1]);
    expect(screen.getByRole('checkbox', { name: 'Phishing: Isolate' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Malware Sites: Isolate' })).toBeChecked();
    await user.type(screen.getByTestId(webPolicyIds.categoryFilter), 'gamb');
    expect(screen.queryByText('Security')).not.toBeInTheDocument();
    expect(screen.getByText('Gambling')).toBeInTheDocument();
    expect(screen.queryByText('Games')).not.toBeInTheDocument();
  });

  it('?category=<id> (the logs explorer link) shows that category and its action first', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/categories?category=12', 'admin', {
      cats: { list: [{ category_id: 12, action: 'safeview' }] },
    });
    const action = await screen.findByRole('combobox', { name: 'Action for Games' });
    expect(action).toHaveTextContent('Isolate');
    await user.click(action);
    await user.click(screen.getByRole('option', { name: 'Allow' }));
    await user.click(inCategories().getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toEqual({ list: [] });
  });
});

describe('Web Policy page: extension categories', () => {
  it('the Categories tab also switches the extension categories on, saved as its own kind', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/categories');
    const extension = within(await section('categories-extension'));
    await user.click(await extension.findByRole('switch', { name: /Use the extension categories 85–88/ }));
    await user.click(extension.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]).toMatchObject({
      kind: 'cats/extension',
      body: { data: { categories_85_to_88: { enable: true } } },
    });
    // The category tree's own Save has nothing to save.
    expect(inCategories().getByTestId(policyEditorIds.save)).toBeDisabled();
  });
});

describe('Web Policy page: sections and permissions', () => {
  it('/policy/web shows the Categories tab; the tabs link to each section', async () => {
    const user = userEvent.setup();
    const { router } = open('/policy/web');
    expect(await screen.findByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Threats & risk levels' }));
    expect(router.state.location.pathname).toBe('/policy/web/threats');
    expect(await section('threats')).toBeInTheDocument();
  });

  it('an unknown section is the 404 page', async () => {
    const { router } = open('/policy/web/nothing-here');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404-not-found'));
  });

  it('threats: sets a risk level action and Flash, undo and redo with the keyboard, saves', async () => {
    const user = userEvent.setup();
    const { server } = open('/policy/web/threats');
    const high = await screen.findByRole('combobox', { name: 'High risk' });
    expect(high).toHaveTextContent('Block');
    await user.click(high);
    await user.click(screen.getByRole('option', { name: 'Isolate' }));
    await user.click(screen.getByRole('switch', { name: 'Block Flash content' }));
    expect(screen.getByRole('switch', { name: 'Block Flash content' })).toBeChecked();
    // Ctrl+Z on the section (not in a text field) undoes the last edit; Ctrl+Shift+Z redoes it.
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByRole('switch', { name: 'Block Flash content' })).not.toBeChecked();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(screen.getByRole('switch', { name: 'Block Flash content' })).toBeChecked();
    await user.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].body.data).toEqual({
      list: [
        { risk: 'G', action: 'allow' },
        { risk: 'Y', action: 'safeview' },
        { risk: 'R', action: 'safeview' },
      ],
      flash: true,
    });
  });

  it('the auditor sees the web policy read-only: no Save, no Add, disabled controls', async () => {
    open('/policy/web/categories', 'auditor', { cats: { list: [{ category_id: 11, action: 'block' }] } });
    await screen.findByText('Leisure');
    expect(inCategories().getByTestId(policyEditorIds.status)).toHaveTextContent('Read-only');
    expect(screen.queryByTestId(policyEditorIds.save)).not.toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: /Use the extension categories/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Leisure: Block' })).toBeDisabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Threats & risk levels' }));
    expect(await screen.findByRole('combobox', { name: 'High risk' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Domain rules & exceptions' }));
    await section('exceptions');
    expect(screen.queryByTestId(`${webPolicyIds.ruleAdd}-exceptions`)).not.toBeInTheDocument();
    expect(screen.getByTestId(webPolicyIds.bypassDomains)).toBeDisabled();
  });
});

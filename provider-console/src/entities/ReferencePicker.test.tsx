/** The entity forms' `references` fields (issue 31 point 9): ids picked by name, sent as ids. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import type { CategoryOverride, TenantGroup } from '@workbench/common/api/contract/providerEntities';
import { entityPageIds } from '@workbench/common/test-ids/index';
import { operator, renderConsole } from '../testing/renderConsole';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const GROUPS = '/gdmanage/api/v1/tenantgroups';
const OVERRIDES = '/gdmanage/api/v1/category_overrides';
const groupIds = entityPageIds('tenant_groups');
const overrideIds = entityPageIds('category_overrides');
const stamps = { created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z' };

/** The tenant t-gone was deleted after the group named it: the server names it by its id. */
const eu: TenantGroup = {
  group_id: 'eu',
  name: 'Europe',
  description: '',
  tenants: ['t-acme', 't-gone'],
  names: { tenants: ['acme', 't-gone'] },
  ...stamps,
};
const serveGroups = (m: MockAdapter) => m.onGet(GROUPS).reply(200, { tenant_groups: [eu], total: 1 });
const bodyOf = (data: unknown) => JSON.parse(String(data)) as Record<string, unknown>;

async function pick(dialog: HTMLElement, input: string, typed: string, option: RegExp) {
  await userEvent.type(within(dialog).getByTestId(input), typed);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('references fields of the entity forms', () => {
  it('Add: two tenants picked by typing part of their names are sent as their ids', async () => {
    const { mock } = renderConsole('/tenant_groups', {
      user: operator,
      stubs: (m) => {
        serveGroups(m);
        m.onPost(GROUPS).reply(201, { ...eu, group_id: 'na' });
      },
    });
    await userEvent.click(await screen.findByTestId(groupIds.addButton));
    const dialog = screen.getByTestId(groupIds.formDialog);
    await userEvent.type(within(dialog).getByTestId(`${groupIds.formField}-group_id`), 'na');
    await userEvent.type(within(dialog).getByTestId(`${groupIds.formField}-name`), 'North America');
    const tenantsInput = `${groupIds.formField}-tenants`;
    await pick(dialog, tenantsInput, 'acm', /^acme/);
    await pick(dialog, tenantsInput, 'LOB', /^globex/);
    // Chips show the names; the id is on hover and in the accessible name.
    expect(within(dialog).getByTestId(`${groupIds.formChip}-tenants-t-acme`)).toHaveTextContent('acme');
    expect(within(dialog).getByTestId(`${groupIds.formChip}-tenants-t-globex`)).toHaveAccessibleName(
      'globex (ID t-globex)',
    );
    await userEvent.click(within(dialog).getByTestId(groupIds.formSubmit));
    await waitFor(() => expect(screen.queryByTestId(groupIds.formDialog)).not.toBeInTheDocument());
    expect(bodyOf(mock.history.post.find((r) => r.url === GROUPS)?.data)).toEqual({
      group_id: 'na',
      name: 'North America',
      description: '',
      tenants: ['t-acme', 't-globex'],
    });
  });

  it('Edit shows the stored ids as names; a deleted tenant stays as its id with a note and is sent back', async () => {
    const { mock } = renderConsole('/tenant_groups', {
      user: operator,
      stubs: (m) => {
        serveGroups(m);
        m.onPut(`${GROUPS}/eu`).reply(200, eu);
      },
    });
    await userEvent.click(await screen.findByTestId(`${groupIds.editButton}-eu`));
    const dialog = screen.getByTestId(groupIds.formDialog);
    const acme = within(dialog).getByTestId(`${groupIds.formChip}-tenants-t-acme`);
    expect(acme).toHaveTextContent(/^acme$/);
    expect(acme).toHaveAccessibleName('acme (ID t-acme)');
    // Once the tenants are read, the one missing from them is marked, never dropped.
    expect(await within(dialog).findByText('Not found among the tenants: t-gone.')).toBeInTheDocument();
    expect(within(dialog).getByTestId(`${groupIds.formChip}-tenants-t-gone`)).toHaveTextContent(
      't-gone (not found)',
    );
    await userEvent.clear(within(dialog).getByTestId(`${groupIds.formField}-name`));
    await userEvent.type(within(dialog).getByTestId(`${groupIds.formField}-name`), 'EU');
    await userEvent.click(within(dialog).getByTestId(groupIds.formSubmit));
    await waitFor(() => expect(screen.queryByTestId(groupIds.formDialog)).not.toBeInTheDocument());
    expect(bodyOf(mock.history.put[0]?.data)).toEqual({
      name: 'EU',
      description: '',
      tenants: ['t-acme', 't-gone'],
    });
  });

  it('a category override picks categories by name (sent as numbers); none picked is refused at the field', async () => {
    let release: () => void = () => undefined;
    const { mock } = renderConsole('/category_overrides', {
      user: operator,
      stubs: (m) => {
        m.onGet(OVERRIDES).reply(200, { category_overrides: [] as CategoryOverride[], total: 0 });
        m.onPost(OVERRIDES).reply(
          () =>
            new Promise((resolve) => {
              release = () =>
                resolve([
                  201,
                  {
                    url: 'example.com',
                    category_ids: [1, 9],
                    tenants: [],
                    submission_reference: '',
                    active: false,
                  },
                ]);
            }),
        );
      },
    });
    await userEvent.click(await screen.findByTestId(overrideIds.addButton));
    const dialog = screen.getByTestId(overrideIds.formDialog);
    await userEvent.type(within(dialog).getByTestId(`${overrideIds.formField}-url`), 'example.com');
    await userEvent.click(within(dialog).getByTestId(overrideIds.formSubmit));
    expect(await within(dialog).findByText('Pick at least one category.')).toBeInTheDocument();
    expect(within(dialog).getByTestId(`${overrideIds.formField}-category_ids`)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(mock.history.post).toHaveLength(0);

    const categories = `${overrideIds.formField}-category_ids`;
    await pick(dialog, categories, 'real est', /^Real Estate/);
    await pick(dialog, categories, 'travel', /^Travel/);
    expect(within(dialog).queryByText('Pick at least one category.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId(overrideIds.formSubmit));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    // While the save runs the field is disabled, its picks still shown by name.
    expect(within(dialog).getByTestId(categories)).toBeDisabled();
    expect(within(dialog).getByTestId(`${overrideIds.formChip}-category_ids-9`)).toHaveAccessibleName(
      'Travel (ID 9)',
    );
    expect(bodyOf(mock.history.post[0]?.data)).toEqual({
      url: 'example.com',
      category_ids: [1, 9],
      tenants: [],
      submission_reference: '',
      active: false,
    });
    release();
    await waitFor(() => expect(screen.queryByTestId(overrideIds.formDialog)).not.toBeInTheDocument());
  });
});

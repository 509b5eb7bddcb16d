/** The provider-entity page, shown on the SKUs row of the registry. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import type {
  Feature,
  InventoryItem,
  PolicyTemplate,
  Sku,
} from '@workbench/common/api/contract/providerEntities';
import { deletionWarning } from '@workbench/common/components/confirm-delete/index';
import { entityPageIds } from '@workbench/common/test-ids/index';
import { operator, renderConsole, support } from '../testing/renderConsole';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const ids = entityPageIds('skus');
const SKUS = '/gdmanage/api/v1/skus';
const sku = (sku_id: string, extra: Partial<Sku> = {}): Sku => ({
  sku_id,
  name: `Name ${sku_id}`,
  description: `About ${sku_id}`,
  features: ['web_isolation', 'dlp'],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const catalogue = [sku('ISO-CORE'), sku('SWG-ADV')];
const feature = (feature_name: string, name: string): Feature => ({
  feature_name,
  name,
  description: '',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const features = [
  feature('web_isolation', 'Web isolation'),
  feature('dlp', 'Data loss prevention'),
  feature('a_b', 'A and B'),
];
const serve =
  (rows: Sku[] = catalogue, total = rows.length) =>
  (m: MockAdapter) => {
    m.onGet(SKUS).reply(200, { skus: rows, total });
    m.onGet('/gdmanage/api/v1/features').reply(200, { features, total: features.length });
  };
const listCalls = (mock: MockAdapter) => mock.history.get.filter((r) => r.url === SKUS);
const paste = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};

describe('entity page (SKUs)', () => {
  it('lists the first page from the server, sorted by the first sort field, with the registry columns', async () => {
    const { mock } = renderConsole('/skus', { user: operator, stubs: serve() });
    const table = await screen.findByTestId(ids.table);
    await within(table).findByText('ISO-CORE');
    expect(within(table).getAllByText('web_isolation, dlp')).toHaveLength(2);
    expect(within(table).getAllByText('2026-11-20')).toHaveLength(2);
    expect(screen.getByTestId(ids.total)).toHaveTextContent('2 SKUs');
    expect(listCalls(mock)[0]?.params).toEqual({ limit: 25, offset: 0, sort: 'sku_id', order: 'asc' });
    expect(screen.getByRole('heading', { name: 'SKUs' })).toBeInTheDocument();
  });

  it('a header click sorts on the server; the search asks the server from the first page', async () => {
    const { mock } = renderConsole('/skus', { user: operator, stubs: serve() });
    await within(await screen.findByTestId(ids.table)).findByText('ISO-CORE');
    await userEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(listCalls(mock).at(-1)?.params).toMatchObject({ sort: 'name', order: 'asc' }));
    await paste(screen.getByTestId(ids.search), 'swg');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(listCalls(mock).at(-1)?.params).toMatchObject({ q: 'swg', offset: 0 }));
  });

  it('Add checks the form against the registry schema, sends the body, and shows the success', async () => {
    const { mock, store } = renderConsole('/skus', {
      user: operator,
      stubs: (m) => {
        serve()(m);
        m.onPost(SKUS).reply(201, sku('NEW-1', { name: 'New one', features: ['a_b'] }));
      },
    });
    await userEvent.click(await screen.findByTestId(ids.addButton));
    const dialog = screen.getByTestId(ids.formDialog);
    await paste(within(dialog).getByTestId(`${ids.formField}-sku_id`), 'bad id!');
    await userEvent.click(within(dialog).getByTestId(ids.formSubmit));
    expect(
      await within(dialog).findByText('SKU ID is not valid (letters, digits, . _ -).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the name.')).toBeInTheDocument();
    expect(mock.history.post.filter((r) => r.url === SKUS)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByTestId(`${ids.formField}-sku_id`));
    await paste(within(dialog).getByTestId(`${ids.formField}-sku_id`), 'NEW-1');
    await paste(within(dialog).getByTestId(`${ids.formField}-name`), 'New one');
    await userEvent.type(within(dialog).getByTestId(`${ids.formField}-features`), 'a and');
    await userEvent.click(await screen.findByRole('option', { name: /^A and B/ }));
    await userEvent.click(within(dialog).getByTestId(ids.formSubmit));
    await waitFor(() => expect(screen.queryByTestId(ids.formDialog)).not.toBeInTheDocument());
    expect(JSON.parse(String(mock.history.post.find((r) => r.url === SKUS)?.data))).toEqual({
      sku_id: 'NEW-1',
      name: 'New one',
      description: '',
      features: ['a_b'],
    });
    expect(store.getState().snackbar.bottom?.text).toBe('The SKU NEW-1 has been added.');
    await waitFor(() => expect(listCalls(mock)).toHaveLength(2));
  });

  it("the server's refusal shows at the field it names and the form stays open", async () => {
    renderConsole('/skus', {
      user: operator,
      stubs: (m) => {
        serve()(m);
        m.onPost(SKUS).reply(409, {
          message: "A SKU with the sku_id 'ISO-CORE' already exists.",
          field: 'sku_id',
        });
      },
    });
    await userEvent.click(await screen.findByTestId(ids.addButton));
    const dialog = screen.getByTestId(ids.formDialog);
    await paste(within(dialog).getByTestId(`${ids.formField}-sku_id`), 'ISO-CORE');
    await paste(within(dialog).getByTestId(`${ids.formField}-name`), 'Again');
    await userEvent.click(within(dialog).getByTestId(ids.formSubmit));
    expect(
      await within(dialog).findByText("A SKU with the sku_id 'ISO-CORE' already exists."),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId(`${ids.formField}-sku_id`)).toHaveAttribute('aria-invalid', 'true');
  });

  it('Edit keeps the id, replaces the other fields, and names the SKU in the success', async () => {
    const { mock, store } = renderConsole('/skus', {
      user: operator,
      stubs: (m) => {
        serve()(m);
        m.onPut(`${SKUS}/ISO-CORE`).reply(200, sku('ISO-CORE', { name: 'Renamed' }));
      },
    });
    await userEvent.click(await screen.findByTestId(`${ids.editButton}-ISO-CORE`));
    const dialog = screen.getByTestId(ids.formDialog);
    expect(within(dialog).getByTestId(`${ids.formField}-sku_id`)).toBeDisabled();
    await waitFor(() =>
      expect(within(dialog).getByTestId(`${ids.formChip}-features-dlp`)).toHaveTextContent(
        'Data loss prevention',
      ),
    );
    await userEvent.clear(within(dialog).getByTestId(`${ids.formField}-name`));
    await paste(within(dialog).getByTestId(`${ids.formField}-name`), 'Renamed');
    await userEvent.click(within(dialog).getByTestId(ids.formSubmit));
    await waitFor(() => expect(screen.queryByTestId(ids.formDialog)).not.toBeInTheDocument());
    expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({
      name: 'Renamed',
      description: 'About ISO-CORE',
      features: ['web_isolation', 'dlp'],
    });
    expect(store.getState().snackbar.bottom?.text).toBe('The SKU ISO-CORE has been saved.');
  });

  it('Delete warns with the deletion warning, deletes the selected SKUs, and reloads', async () => {
    const { mock, store } = renderConsole('/skus', {
      user: operator,
      stubs: (m) => {
        serve()(m);
        m.onDelete(/\/gdmanage\/api\/v1\/skus\/.+/).reply(204);
      },
    });
    await within(await screen.findByTestId(ids.table)).findByText('ISO-CORE');
    expect(screen.getByTestId(ids.deleteSelected)).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await userEvent.click(screen.getByTestId(ids.deleteSelected));
    expect(screen.getByTestId(ids.deleteDialog)).toHaveTextContent(deletionWarning(2));
    await userEvent.click(screen.getByTestId(ids.deleteConfirm));
    await waitFor(() => expect(screen.queryByTestId(ids.deleteDialog)).not.toBeInTheDocument());
    expect(mock.history.delete.map((r) => r.url).sort()).toEqual([`${SKUS}/ISO-CORE`, `${SKUS}/SWG-ADV`]);
    expect(store.getState().snackbar.bottom?.text).toBe('2 SKUs have been deleted.');
    await waitFor(() => expect(listCalls(mock)).toHaveLength(2));
  });

  it('support staff see the SKUs and no control that writes', async () => {
    renderConsole('/skus', { user: support, stubs: serve() });
    await within(await screen.findByTestId(ids.table)).findByText('ISO-CORE');
    expect(screen.queryByTestId(ids.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.deleteSelected)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.editButton}-ISO-CORE`)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('a failed list shows the error with Retry', async () => {
    const { mock } = renderConsole('/skus', {
      user: operator,
      stubs: (m) =>
        m
          .onGet(SKUS)
          .replyOnce(500, { message: 'The store is unavailable.' })
          .onGet(SKUS)
          .reply(200, { skus: catalogue, total: 2 }),
    });
    expect(await screen.findByText('The store is unavailable.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await within(screen.getByTestId(ids.table)).findByText('ISO-CORE');
    expect(listCalls(mock)).toHaveLength(2);
  });
});

/** The inventory row (issue 37): its own area, two choices in its form, the spec's path. */
describe('entity page (inventory)', () => {
  const inv = entityPageIds('inventory');
  const INVENTORY = '/gdmanage/api/v1/inventory-management';
  const item = (serial_number: string, extra: Partial<InventoryItem> = {}): InventoryItem => ({
    serial_number,
    item_type: 'hardware_appliance',
    model: 'Isolation appliance 5200',
    status: 'deployed',
    tenant_name: 'acme',
    location: 'Acme HQ',
    note: '',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...extra,
  });
  const items = [
    item('MSA-0001'),
    item('MSA-0002', { status: 'in_stock', tenant_name: '', location: 'Dublin' }),
  ];

  it('lists the items from the spec’s path with their columns, and adds one with its type and status chosen', async () => {
    const { mock, store } = renderConsole('/inventory', {
      user: operator,
      stubs: (m) => {
        m.onGet(INVENTORY).reply(200, { inventory: items, total: 2 });
        m.onPost(INVENTORY).reply(
          201,
          item('OVA-01', { item_type: 'virtual_appliance', status: 'allocated' }),
        );
      },
    });
    const table = await screen.findByTestId(inv.table);
    await within(table).findByText('MSA-0002');
    for (const header of ['Serial number', 'Type', 'Model', 'Status', 'Tenant', 'Location'])
      expect(within(table).getByText(header)).toBeInTheDocument();
    // Codes are shown in words.
    expect(within(table).getByText('In stock')).toBeInTheDocument();
    expect(within(table).getAllByText('Hardware appliance')).toHaveLength(2);
    expect(mock.history.get.find((r) => r.url === INVENTORY)?.params).toMatchObject({
      sort: 'serial_number',
    });

    await userEvent.click(screen.getByTestId(inv.addButton));
    const dialog = screen.getByTestId(inv.formDialog);
    await paste(within(dialog).getByTestId(`${inv.formField}-serial_number`), 'OVA-01');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Virtual appliance' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Allocated' }));
    await paste(within(dialog).getByTestId(`${inv.formField}-model`), 'OVA 5.2');
    await paste(within(dialog).getByTestId(`${inv.formField}-tenant_name`), 'hooli');
    await userEvent.click(within(dialog).getByTestId(inv.formSubmit));
    await waitFor(() => expect(screen.queryByTestId(inv.formDialog)).not.toBeInTheDocument());
    expect(JSON.parse(String(mock.history.post.find((r) => r.url === INVENTORY)?.data))).toEqual({
      serial_number: 'OVA-01',
      item_type: 'virtual_appliance',
      model: 'OVA 5.2',
      status: 'allocated',
      tenant_name: 'hooli',
      location: '',
      note: '',
    });
    expect(store.getState().snackbar.bottom?.text).toBe('The inventory item OVA-01 has been added.');
  });

  it('a model left empty is refused in the form, and nothing is sent', async () => {
    const { mock } = renderConsole('/inventory', {
      user: operator,
      stubs: (m) => m.onGet(INVENTORY).reply(200, { inventory: items, total: 2 }),
    });
    await userEvent.click(await screen.findByTestId(inv.addButton));
    const dialog = screen.getByTestId(inv.formDialog);
    await paste(within(dialog).getByTestId(`${inv.formField}-serial_number`), 'SN-9');
    await userEvent.click(within(dialog).getByTestId(inv.formSubmit));
    expect(await within(dialog).findByText('Enter the model.')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });
});

/** The policy templates row (issue 37): documents edited as JSON, listed by their kinds. */
describe('entity page (policy templates)', () => {
  const tpl = entityPageIds('templates');
  const TEMPLATES = '/gdmanage/api/v1/templates';
  const documents = { 'customization/web': { list: [] }, 'customization/dlp': { list: [] } };
  const template: PolicyTemplate = {
    template_id: 'night-shift',
    title: 'Night shift',
    description: '',
    documents,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  };

  it('lists each template’s policy kinds; Add refuses text that is not a JSON object and sends the parsed one', async () => {
    const { mock } = renderConsole('/templates', {
      user: operator,
      stubs: (m) => {
        m.onGet(TEMPLATES).reply(200, { templates: [template], total: 1 });
        m.onPost(TEMPLATES).reply(201, { ...template, template_id: 'weekend' });
      },
    });
    const table = await screen.findByTestId(tpl.table);
    expect(await within(table).findByText('customization/web, customization/dlp')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId(tpl.addButton));
    const dialog = screen.getByTestId(tpl.formDialog);
    await paste(within(dialog).getByTestId(`${tpl.formField}-template_id`), 'weekend');
    await paste(within(dialog).getByTestId(`${tpl.formField}-title`), 'Weekend');
    await paste(within(dialog).getByTestId(`${tpl.formField}-documents`), '{"customization/web": ');
    await userEvent.click(within(dialog).getByTestId(tpl.formSubmit));
    expect(
      await within(dialog).findByText('Policy documents must be a JSON object ({ ... }).'),
    ).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);

    await paste(within(dialog).getByTestId(`${tpl.formField}-documents`), '{"list": []}}');
    await userEvent.click(within(dialog).getByTestId(tpl.formSubmit));
    await waitFor(() => expect(screen.queryByTestId(tpl.formDialog)).not.toBeInTheDocument());
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
      template_id: 'weekend',
      title: 'Weekend',
      description: '',
      documents: { 'customization/web': { list: [] } },
    });
  });

  it('Edit shows the stored documents as JSON', async () => {
    renderConsole('/templates', {
      user: operator,
      stubs: (m) => m.onGet(TEMPLATES).reply(200, { templates: [template], total: 1 }),
    });
    await userEvent.click(await screen.findByTestId(`${tpl.editButton}-night-shift`));
    const field = within(screen.getByTestId(tpl.formDialog)).getByTestId(`${tpl.formField}-documents`);
    expect(JSON.parse((field as HTMLTextAreaElement).value)).toEqual(documents);
  });
});

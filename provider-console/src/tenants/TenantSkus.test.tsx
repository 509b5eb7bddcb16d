/** The SKUs tab: ticking a SKU and saving it; the saved boxes stay ticked while the tab reloads. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { providerIds, providerPageIds } from '@workbench/common';
import { tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import { operator, renderConsole, tenants } from '../testing/renderConsole';
import './TenantDetailPage';

const sku = (sku_id: string) => ({ sku_id, name: `${sku_id} bundle`, features: ['isolation'] });
let releaseReload: () => void = () => {};

const stubs = (m: MockAdapter) => {
  m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
  m.onGet('/gdmanage/api/v1/skus').reply(200, { skus: [sku('ISO-CORE'), sku('SWG-PLUS')], total: 2 });
  m.onGet(tenantSubPath('t-acme', 'skus'))
    .replyOnce(200, { sku_ids: [] })
    // The reload after the save answers only when the test lets it.
    .onGet(tenantSubPath('t-acme', 'skus'))
    .reply(() => new Promise((resolve) => (releaseReload = () => resolve([200, { sku_ids: ['ISO-CORE'] }]))));
  m.onPut(tenantSubPath('t-acme', 'skus')).reply(200, { sku_ids: ['ISO-CORE'] });
};

it('a saved SKU stays ticked while the tab reloads, and after', async () => {
  const { mock } = renderConsole('/tenants/t-acme', { user: operator, stubs });
  await waitFor(() => expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('acme'), {
    timeout: 30_000,
  });
  await userEvent.click(screen.getByTestId(`${providerPageIds.tenantTab}-skus`));
  const box = await screen.findByTestId(`${providerPageIds.tenantSku}-ISO-CORE`);
  const save = screen.getByTestId(providerPageIds.tenantSkuSave);
  expect(save).toBeDisabled();

  await userEvent.click(box);
  expect(box).toBeChecked();
  await userEvent.click(save);
  await screen.findByText('The SKUs have been saved.');
  expect(JSON.parse(mock.history.put[0].data as string)).toEqual({ sku_ids: ['ISO-CORE'] });
  // Saved, the reload still on its way: what was saved is shown, nothing left to save.
  expect(box).toBeChecked();
  expect(save).toBeDisabled();

  releaseReload();
  // The tenant's SKUs read twice: the tab's load and its reload after the save.
  await waitFor(() =>
    expect(mock.history.get.filter((r) => r.url === tenantSubPath('t-acme', 'skus'))).toHaveLength(2),
  );
  expect(box).toBeChecked();
  expect(screen.getByTestId(`${providerPageIds.tenantSku}-SWG-PLUS`)).not.toBeChecked();
});

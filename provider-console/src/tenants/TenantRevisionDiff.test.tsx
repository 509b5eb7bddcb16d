/**
 * The tenant page's Policy revisions tab opened at a revision (`?rev=N`, a chart's change marker):
 * it shows what revision N changed, N against N − 1, read over the provider's diff route
 * (docs/provider-console.md §3) and written as the portal's history writes it; without the
 * extension the tab lists the revisions only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { extensionsOf } from '@workbench/common/api/contract/extensions';
import { providerPageIds, publishBarIds } from '@workbench/common';
import type { PolicyDiff } from '@workbench/common/api/contract/policy';
import { tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import { renderConsole, support, tenants } from '../testing/renderConsole';
import './TenantDetailPage';

const REVISIONS = '/gdmanage/api/v3/tenants/t-acme/revisions';
const DIFF = '/gdmanage/api/v1/tenants/t-acme/revisions/diff';

const diff: PolicyDiff = {
  from: 11,
  to: 12,
  kinds: [
    {
      kind: 'cats',
      title: 'Categories',
      changes: [{ op: 'added', path: 'list', key: '9', index: 3, item: { category_id: 9, action: 'block' } }],
    },
  ],
};

const stubs = (m: MockAdapter) => {
  m.onGet('/gdmanage/api/v1/tenants/t-acme').reply(200, tenants[1]);
  m.onGet(tenantSubPath('t-acme', 'policy')).reply(200, {
    rev_id: 13,
    staged_rev_id: 13,
    state: 'new',
    updated_at: '2026-11-29T15:00:00.000Z',
    updated_by: 'ann@acme.example',
    kinds: ['cats'],
  });
  m.onGet(REVISIONS).reply((config) => {
    const { offset = 0 } = config.params as { offset?: number };
    const rows = [13, 12, 11].map((rev) => ({
      rev_id: rev,
      published_at: `2026-11-29T1${rev - 10}:00:00.000Z`,
      published_by: 'admin@acme.example',
      note: rev === 12 ? 'Block travel' : null,
      rolled_back_from: null,
    }));
    return [200, { revisions: rows.slice(offset), total: 13, limit: 25, offset }];
  });
  m.onGet(DIFF).reply(200, diff);
};

it('the revision a marker opened shows what it changed, against the revision before it', async () => {
  const { mock } = renderConsole('/tenants/t-acme?tab=revisions&rev=12', { user: support, stubs });
  const section = await screen.findByTestId(providerPageIds.tenantRevisionDiff);
  expect(
    within(section).getByRole('heading', { name: 'Changes from revision 11 to revision 12' }),
  ).toBeVisible();
  // The category is named from the category tree, as the portal's history names it.
  expect(await within(section).findByTestId(publishBarIds.diffLine)).toHaveTextContent(
    'Block for Travel added',
  );
  expect(within(section).getByRole('heading', { name: 'Categories' })).toBeVisible();
  const calls = mock.history.get.filter((r) => r.url === DIFF);
  expect(calls.map((r) => r.params)).toEqual([{ from: 11, to: 12 }]);
  // Never the tenant world's diff: the console reads the tenant's over the provider path.
  expect(mock.history.get.some((r) => String(r.url).startsWith('/api/policy/'))).toBe(false);
});

it('a revision that changed nothing says so; a refused read says why and retries', async () => {
  let refuse = true;
  renderConsole('/tenants/t-acme?tab=revisions&rev=12', {
    user: support,
    stubs: (m) => {
      stubs(m);
      m.onGet(DIFF).reply(() =>
        refuse
          ? [404, { message: 'Revision 12 does not exist.', field: 'rev' }]
          : [200, { ...diff, kinds: [] }],
      );
    },
  });
  const section = await screen.findByTestId(providerPageIds.tenantRevisionDiff);
  expect(
    await within(section).findByText(/The changes could not be loaded: Revision 12 does not exist\./),
  ).toBeVisible();
  refuse = false;
  await userEvent.click(within(section).getByRole('button', { name: /retry/i }));
  expect(await within(section).findByTestId(publishBarIds.diffEmpty)).toHaveTextContent(
    'The two revisions hold the same policy.',
  );
});

it('without the extension the tab lists the revisions only, and nothing asks for a diff', async () => {
  const { mock } = renderConsole('/tenants/t-acme?tab=revisions&rev=12', {
    user: support,
    stubs,
    extensions: extensionsOf('provider').filter((id) => id !== 'provider-revision-diff'),
  });
  expect(await screen.findByTestId(`${providerPageIds.tenantRevision}-12`)).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(screen.queryByTestId(providerPageIds.tenantRevisionDiff)).toBeNull();
  expect(mock.history.get.some((r) => r.url === DIFF)).toBe(false);
});

it('no revision is opened: no diff', async () => {
  const { mock } = renderConsole('/tenants/t-acme?tab=revisions', { user: support, stubs });
  expect(await screen.findByTestId(`${providerPageIds.tenantRevision}-13`)).toBeInTheDocument();
  expect(screen.queryByTestId(providerPageIds.tenantRevisionDiff)).toBeNull();
  expect(mock.history.get.some((r) => r.url === DIFF)).toBe(false);
});

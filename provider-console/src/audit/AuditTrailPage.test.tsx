/** The audit trail page: the server's page of events, its filters as the query, before/after. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerAuditIds } from '@workbench/common/test-ids/index';
import { PROVIDER_AUDIT_PATH } from '@workbench/common/api/contract/providerAudit';
import { renderConsole, support } from '../testing/renderConsole';
import { auditQueryOf, prettyState, timeText } from './AuditTrailPage';

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const event = {
  id: '41',
  time: '2026-11-20T10:00:00.000Z',
  actor: 'operator@provider.example',
  action: 'update',
  area: 'skus',
  details: 'Changed the SKU ISO-CORE.',
  object: 'ISO-CORE',
  tenant: null,
  tenant_name: null,
  before: '{"name":"Isolation Core"}',
  after: '{"name":"Isolation Core 2"}',
  src_ip: '10.0.0.1',
};

test('support reads the trail, filters it on the server and opens an event before and after', async () => {
  const { mock } = renderConsole('/audit', {
    user: support,
    stubs: (m) => m.onGet(PROVIDER_AUDIT_PATH).reply(200, { events: [event], total: 1 }),
  });
  const table = await screen.findByTestId(providerAuditIds.table);
  expect(await within(table).findByText('Changed the SKU ISO-CORE.')).toBeInTheDocument();
  expect(within(table).getByText('Modified')).toBeInTheDocument();
  // Nothing on the page writes.
  expect(screen.queryByRole('button', { name: /add|save|delete/i })).toBeNull();

  await userEvent.click(screen.getByTestId(`${providerAuditIds.details}-41`));
  const dialog = await screen.findByTestId(providerAuditIds.detailsDialog);
  expect(within(dialog).getByTestId(providerAuditIds.before)).toHaveTextContent('"Isolation Core"');
  expect(within(dialog).getByTestId(providerAuditIds.after)).toHaveTextContent('"Isolation Core 2"');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

  await userEvent.click(screen.getByTestId(providerAuditIds.actorFilter));
  await userEvent.paste('operator@provider.example');
  await waitFor(() =>
    expect(mock.history.get.filter((r) => r.url === PROVIDER_AUDIT_PATH).at(-1)?.params).toMatchObject({
      actor: 'operator@provider.example',
      offset: 0,
      limit: 25,
    }),
  );
  // The action and tenant selects show "Any …" until one is chosen.
  expect(screen.getByTestId(providerAuditIds.tenantFilter)).toHaveTextContent('Any tenant');
  const action = screen.getByRole('combobox', { name: 'Action' });
  expect(action).toBe(screen.getByTestId(providerAuditIds.actionFilter));
  expect(action).toHaveTextContent('Any action');
  await userEvent.click(action);
  await userEvent.click(screen.getByRole('option', { name: 'Modified' }));
  await waitFor(() =>
    expect(mock.history.get.filter((r) => r.url === PROVIDER_AUDIT_PATH).at(-1)?.params).toMatchObject({
      actor: 'operator@provider.example',
      action: 'update',
    }),
  );
});

test('the filters become the query; before and after read as indented JSON', () => {
  const q = auditQueryOf(
    { actor: ' a@b.example ', action: 'create', tenant: 't1', from: '2026-11-01T00:00', to: '' },
    2,
    25,
  );
  expect(q).toMatchObject({ limit: 25, offset: 50, actor: 'a@b.example', action: 'create', tenant: 't1' });
  expect(q.from).toBe(new Date('2026-11-01T00:00').toISOString());
  expect(q.to).toBeUndefined();
  // A tenant's tab is fixed to that tenant.
  expect(auditQueryOf({ actor: '', action: '', tenant: 'x', from: '', to: '' }, 0, 25, 't9').tenant).toBe(
    't9',
  );
  expect(prettyState('{"a":1}')).toBe('{\n  "a": 1\n}');
  expect(prettyState(null)).toBe('—');
  expect(prettyState('not json')).toBe('not json');
  expect(timeText(new Date(2026, 10, 26, 3, 4, 5).toISOString())).toBe('2026-11-26 03:04:05');
});

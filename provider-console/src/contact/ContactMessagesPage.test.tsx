/** The console's contact messages: newest first by tenant and status, the text, marking answered (operators only). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_MESSAGES_PATHS, type ContactMessage } from '@workbench/common/api/contract/contactForm';
import { contactMessagesIds as ids } from '@workbench/common/test-ids/contactIds';
import { providerNavItemId } from '@workbench/common';
import { operator, renderConsole, support } from '../testing/renderConsole';

const message: ContactMessage = {
  id: 'm-1',
  tid: 't-acme',
  tenant_name: 'acme',
  sent_by: 'admin@acme.example',
  sent_at: '2026-11-29T09:30:00.000Z',
  topic: 'billing',
  subject: 'Invoice question',
  message: 'Why two invoices?',
  reply_to: 'billing@acme.example',
  status: 'new',
  answered_by: null,
  answered_at: null,
};
const lists = (mock: { history: { get: Array<{ url?: string; params?: unknown }> } }) =>
  mock.history.get.filter((r) => r.url === CONTACT_MESSAGES_PATHS.list);

test('an operator reads the new messages, opens one, filters by tenant and marks it answered', async () => {
  let current = message;
  const { mock } = renderConsole('/contact-messages', {
    user: operator,
    stubs: (m) => {
      m.onGet(CONTACT_MESSAGES_PATHS.list).reply(() => [200, { total: 1, messages: [current] }]);
      m.onPut(CONTACT_MESSAGES_PATHS.status('m-1')).reply((c) => {
        current = { ...current, ...(JSON.parse(String(c.data)) as object), answered_by: operator.username };
        return [200, current];
      });
    },
  });
  const row = await screen.findByTestId(`${ids.row}-m-1`);
  expect(row).toHaveTextContent('2026-11-29 09:30 UTC');
  expect(row).toHaveTextContent('Billing and licences');
  expect(row).toHaveTextContent('admin@acme.example');
  expect(row).toHaveTextContent('New');
  expect(lists(mock)[0].params).toMatchObject({ status: 'new', offset: 0 });

  await userEvent.click(within(row).getByRole('button', { name: 'Invoice question' }));
  expect(await screen.findByText('Why two invoices?')).toBeInTheDocument();
  expect(screen.getByText(/Answer to billing@acme.example/)).toBeInTheDocument();

  await userEvent.click(screen.getByTestId(ids.tenantFilter));
  await userEvent.click(await screen.findByRole('option', { name: 'acme' }));
  await waitFor(() => expect(lists(mock).at(-1)?.params).toMatchObject({ tenant: 't-acme', status: 'new' }));

  await userEvent.click(screen.getByTestId(`${ids.markAnswered}-m-1`));
  await waitFor(() => expect(screen.getByTestId(`${ids.row}-m-1`)).toHaveTextContent('Answered'));
  expect(JSON.parse(String(mock.history.put[0].data))).toEqual({ status: 'answered' });
  expect(screen.getByTestId(`${ids.reopen}-m-1`)).toBeInTheDocument();
});

test('support reads and cannot mark', async () => {
  renderConsole('/contact-messages', {
    user: support,
    stubs: (m) => m.onGet(CONTACT_MESSAGES_PATHS.list).reply(200, { total: 1, messages: [message] }),
  });
  expect(await screen.findByTestId(`${ids.row}-m-1`)).toBeInTheDocument();
  expect(screen.queryByTestId(`${ids.markAnswered}-m-1`)).toBeNull();
});

test("without the server's contact-messages extension the page is not offered", async () => {
  renderConsole('/contact-messages', { user: operator, extensions: [] });
  expect(await screen.findByTestId('not-found-heading')).toHaveTextContent('Oops!');
  expect(screen.queryByTestId(providerNavItemId('contact_messages'))).toBeNull();
});

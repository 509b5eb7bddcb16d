/**
 * Settings › Log streaming against a fake server: the destinations with their health in words and
 * in the reader's locale, the empty state, a create whose server 400 lands on the field it names
 * with every value kept, the write-only authorisation value on edit (kept, replaced, removed), the
 * test message's outcome, delete with confirmation, and a reader without write controls.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { STREAMING_PATHS, type Destination } from '@workbench/common/api/contract/streaming';
import { localDateTime } from '@workbench/common/formatting/localTime';
import { streamingIds as ids } from '@workbench/common/test-ids/streamingIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { DESTINATION_FORM_MSGS, lagText } from './destinationForm';
import { STREAMING_TEXTS } from './StreamingPage';

afterEach(resetPortalEnv);

// AG Grid draws no rows in jsdom: the table is a plain list driven by the same props.
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const health = (extra: Partial<Destination['health']> = {}): Destination['health'] => ({
  lag_seconds: 0,
  last_success_at: null,
  last_error: null,
  last_error_at: null,
  failures: 0,
  next_attempt_at: null,
  delivered: 0,
  ...extra,
});

const splunk: Destination = {
  id: 'd-1',
  kind: 'http',
  name: 'Splunk',
  log_types: ['web', 'audit'],
  fields: [],
  query: '',
  batch_max_events: 500,
  batch_max_seconds: 5,
  enabled: true,
  url: 'https://splunk.example/services/collector/raw',
  auth_header: 'Authorization',
  auth_value_set: true,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  updated_by: 'admin@acme.example',
  health: health({ delivered: 12_345, last_success_at: '2026-11-29T10:15:07.000Z' }),
};
const collector: Destination = {
  id: 'd-2',
  kind: 'syslog',
  name: 'Collector',
  log_types: ['firewall'],
  fields: ['action', 'srcip'],
  query: 'action:blocked',
  batch_max_events: 100,
  batch_max_seconds: 10,
  enabled: true,
  host: 'siem.example',
  port: 6514,
  tls: true,
  created_at: '2026-11-21T08:00:00.000Z',
  updated_at: '2026-11-21T08:00:00.000Z',
  updated_by: 'admin@acme.example',
  health: health({
    lag_seconds: 185,
    delivered: 40,
    last_success_at: '2026-11-29T09:00:00.000Z',
    last_error: 'connect ECONNREFUSED 203.0.113.7:6514',
    last_error_at: '2026-11-29T10:14:00.000Z',
    failures: 3,
    next_attempt_at: '2026-11-29T10:14:04.000Z',
  }),
};

const open = (role: 'admin' | 'auditor', destinations: Destination[]) =>
  renderPortal({
    path: '/settings/streaming',
    user: demoUser(role),
    stubs: (m: MockAdapter) => {
      m.onGet(STREAMING_PATHS.destinations).reply(200, { destinations });
    },
  });

const SLOW = { timeout: 15_000 };
const posts = (mock: MockAdapter, url: string) => mock.history.post.filter((r) => r.url === url);
const bodyOf = (r: { data?: unknown }) => JSON.parse(r.data as string) as Record<string, unknown>;
const field = (name: string) => screen.getByTestId(`${ids.field}-${name}`);
/**
 * Enters text as a paste into the clicked field: one input event for the value instead of one
 * React render per typed character (a typed URL was most of the create test's CPU). What the tests
 * check is the value the form keeps and sends, not per-key behaviour.
 */
async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}
const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('lagText', () => {
  it('says caught up, or how far behind in the largest sensible unit', () => {
    expect(lagText(0)).toBe('Caught up');
    expect(lagText(4.2)).toBe('4 s behind');
    expect(lagText(185)).toBe('3 min behind');
    expect(lagText(2 * 3600 + 60)).toBe('2 h behind');
    expect(lagText(86_400)).toBe('1 day behind');
    expect(lagText(3 * 86_400)).toBe('3 days behind');
  });
});

describe('Log streaming page (/settings/streaming)', () => {
  it('lists each destination with where it sends, its log types and its health in words and local times', async () => {
    open('admin', [splunk, collector]);
    const table = await screen.findByTestId(ids.table, {}, SLOW);
    expect(await within(table).findByText('Splunk')).toBeInTheDocument();
    expect(
      within(table).getByText('HTTP: https://splunk.example/services/collector/raw'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Syslog: siem.example:6514 (TLS)')).toBeInTheDocument();
    expect(within(table).getByText('Web Logs, Audit Logs')).toBeInTheDocument();
    expect(within(table).getByTestId(`${ids.lag}-d-1`)).toHaveTextContent('Caught up');
    expect(within(table).getByTestId(`${ids.lag}-d-2`)).toHaveTextContent('3 min behind');
    expect(within(table).getByTestId(`${ids.delivered}-d-1`)).toHaveTextContent('12,345 events');
    const success = within(table).getByTestId(`${ids.lastSuccess}-d-1`);
    expect(success).toHaveTextContent(localDateTime('2026-11-29T10:15:07.000Z'));
    expect(success.textContent).not.toContain('2026-11-29T');
    const error = within(table).getByTestId(`${ids.lastError}-d-2`);
    expect(error).toHaveTextContent('connect ECONNREFUSED 203.0.113.7:6514');
    expect(error).toHaveTextContent(localDateTime('2026-11-29T10:14:00.000Z'));
    expect(error).toHaveTextContent('3 failures in a row');
    expect(within(table).getByTestId(`${ids.lastError}-d-1`)).toHaveTextContent(STREAMING_TEXTS.noError);
    expect(within(table).getByTestId(`${ids.nextAttempt}-d-2`)).toHaveTextContent(
      localDateTime('2026-11-29T10:14:04.000Z'),
    );
    expect(screen.getByTestId(ids.total)).toHaveTextContent('2 destinations');
  });

  it('with no destination, says what streaming is and offers Add destination', async () => {
    open('admin', []);
    const empty = await screen.findByTestId(ids.empty, {}, SLOW);
    expect(empty).toHaveTextContent(STREAMING_TEXTS.empty);
    expect(within(empty).getByTestId(ids.add)).toHaveTextContent('Add destination');
  });

  it('a reader (the demo auditor) sees the destinations and their health, and no write control', async () => {
    open('auditor', [splunk]);
    expect(await screen.findByText('Splunk', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId(`${ids.lag}-d-1`)).toHaveTextContent('Caught up');
    expect(screen.queryByTestId(ids.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.edit}-d-1`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.delete}-d-1`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.test}-d-1`)).not.toBeInTheDocument();
  });

  it('bad input shows at its field and sends nothing', async () => {
    const { mock } = open('admin', []);
    await userEvent.click(within(await screen.findByTestId(ids.empty, {}, SLOW)).getByTestId(ids.add));
    await userEvent.clear(field('batch_max_seconds'));
    await enter(field('batch_max_seconds'), '301');
    await userEvent.click(screen.getByTestId(ids.submit));
    await waitFor(() => expect(helperOf(field('name'))).toBe(DESTINATION_FORM_MSGS.nameRequired));
    expect(helperOf(field('url'))).toBe(DESTINATION_FORM_MSGS.urlRequired);
    expect(helperOf(field('batch_max_seconds'))).toBe(
      'The seconds before a partial batch must be from 1 to 300.',
    );
    expect(posts(mock, STREAMING_PATHS.destinations)).toHaveLength(0);
  });

  it("creates one: the server's 400 lands on the field it names, the values stay, and the corrected one is sent", async () => {
    const { mock } = open('admin', []);
    const msg = 'web: Unknown field "colour".';
    mock
      .onPost(STREAMING_PATHS.destinations)
      .replyOnce(400, { statusCode: 400, message: msg, field: 'query' })
      .onPost(STREAMING_PATHS.destinations)
      .replyOnce(200, { ...splunk, id: 'd-9', name: 'SIEM', auth_value_set: true });
    await userEvent.click(within(await screen.findByTestId(ids.empty, {}, SLOW)).getByTestId(ids.add));
    await enter(field('name'), 'SIEM');
    await enter(field('url'), 'https://siem.example/ingest');
    await enter(field('auth_header'), 'Authorization');
    await enter(field('auth_value'), 'Bearer s3cret');
    await userEvent.click(screen.getByTestId(`${ids.field}-log_types-audit`));
    await enter(field('query'), 'colour:red');
    await userEvent.click(screen.getByTestId(ids.submit));

    const query = field('query');
    await waitFor(() => expect(query).toHaveAttribute('aria-invalid', 'true'));
    expect(helperOf(query)).toContain(msg);
    expect(screen.getByTestId(ids.dialog)).toBeInTheDocument();
    expect(field('name')).toHaveValue('SIEM');
    expect(field('url')).toHaveValue('https://siem.example/ingest');
    expect(field('auth_value')).toHaveValue('Bearer s3cret');
    expect(bodyOf(posts(mock, STREAMING_PATHS.destinations)[0])).toEqual({
      kind: 'http',
      name: 'SIEM',
      log_types: ['web', 'audit'],
      fields: [],
      query: 'colour:red',
      batch_max_events: 500,
      batch_max_seconds: 5,
      enabled: true,
      url: 'https://siem.example/ingest',
      auth_header: 'Authorization',
      auth_value: 'Bearer s3cret',
    });

    // Changing the refused value clears the server's message; the next try is sent and closes the dialog.
    await userEvent.clear(query);
    await enter(query, 'action:blocked');
    expect(query).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByTestId(ids.submit));
    await waitFor(() => expect(screen.queryByTestId(ids.dialog)).not.toBeInTheDocument());
    expect(bodyOf(posts(mock, STREAMING_PATHS.destinations)[1])).toMatchObject({ query: 'action:blocked' });
  });

  it('on edit the authorisation value is never shown: left empty it stays, "remove" sends ""', async () => {
    const { mock } = open('admin', [splunk]);
    mock.onPut(STREAMING_PATHS.destinationOf('d-1')).reply(200, splunk);
    await userEvent.click(await screen.findByTestId(`${ids.edit}-d-1`, {}, SLOW));
    expect(field('auth_value')).toHaveValue('');
    expect(helperOf(field('auth_value'))).toContain('A value is set and stays unless you type a new one');
    expect(within(screen.getByTestId(ids.dialog)).queryByTestId(`${ids.field}-start_at`)).toBeNull();
    // The kind is fixed once made.
    expect(field('kind')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByTestId(ids.submit));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    const kept = bodyOf(mock.history.put[0]);
    expect(kept).not.toHaveProperty('auth_value');
    expect(kept).toMatchObject({ kind: 'http', auth_header: 'Authorization', log_types: ['web', 'audit'] });

    await waitFor(() => expect(screen.queryByTestId(ids.dialog)).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId(`${ids.edit}-d-1`));
    await userEvent.click(field('auth_value_remove'));
    expect(helperOf(field('auth_value'))).toBe('The stored value is removed when you save.');
    await userEvent.click(screen.getByTestId(ids.submit));
    await waitFor(() => expect(mock.history.put).toHaveLength(2));
    expect(bodyOf(mock.history.put[1])).toMatchObject({ auth_value: '' });

    await waitFor(() => expect(screen.queryByTestId(ids.dialog)).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId(`${ids.edit}-d-1`));
    await enter(field('auth_value'), 'Splunk new-token');
    await userEvent.click(screen.getByTestId(ids.submit));
    await waitFor(() => expect(mock.history.put).toHaveLength(3));
    expect(bodyOf(mock.history.put[2])).toMatchObject({ auth_value: 'Splunk new-token' });
  });

  it('sends a test message and shows delivered, or the status and the error', async () => {
    const { mock } = open('admin', [splunk, collector]);
    mock.onPost(STREAMING_PATHS.testOf('d-1')).replyOnce(200, { delivered: true, status: 204, error: null });
    mock
      .onPost(STREAMING_PATHS.testOf('d-2'))
      .replyOnce(200, { delivered: false, status: null, error: 'connect ECONNREFUSED 203.0.113.7:6514' });
    await userEvent.click(await screen.findByTestId(`${ids.test}-d-1`, {}, SLOW));
    await waitFor(() =>
      expect(screen.getByTestId(ids.testResult)).toHaveTextContent('Delivered: the receiver answered 204.'),
    );
    await userEvent.click(screen.getByTestId(ids.testClose));
    await waitFor(() => expect(screen.queryByTestId(ids.testDialog)).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId(`${ids.test}-d-2`));
    await waitFor(() =>
      expect(screen.getByTestId(ids.testResult)).toHaveTextContent(
        'Not delivered: connect ECONNREFUSED 203.0.113.7:6514.',
      ),
    );
    expect(posts(mock, STREAMING_PATHS.testOf('d-2'))).toHaveLength(1);
  });

  it('deletes a destination only once confirmed', async () => {
    const { mock } = open('admin', [splunk]);
    mock.onDelete(STREAMING_PATHS.destinationOf('d-1')).replyOnce(200, { deleted: true });
    await userEvent.click(await screen.findByTestId(`${ids.delete}-d-1`, {}, SLOW));
    expect(screen.getByTestId(ids.confirmDialog)).toHaveTextContent(STREAMING_TEXTS.deleteTitle('Splunk'));
    await userEvent.click(screen.getByTestId(ids.confirmCancel));
    expect(mock.history.delete).toHaveLength(0);
    mock.onGet(STREAMING_PATHS.destinations).reply(200, { destinations: [] });
    await userEvent.click(screen.getByTestId(`${ids.delete}-d-1`));
    await userEvent.click(screen.getByTestId(ids.confirm));
    await waitFor(() => expect(mock.history.delete).toHaveLength(1));
    expect(await screen.findByTestId(ids.empty)).toBeInTheDocument();
  });
});

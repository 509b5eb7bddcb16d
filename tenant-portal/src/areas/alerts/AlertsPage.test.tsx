/**
 * The Alerts page against a fake server: the rules list with each rule's state, the create dialog's
 * checks and the server's 400 at the field it names, the firings' acknowledge and silence, a
 * webhook's secret shown once, the delivery log, a reader without write controls, and the header's
 * notifications (unread count, mark read, acknowledge, the link to the logs).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  ALERT_PATHS,
  type AlertFiring,
  type AlertRule,
  type AppNotification,
  type Channel,
} from '@workbench/common/api/contract/alerts';
import { alertsIds as ids } from '@workbench/common/test-ids/alertsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { ALERT_RULE_FORM_MSGS } from './alertRuleForm';
import { ALERTS_TEXTS } from './AlertsPage';

afterEach(resetPortalEnv);

// AG Grid draws no rows in jsdom: the table is a plain list driven by the same props.
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const rule = (n: number, extra: Partial<AlertRule> = {}): AlertRule => ({
  id: `rule-${n}`,
  name: `Rule ${n}`,
  log_type: 'web',
  query: 'action:blocked',
  condition: { kind: 'threshold', window_minutes: 60, threshold: 10, group_by: 'userid' },
  every_minutes: 5,
  severity: 'critical',
  channel_ids: [],
  enabled: true,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  updated_by: 'admin@acme.example',
  last_evaluated_at: '2026-11-29T10:15:00.000Z',
  next_evaluation_at: '2026-11-29T10:20:00.000Z',
  ...extra,
});

const firing = (n: number, extra: Partial<AlertFiring> = {}): AlertFiring => ({
  id: `fire-${n}`,
  rule_id: 'rule-1',
  rule_name: 'Rule 1',
  severity: 'critical',
  state: 'firing',
  started_at: '2026-11-29T10:15:00.000Z',
  updated_at: '2026-11-29T10:15:00.000Z',
  resolved_at: null,
  silenced_until: null,
  acknowledged_by: null,
  count: 42,
  groups: [{ key: 'bob', count: 42 }],
  window_start: '2026-11-29T09:15:00.000Z',
  window_end: '2026-11-29T10:15:00.000Z',
  link: '/#/logs/web?interval=custom&from=1796375700&to=1796379300&q=action%3Ablocked',
  ...extra,
});

interface Stubs {
  rules?: AlertRule[];
  firings?: AlertFiring[];
  channels?: Channel[];
  notifications?: AppNotification[];
}
const stub =
  ({ rules = [], firings = [], channels = [], notifications }: Stubs) =>
  (m: MockAdapter) => {
    m.onGet(ALERT_PATHS.rules).reply(200, { rules });
    m.onGet(ALERT_PATHS.firings).reply(200, { firings });
    m.onGet(ALERT_PATHS.channels).reply(200, { channels });
    if (notifications)
      m.onGet(ALERT_PATHS.notifications).reply(200, {
        unread: notifications.filter((n) => !n.read).length,
        notifications,
      });
  };

const open = (role: 'admin' | 'auditor', stubs: Stubs, path = '/alerts') =>
  renderPortal({ path, user: demoUser(role), stubs: stub(stubs) });

const SLOW = { timeout: 15_000 };
const posts = (mock: MockAdapter, url: string) => mock.history.post.filter((r) => r.url === url);

describe('Alerts page (/alerts)', () => {
  it('lists the rules: name, log type, condition, severity, state from the open firing, last evaluated', async () => {
    open('admin', {
      rules: [
        rule(1),
        rule(2, {
          enabled: false,
          query: '',
          condition: { kind: 'new_value', window_minutes: 1440, field: 'domain', lookback_days: 7 },
        }),
      ],
      firings: [firing(1)],
    });
    // The page is loaded on demand: the first render may take a while on a busy machine.
    const table = await screen.findByTestId(ids.rulesTable, {}, SLOW);
    expect(await within(table).findByText('Rule 1')).toBeInTheDocument();
    expect(within(table).getByText('action:blocked: more than 10 per userid in 1 hour')).toBeInTheDocument();
    expect(
      within(table).getByText('Every event: new domain in 1 day, not seen in 7 days before'),
    ).toBeInTheDocument();
    expect(within(table).getAllByText('Web Logs')).toHaveLength(2);
    expect(await within(table).findByTestId(`${ids.firingState}-rule-rule-1`)).toHaveTextContent('Firing');
    expect(within(table).getByTestId(`${ids.firingState}-rule-rule-2`)).toHaveTextContent('Disabled');
    expect(within(table).getAllByText('Critical')).toHaveLength(2);
    expect(within(table).getAllByText('2026-11-29 10:15 UTC')).toHaveLength(2);
    expect(screen.getByTestId(ids.rulesTotal)).toHaveTextContent('2 rules');
  });

  it('a reader (the demo auditor) sees rules, firings and channels and no write control', async () => {
    open('auditor', { rules: [rule(1)], firings: [firing(1)] });
    expect(await screen.findByText('Rule 1', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.createRule)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.editRule}-rule-1`)).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId(`${ids.tab}-firings`));
    expect(await screen.findByTestId(`${ids.firingState}-fire-1`)).toHaveTextContent('Firing');
    expect(screen.queryByTestId(`${ids.acknowledge}-fire-1`)).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId(`${ids.tab}-channels`));
    expect(await screen.findByText(ALERTS_TEXTS.noChannels)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.createChannel)).not.toBeInTheDocument();
  });

  it('bad input shows at its field and sends nothing', async () => {
    const { mock } = open('admin', {});
    await userEvent.click(await screen.findByTestId(ids.createRule, {}, SLOW));
    const dialog = screen.getByTestId(ids.ruleDialog);
    await userEvent.clear(screen.getByTestId(`${ids.ruleField}-window_minutes`));
    await userEvent.type(screen.getByTestId(`${ids.ruleField}-window_minutes`), '0');
    await userEvent.click(screen.getByTestId(ids.ruleSubmit));
    expect(await within(dialog).findByText(ALERT_RULE_FORM_MSGS.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('The window in minutes must be from 1 to 10,080.')).toBeInTheDocument();
    expect(posts(mock, ALERT_PATHS.rules)).toHaveLength(0);
  });

  it("the server's 400 shows at the field it names (the query), and the dialog stays", async () => {
    const { mock } = open('admin', {});
    const msg = 'Unknown field "colour".';
    mock.onPost(ALERT_PATHS.rules).replyOnce(400, { statusCode: 400, message: msg, field: 'query' });
    await userEvent.click(await screen.findByTestId(ids.createRule, {}, SLOW));
    await userEvent.type(screen.getByTestId(`${ids.ruleField}-name`), 'Colours');
    await userEvent.type(screen.getByTestId(`${ids.ruleField}-query`), 'colour:red');
    await userEvent.click(screen.getByTestId(ids.ruleSubmit));
    const query = screen.getByTestId(`${ids.ruleField}-query`);
    await waitFor(() => expect(query).toHaveAttribute('aria-invalid', 'true'));
    const helper = document.getElementById(query.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toContain(msg);
    expect(screen.getByTestId(ids.ruleDialog)).toBeInTheDocument();
    const body = JSON.parse(posts(mock, ALERT_PATHS.rules)[0].data as string) as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Colours',
      log_type: 'web',
      query: 'colour:red',
      condition: { kind: 'threshold', window_minutes: 15, threshold: 0 },
      every_minutes: 5,
      severity: 'warning',
      channel_ids: [],
      enabled: true,
    });
  });

  it('acknowledges a firing and silences another until a time, reading the firings again', async () => {
    const { mock } = open(
      'admin',
      { rules: [rule(1)], firings: [firing(1), firing(2)] },
      '/alerts?tab=firings',
    );
    mock.onPost(ALERT_PATHS.acknowledgeOf('fire-1')).replyOnce(200, firing(1, { state: 'acknowledged' }));
    await userEvent.click(await screen.findByTestId(`${ids.acknowledge}-fire-1`, {}, SLOW));
    await waitFor(() => expect(posts(mock, ALERT_PATHS.acknowledgeOf('fire-1'))).toHaveLength(1));
    mock.onPost(ALERT_PATHS.silenceOf('fire-2')).replyOnce(200, firing(2, { state: 'silenced' }));
    await userEvent.click(screen.getByTestId(`${ids.silence}-fire-2`));
    await userEvent.click(screen.getByTestId(ids.silenceSubmit));
    await waitFor(() => expect(posts(mock, ALERT_PATHS.silenceOf('fire-2'))).toHaveLength(1));
    const until = Date.parse(
      (JSON.parse(posts(mock, ALERT_PATHS.silenceOf('fire-2'))[0].data as string) as { until: string }).until,
    );
    // One hour from now by default.
    expect(Math.round((until - Date.now()) / 60_000)).toBe(60);
    expect(screen.getByTestId(`${ids.firingLink}-fire-1`)).toHaveAttribute(
      'href',
      // The test's memory router writes no hash; the portal's hash router does.
      '/logs/web?interval=custom&from=1796375700&to=1796379300&q=action%3Ablocked',
    );
  });

  it('creates a webhook channel and shows its secret once; the list never has it; the delivery log', async () => {
    const hook: Channel = {
      id: 'ch-1',
      kind: 'webhook',
      name: 'SOAR',
      url: 'https://soar.example/hook',
      created_at: '2026-11-29T09:00:00.000Z',
    };
    const { mock } = open('admin', {}, '/alerts?tab=channels');
    mock.onPost(ALERT_PATHS.channels).replyOnce(200, { ...hook, secret: 'whsec-1' });
    await userEvent.click(await screen.findByTestId(ids.createChannel, {}, SLOW));
    await userEvent.click(screen.getByTestId(`${ids.channelField}-kind`));
    await userEvent.click(await screen.findByRole('option', { name: 'Webhook' }));
    await userEvent.type(screen.getByTestId(`${ids.channelField}-name`), 'SOAR');
    await userEvent.type(screen.getByTestId(`${ids.channelField}-url`), 'https://soar.example/hook');
    mock.onGet(ALERT_PATHS.channels).reply(200, { channels: [hook] });
    await userEvent.click(screen.getByTestId(ids.channelSubmit));
    expect(await screen.findByTestId(ids.secret)).toHaveTextContent('whsec-1');
    expect(JSON.parse(posts(mock, ALERT_PATHS.channels)[0].data as string)).toEqual({
      kind: 'webhook',
      name: 'SOAR',
      url: 'https://soar.example/hook',
    });
    await userEvent.click(screen.getByTestId(ids.secretDone));
    await waitFor(() => expect(screen.queryByText('whsec-1')).not.toBeInTheDocument());
    expect(await screen.findByText('https://soar.example/hook')).toBeInTheDocument();
    mock.onGet(ALERT_PATHS.deliveriesOf('ch-1')).reply(200, {
      deliveries: [
        {
          id: 'd1',
          at: '2026-11-29T10:16:00.000Z',
          attempt: 1,
          status: 503,
          error: 'HTTP 503',
          subject: 'Rule 1 fired',
        },
      ],
    });
    await userEvent.click(screen.getByTestId(`${ids.channelDeliveries}-ch-1`));
    const log = await screen.findByTestId(ids.deliveriesTable);
    expect(await within(log).findByText('Rule 1 fired')).toBeInTheDocument();
    expect(within(log).getAllByText('503').length).toBeGreaterThan(0);
  });
});

describe("the header's notifications", () => {
  const note = (n: number, extra: Partial<AppNotification> = {}): AppNotification => ({
    id: `n-${n}`,
    created_at: '2026-11-29T10:15:00.000Z',
    severity: 'critical',
    title: `Rule ${n} fired`,
    body: '42 events',
    link: firing(1).link,
    firing_id: `fire-${n}`,
    read: false,
    ...extra,
  });

  it('shows the unread count; marks one read, all read, and acknowledges a firing from the list', async () => {
    const { mock } = open('admin', { notifications: [note(1), note(2), note(3, { read: true })] });
    const bell = await screen.findByTestId(ids.bell, {}, SLOW);
    await waitFor(() => expect(screen.getByTestId(ids.unread)).toHaveTextContent('2'));
    await userEvent.click(bell);
    const list = await screen.findByTestId(ids.list);
    expect(within(list).getByTestId(`${ids.itemLink}-n-1`)).toHaveAttribute(
      'href',
      // The test's memory router writes no hash; the portal's hash router does.
      '/logs/web?interval=custom&from=1796375700&to=1796379300&q=action%3Ablocked',
    );
    mock.onPost(ALERT_PATHS.readOf('n-1')).replyOnce(200, { marked: 1 });
    await userEvent.click(within(list).getByTestId(`${ids.itemRead}-n-1`));
    await waitFor(() => expect(posts(mock, ALERT_PATHS.readOf('n-1'))).toHaveLength(1));
    mock.onPost(ALERT_PATHS.acknowledgeOf('fire-2')).replyOnce(200, firing(2, { state: 'acknowledged' }));
    mock.onPost(ALERT_PATHS.readOf('n-2')).replyOnce(200, { marked: 1 });
    await userEvent.click(within(list).getByTestId(`${ids.itemAcknowledge}-n-2`));
    await waitFor(() => expect(posts(mock, ALERT_PATHS.readOf('n-2'))).toHaveLength(1));
    expect(posts(mock, ALERT_PATHS.acknowledgeOf('fire-2'))).toHaveLength(1);
    mock.onPost(ALERT_PATHS.readAll).replyOnce(200, { marked: 2 });
    await userEvent.click(within(list).getByTestId(ids.readAll));
    await waitFor(() => expect(posts(mock, ALERT_PATHS.readAll)).toHaveLength(1));
  });

  it('is not offered without the alerts extension', async () => {
    renderPortal({ path: '/dashboard', user: demoUser('admin'), extensions: [] });
    expect(await screen.findByTestId('user-menu-button')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.bell)).not.toBeInTheDocument();
  });
});

/**
 * The alerts API and evaluation over real HTTP, on a real server with stores in a temporary
 * directory and a test clock: bad input, permission, another tenant; a rule fires once when its
 * threshold is crossed, resolves, respects acknowledgement and silence; webhooks reach a local
 * receiver that checks the signature, and a failing receiver sees the retries; e-mail reaches a
 * real SMTP server started here. Requests are written from docs/alerts.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import {
  signIn,
  signInWithRoles,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { openTestEventStore } from '../testing/testEventStore';
import type { EventStore, NewEvent } from '../events/eventStore';

let server: TestServer;
let events: EventStore;
let admin: SignedIn;
let globex: SignedIn;
let acmeTid: string;
let smtp: SMTPServer;
const mails: ParsedMail[] = [];
let receiver: http.Server;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let failing: http.Server;
let failingHits = 0;

const MINUTE = 60_000;
const web = (atMs: number, domain: string, userid = 'alice'): NewEvent => ({
  tid: acmeTid,
  logType: 'scan_web',
  time: atMs,
  fields: { domain, action: 'block', userid },
});
const listen = async (s: http.Server | SMTPServer) =>
  new Promise<number>((resolve) =>
    (s as http.Server).listen(0, '127.0.0.1', () =>
      resolve(((s as http.Server).address() as AddressInfo).port),
    ),
  );

beforeAll(async () => {
  // The receivers listen on loopback: a deployment allows such private destinations by name (net/README.md).
  process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = '127.0.0.1/32';
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((m) => {
        mails.push(m);
        callback();
      }, callback);
    },
  });
  const smtpPort = await new Promise<number>((resolve) => {
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port));
  });
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  failing = http.createServer((request, response) => {
    failingHits += 1;
    request.resume();
    response.statusCode = 503;
    response.end();
  });
  await listen(receiver);
  await listen(failing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-events-'));
  events = await openTestEventStore(dir);
  server = await startTestServer({
    events: { store: events, reportFiles: { timer: false } },
    alerts: { timer: false, retryBaseMs: 5 },
    smtp: {
      host: '127.0.0.1',
      port: smtpPort,
      security: 'none',
      username: '',
      password: '',
      from: 'alerts@workbench.test',
    },
  });
  acmeTid = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme')!.tid;
  // acme's demo outgoing mail server (smtp.acme.example) would be used first: mail goes to the deployment's.
  await server.app.workbench.store.entities.delete('service_settings_smtp', acmeTid);
  admin = await signIn(server, 'admin@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});

afterAll(async () => {
  await server?.close();
  await events?.close();
  await new Promise((r) => smtp.close(() => r(undefined)));
  receiver.close();
  failing.close();
});

const call = (who: SignedIn, p: string, method = 'GET', body?: unknown) =>
  server.call(p, { method, jar: who.jar, ...(body !== undefined ? { body } : {}) });
const tick = () => server.app.workbench.alerts!.scheduler.tick();

const rule = (over: Record<string, unknown> = {}) => ({
  name: 'Blocked gambling',
  log_type: 'web',
  query: 'domain:casino.example',
  condition: { kind: 'threshold', window_minutes: 10, threshold: 2 },
  every_minutes: 5,
  severity: 'warning',
  channel_ids: [],
  enabled: true,
  ...over,
});

describe('alert rules: input, permission, tenant', () => {
  it('refuses bad input naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ query: 'domain:(' }, 'query'],
      [{ name: '   ' }, 'name'],
      [
        { condition: { kind: 'threshold', window_minutes: 10, threshold: 2, group_by: 'nope' } },
        'condition.group_by',
      ],
      [{ channel_ids: ['missing'] }, 'channel_ids'],
      [{ every_minutes: 0 }, 'every_minutes'],
      [{ log_type: 'mail' }, 'log_type'],
    ];
    for (const [over, field] of cases) {
      const r = await call(admin, '/api/alerts/v1/rules', 'POST', rule(over));
      expect(r.status).toBe(400);
      expect(JSON.stringify(await r.json())).toContain(field);
    }
    expect((await (await call(admin, '/api/alerts/v1/rules')).json()).rules).toEqual([]);
  });

  it('needs settings:alerts (read to list, write to change) and the logs permission of the rule', async () => {
    const reader = await signInWithRoles(server, 'acme', 'alerts-reader@acme.example', {
      read: ['settings:alerts', 'logs:web'],
      write: [],
    });
    expect((await call(reader, '/api/alerts/v1/rules')).status).toBe(200);
    expect((await call(reader, '/api/alerts/v1/rules', 'POST', rule())).status).toBe(403);
    const logs = await signIn(server, 'logs@acme.example');
    expect((await call(logs, '/api/alerts/v1/rules')).status).toBe(403);
    const noLogs = await signInWithRoles(server, 'acme', 'alerts-only@acme.example', {
      read: ['settings:alerts'],
      write: ['settings:alerts'],
    });
    expect((await call(noLogs, '/api/alerts/v1/rules', 'POST', rule())).status).toBe(403);
  });

  it("answers another tenant's rule 404 and leaves it as it was", async () => {
    const made = await (
      await call(admin, '/api/alerts/v1/rules', 'POST', rule({ name: 'acme only', enabled: false }))
    ).json();
    expect((await call(globex, `/api/alerts/v1/rules/${made.id}`)).status).toBe(404);
    expect((await call(globex, `/api/alerts/v1/rules/${made.id}`, 'PUT', rule())).status).toBe(404);
    expect((await call(globex, `/api/alerts/v1/rules/${made.id}`, 'DELETE')).status).toBe(404);
    expect((await call(globex, `/api/alerts/v1/rules/${made.id}/evaluations`)).status).toBe(404);
    expect((await call(admin, `/api/alerts/v1/rules/${made.id}`)).status).toBe(200);
    expect((await call(admin, `/api/alerts/v1/rules/${made.id}`, 'DELETE')).status).toBe(200);
  });
});

describe('evaluation and notifications', () => {
  it('fires once over the threshold, notifies by webhook (signed), e-mail and in-app, then resolves', async () => {
    const hook = await (
      await call(admin, '/api/alerts/v1/channels', 'POST', {
        kind: 'webhook',
        name: 'SIEM hook',
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      })
    ).json();
    expect(hook.secret).toMatch(/^[\w-]{40,}$/);
    const listed = (await (await call(admin, '/api/alerts/v1/channels')).json()).channels;
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    const mail = await (
      await call(admin, '/api/alerts/v1/channels', 'POST', {
        kind: 'email',
        name: 'SOC',
        addresses: ['soc@acme.example'],
      })
    ).json();
    const made = await (
      await call(admin, '/api/alerts/v1/rules', 'POST', rule({ channel_ids: [hook.id, mail.id] }))
    ).json();
    const now = server.clock.now().getTime();
    await events.append([web(now - MINUTE, 'casino.example'), web(now - 2 * MINUTE, 'casino.example')]);
    await tick();
    expect((await (await call(admin, `/api/alerts/v1/firings?rule_id=${made.id}`)).json()).firings).toEqual(
      [],
    );

    await events.append([web(now - 3 * MINUTE, 'casino.example'), web(now - 3 * MINUTE, 'other.example')]);
    server.clock.advance(5 * MINUTE);
    await tick();
    const [firing] = (await (await call(admin, `/api/alerts/v1/firings?rule_id=${made.id}`)).json()).firings;
    expect(firing).toMatchObject({ state: 'firing', count: 3, rule_name: 'Blocked gambling' });
    expect(firing.link).toContain('q=domain%3Acasino.example');
    // The link's window counts what the firing counted (the logs' own condition).
    const from = new URLSearchParams(firing.link.split('?')[1]);
    const counted = await call(
      admin,
      `/api/rep/v1/query/scan_web?start=${from.get('from')}&end=${from.get('to')}&q=${encodeURIComponent('domain:casino.example')}&limit=1000`,
    );
    if (counted.status === 200)
      expect(JSON.stringify(await counted.json()).match(/casino\.example/g)?.length).toBe(3);

    expect(received).toHaveLength(1);
    const { headers, body } = received[0];
    const signed = `sha256=${crypto.createHmac('sha256', hook.secret).update(`${headers['x-workbench-timestamp']}.${body}`).digest('hex')}`;
    expect(headers['x-workbench-signature']).toBe(signed);
    expect(JSON.parse(body)).toMatchObject({ event: 'fired', firing: { count: 3 } });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Alert firing: Blocked gambling');
    expect(mails[0].text).toContain('3 matching web events');
    // The window as a person reads it, in the tenant's time zone (UTC until its settings say
    // otherwise), never as ISO strings.
    expect(mails[0].text).toMatch(/from \d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)/);
    expect(mails[0].text).not.toMatch(/\d\dT\d\d:\d\d/);

    const inbox = await (await call(admin, '/api/alerts/v1/notifications')).json();
    expect(inbox.unread).toBe(1);
    expect(inbox.notifications[0]).toMatchObject({ title: 'Alert firing: Blocked gambling', read: false });

    // Still over the threshold: no repeat.
    server.clock.advance(5 * MINUTE);
    await events.append([0, 1, 2].map(() => web(server.clock.now().getTime() - MINUTE, 'casino.example')));
    await tick();
    expect(received).toHaveLength(1);
    expect(mails).toHaveLength(1);

    // Acknowledged, then resolved: the resolution notifies; the history has every evaluation.
    expect((await call(admin, `/api/alerts/v1/firings/${firing.id}/acknowledge`, 'POST', {})).status).toBe(
      200,
    );
    server.clock.advance(20 * MINUTE);
    await tick();
    const after = (await (await call(admin, `/api/alerts/v1/firings?rule_id=${made.id}`)).json()).firings[0];
    expect(after.state).toBe('resolved');
    expect(received.map((r) => JSON.parse(r.body).event)).toEqual(['fired', 'resolved']);
    const history = (await (await call(admin, `/api/alerts/v1/rules/${made.id}/evaluations`)).json())
      .evaluations;
    expect(history.map((e: { outcome: string }) => e.outcome)).toEqual([
      'resolved',
      'still_firing',
      'fired',
      'ok',
    ]);

    const deliveries = (await (await call(admin, `/api/alerts/v1/channels/${hook.id}/deliveries`)).json())
      .deliveries;
    expect(deliveries.map((d: { status: number }) => d.status)).toEqual([204, 204]);
    expect((await call(admin, '/api/alerts/v1/notifications/read_all', 'POST', {})).status).toBe(200);
    expect((await (await call(admin, '/api/alerts/v1/notifications')).json()).unread).toBe(0);
    expect((await call(admin, `/api/alerts/v1/rules/${made.id}`, 'DELETE')).status).toBe(200);
  });

  it('a silenced firing notifies nothing; a failing webhook is retried and each attempt logged', async () => {
    const bad = await (
      await call(admin, '/api/alerts/v1/channels', 'POST', {
        kind: 'webhook',
        name: 'Down',
        url: `http://127.0.0.1:${(failing.address() as AddressInfo).port}/`,
      })
    ).json();
    const made = await (
      await call(
        admin,
        '/api/alerts/v1/rules',
        'POST',
        rule({
          name: 'Per user',
          query: 'domain:silence.example',
          channel_ids: [bad.id],
          condition: { kind: 'threshold', window_minutes: 10, threshold: 0, group_by: 'userid' },
        }),
      )
    ).json();
    const now = server.clock.now().getTime();
    await events.append([web(now - MINUTE, 'silence.example', 'bob')]);
    await tick();
    expect(failingHits).toBe(4);
    const log = (await (await call(admin, `/api/alerts/v1/channels/${bad.id}/deliveries`)).json()).deliveries;
    expect(log.map((d: { attempt: number; status: number }) => [d.attempt, d.status])).toEqual([
      [4, 503],
      [3, 503],
      [2, 503],
      [1, 503],
    ]);
    const [firing] = (await (await call(admin, `/api/alerts/v1/firings?rule_id=${made.id}`)).json()).firings;
    expect(firing.groups).toEqual([{ key: 'bob', count: 1 }]);
    expect(
      (
        await call(admin, `/api/alerts/v1/firings/${firing.id}/silence`, 'POST', {
          until: '2000-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(400);
    const until = new Date(server.clock.now().getTime() + 60 * MINUTE).toISOString();
    expect((await call(admin, `/api/alerts/v1/firings/${firing.id}/silence`, 'POST', { until })).status).toBe(
      200,
    );
    // A new group while silenced: no notification.
    server.clock.advance(5 * MINUTE);
    await events.append([web(server.clock.now().getTime() - MINUTE, 'silence.example', 'carol')]);
    await tick();
    expect(failingHits).toBe(4);
    expect((await call(globex, `/api/alerts/v1/firings/${firing.id}/acknowledge`, 'POST', {})).status).toBe(
      404,
    );
  });

  it("a scheduled report's run is mailed to its recipients with its file attached", async () => {
    const made = await call(admin, '/api/reports/v1/scheduled_reports', 'PUT', {
      name: 'Hourly web mail',
      source: { dashboard: 'web' },
      interval: '24h',
      schedule: { preset: 'custom', cron: '0 * * * *', timezone: 'Europe/Berlin' },
      format: 'csv',
      recipients: ['secops@acme.example', 'ciso@acme.example'],
      enabled: true,
    });
    expect(made.status).toBe(200);
    const before = mails.length;
    server.clock.advance(60 * MINUTE);
    // Sessions idle out after an hour.
    admin = await signIn(server, 'admin@acme.example');
    await server.app.workbench.reportScheduler!.tick();
    const mail = await (async () => {
      for (;;) {
        const found = mails.slice(before).find((m) => m.subject === 'Scheduled report: Hourly web mail');
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const past = (await (await call(admin, '/api/reports/v1/past_reports')).json()).past_reports as {
      name: string;
      file_name: string;
      size: number;
    }[];
    const report = past.find((p) => p.name === 'Hourly web mail')!;
    expect((mail.to as { text: string }).text).toBe('secops@acme.example, ciso@acme.example');
    expect(mail.attachments.map((a) => [a.filename, a.size])).toEqual([[report.file_name, report.size]]);
    // The range in the schedule's own zone, as the report file shows it.
    expect(mail.text).toMatch(
      /\(\d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin\)\)/,
    );
  });

  it('two schedulers on one config store never both evaluate the same due time', async () => {
    const made = await (await call(admin, '/api/alerts/v1/rules', 'POST', rule({ name: 'Twice?' }))).json();
    const { AlertEvaluator } = await import('./alertEvaluator');
    const { Notifier } = await import('./notifier');
    const ctx = server.app.workbench;
    const other = new AlertEvaluator({
      store: ctx.store,
      events,
      now: ctx.now,
      notifier: new Notifier({ store: ctx.store, now: ctx.now, smtp: null, retryBaseMs: 5, publicUrl: '' }),
    });
    const [a, b] = await Promise.all([tick(), other.scheduler.tick()]);
    expect([...a, ...b].filter((id) => id === made.id)).toHaveLength(1);
    const history = (await (await call(admin, `/api/alerts/v1/rules/${made.id}/evaluations`)).json())
      .evaluations;
    expect(history).toHaveLength(1);
  });
});

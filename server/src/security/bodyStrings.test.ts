/**
 * Issue 38 point 2, on the embedded store and on PostgreSQL: a NUL (or another control character)
 * in a JSON body answered 500 on PostgreSQL and was stored on SQLite. One rule for every body
 * string: refused with a 400 naming the field, the same on both engines, and nothing changes.
 * Multi-line fields keep tab, line feed and carriage return. Requests are written from the
 * spec's text (paths and field names as the spec gives them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore } from '../events/eventStore';
import { makeSelfSignedCertificate } from '../identity/certificates';
import { openTestEventStore } from '../testing/testEventStore';
import { testPostgresOfFile } from '../testing/testPostgres';
import {
  signIn,
  signInOperator,
  startTestServer,
  TEST_PASSWORD,
  type CookieJar,
  type TestServer,
} from '../testing/testServer';

const testPg = testPostgresOfFile();
const engines: [string, () => Promise<string | undefined>][] = [
  ['the embedded store', () => Promise.resolve(undefined)],
  ...(testPg.enabled
    ? [['PostgreSQL', () => testPg.server().freshUrl()] as [string, () => Promise<string>]]
    : []),
];

describe.each(engines)('on %s', (_engine, configUrl) => {
  let server: TestServer;
  let events: EventStore;
  let eventsDir: string;
  let admin: CookieJar;
  let operator: CookieJar;
  beforeAll(async () => {
    eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'body-strings-'));
    events = await openTestEventStore(eventsDir);
    const url = await configUrl();
    server = await startTestServer({
      events: { store: events, reportFiles: { timer: false } },
      ...(url ? { configUrl: url } : {}),
    });
    admin = (await signIn(server, 'admin@acme.example')).jar;
    operator = (await signInOperator(server, 'operator@provider.example')).jar;
  });
  afterAll(async () => {
    await server.close();
    await events.close();
    fs.rmSync(eventsDir, { recursive: true, force: true });
  });

  const send = (method: string, url: string, body: unknown, jar?: CookieJar) =>
    server.call(url, { method, body, jar });

  // The list: each answered 500 on PostgreSQL (or stored the value on SQLite).
  const cases: [string, string, string, () => CookieJar | undefined, unknown, string][] = [
    [
      'sign-in',
      'POST',
      '/api/auth/v1/login',
      () => undefined,
      { username: 'a\u0000b', password: 'x' },
      'username',
    ],
    [
      'appliance sign-in',
      'POST',
      '/api/v1/login',
      () => undefined,
      { username: 'a\u0000b', password: 'x' },
      'username',
    ],
    [
      'the local IdP',
      'POST',
      '/idp/token',
      () => undefined,
      { username: 'operator@provider.example', password: 'x\u0000' },
      'password',
    ],
    [
      'a saved search',
      'POST',
      '/api/rep/v1/saved_searches',
      () => admin,
      { name: 'a\u0000b', route: 'web', query: '' },
      'name',
    ],
    [
      'user creation',
      'POST',
      '/api/udb-rest/v2/users',
      () => admin,
      { username: 'nul@acme.example', password: TEST_PASSWORD, first_name: 'a\u0000b' },
      'first_name',
    ],
    [
      'a scheduled report',
      'POST',
      '/api/reports/v1/scheduled_reports',
      () => admin,
      { name: 'Weekly', recipients: ['a\u0000@acme.example'] },
      'recipients.0',
    ],
    [
      'reset password',
      'POST',
      '/api/udb-rest/v2/reset_password',
      () => admin,
      { username: 'a\u0000b' },
      'username',
    ],
    [
      'default_deployment',
      'PUT',
      '/gdmanage/api/v1/default_deployment',
      () => operator,
      { default_deployment: 'us\u0000' },
      'default_deployment',
    ],
    [
      'rolloutinit',
      'POST',
      '/gdmanage/api/v1/tenants/nakatomi/rolloutinit',
      () => operator,
      { rollout_id: '\u0000' },
      'rollout_id',
    ],
  ];

  test.each(cases)(
    'a NUL in %s (%s %s) is 400 naming the field',
    async (_name, method, url, jar, body, field) => {
      const response = await send(method, url, body, jar());
      expect([response.status, await response.json()]).toEqual([
        400,
        expect.objectContaining({ field, message: `${field} must not contain a NUL character.` }),
      ]);
    },
  );

  test.each([
    ['ESC', '\u001b', 'U+001B'],
    ['DEL', '\u007f', 'U+007F'],
    ['a C1 control', '\u0085', 'U+0085'],
    ['a form feed', '\f', 'U+000C'],
  ])(
    '%s in a body string is 400 naming the field and the character; nothing is saved',
    async (_n, c, label) => {
      const response = await send(
        'POST',
        '/api/rep/v1/saved_searches',
        { name: `x${c}`, route: 'web', query: '' },
        admin,
      );
      expect([response.status, await response.json()]).toEqual([
        400,
        expect.objectContaining({
          field: 'name',
          message: `name must not contain the control character ${label}.`,
        }),
      ]);
      const list = (await (await server.call('/api/rep/v1/saved_searches', { jar: admin })).json()) as {
        saved_searches: { name: string }[];
      };
      expect(list.saved_searches.map((s) => s.name)).not.toContain(`x${c}`);
    },
  );

  test('nested fields and keys are named by their path', async () => {
    const nested = await send(
      'POST',
      '/api/settings/v1/tenants/pac/test',
      { url: 'https://a.example/', client_ip: '10.0.0.1', hosts: { 'a.example': '10.0.0.\u0000' } },
      admin,
    );
    expect([nested.status, (await nested.json()).field]).toEqual([400, 'hosts.a.example']);
    const key = await send(
      'POST',
      '/api/settings/v1/tenants/pac/test',
      { url: 'https://a.example/', client_ip: '10.0.0.1', hosts: { 'a\u0000': '10.0.0.1' } },
      admin,
    );
    expect([key.status, (await key.json()).field]).toEqual([400, 'hosts']);
  });

  test('multi-line fields keep tab, line feed and carriage return', async () => {
    const pem = (await makeSelfSignedCertificate('Line CA', new Date(), 30)).certificatePem;
    const walk: [string, string, unknown, number][] = [
      // A certificate PEM with Windows line ends.
      ['/api/settings/v1/tenants/decodeCert', 'POST', { cert: pem.replace(/\n/g, '\r\n') }, 200],
      // A PAC file indented with tabs.
      [
        '/api/settings/v1/tenants/pac/test',
        'POST',
        {
          url: 'https://a.example/',
          client_ip: '10.0.0.1',
          pac: 'function FindProxyForURL(url, host) {\r\n\treturn "DIRECT";\r\n}\n',
        },
        200,
      ],
      // A saved search's query over two lines, with a tab.
      ['/api/rep/v1/saved_searches', 'POST', { name: 'Two lines', route: 'web', query: 'a\n\tb\r\n' }, 200],
    ];
    for (const [url, method, body, status] of walk) {
      const response = await send(method, url, body, admin);
      expect([url, response.status]).toEqual([url, status]);
    }
  });
});

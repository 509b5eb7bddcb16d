import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXTENSION_IDS } from '@workbench/common/api/contract/extensions';
import { execFileSync } from 'node:child_process';
import { ConfigError, FILE_FORMS, FILE_VARIABLES, fromEnvOrFile, readConfig } from './config';

const root = '/repo';

test('defaults: port 8080, ./data under the repo root, ec2, no mode, no demo password or events, no insights application', () => {
  expect(readConfig({}, root)).toEqual({
    port: 8080,
    host: '127.0.0.1',
    dataDir: path.resolve(root, 'data'),
    demoPassword: undefined,
    deployment: 'ec2',
    mode: null,
    demoEvents: undefined,
    insightsUrl: null,
    storageEndpoint: null,
    publicIps: [],
    loginRatePerMinute: undefined,
    liveEventsPerSecond: 2,
    configUrl: null,
    eventsUrl: null,
    trustedProxies: [],
    extensions: EXTENSION_IDS,
    region: null,
    secretKeys: null,
    secureCookies: false,
    smtp: null,
    logLevel: 'warn',
    readyTimeoutMs: 2000,
    eventsTimeoutMs: 30_000,
    eventsReplicas: 1,
    metricsAllow: ['loopback'],
    leaseMs: 30_000,
  });
});

test('WORKBENCH_EXTENSIONS: all (default), none, or a list of extension ids; an unknown id stops the start naming it', () => {
  expect(readConfig({ WORKBENCH_EXTENSIONS: 'all' }, root).extensions).toEqual(EXTENSION_IDS);
  expect(readConfig({ WORKBENCH_EXTENSIONS: ' none ' }, root).extensions).toEqual([]);
  // In the registry's order, whatever the list's.
  expect(readConfig({ WORKBENCH_EXTENSIONS: 'policy-tester, revision-history' }, root).extensions).toEqual([
    'revision-history',
    'policy-tester',
  ]);
  expect(() => readConfig({ WORKBENCH_EXTENSIONS: 'revision-history,trust' }, root)).toThrow(
    /WORKBENCH_EXTENSIONS .*"trust" is not one of them/,
  );
  expect(() => readConfig({ WORKBENCH_EXTENSIONS: 'revision-history,' }, root)).toThrow(ConfigError);
});

test("WORKBENCH_TRUST_PROXY: the proxies' addresses; true (every hop) and anything but addresses stop the start", () => {
  expect(
    readConfig({ WORKBENCH_TRUST_PROXY: ' 10.0.0.5, 10.0.1.0/24,::1,fd00::/8,loopback ' }, root)
      .trustedProxies,
  ).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'fd00::/8', 'loopback']);
  expect(readConfig({ WORKBENCH_TRUST_PROXY: 'false' }, root).trustedProxies).toEqual([]);
  expect(() => readConfig({ WORKBENCH_TRUST_PROXY: 'true' }, root)).toThrow(
    /would trust X-Forwarded-For from any address/,
  );
  for (const bad of ['proxy.internal', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.1,', '*']) {
    expect(() => readConfig({ WORKBENCH_TRUST_PROXY: bad }, root)).toThrow(ConfigError);
  }
});

const KEY = Buffer.alloc(32, 1).toString('base64');
const OLD_KEY = Buffer.alloc(32, 2).toString('hex');

test('WORKBENCH_CONFIG_URL: a postgres:// URL selects the PostgreSQL config store; anything else stops the start', () => {
  const url = 'postgres://workbench:secret@db.internal:5432/workbench';
  const key = { WORKBENCH_SECRET_KEY: KEY };
  expect(readConfig({ ...key, WORKBENCH_CONFIG_URL: ` ${url} ` }, root).configUrl).toBe(url);
  expect(readConfig({ ...key, WORKBENCH_CONFIG_URL: 'postgresql://localhost/wb' }, root).configUrl).toBe(
    'postgresql://localhost/wb',
  );
  // Servers sharing a store must seal its secrets with one key: none given stops the start.
  expect(() => readConfig({ WORKBENCH_CONFIG_URL: url }, root)).toThrow(/WORKBENCH_SECRET_KEY/);
  expect(readConfig({ WORKBENCH_CONFIG_URL: '' }, root).configUrl).toBeNull();
  for (const bad of ['mysql://localhost/wb', 'localhost:5432', 'postgres://', 'postgres://a b/c']) {
    expect(() => readConfig({ WORKBENCH_CONFIG_URL: bad }, root)).toThrow(/WORKBENCH_CONFIG_URL/);
  }
});

test('WORKBENCH_EVENTS_URL: a ClickHouse event store (shards, database, cluster); a bad one stops the start', () => {
  const url = 'clickhouse://ch1:8123,ch2:8123/workbench?cluster=events';
  expect(readConfig({ WORKBENCH_EVENTS_URL: url }, root).eventsUrl).toBe(url);
  expect(readConfig({ WORKBENCH_EVENTS_URL: 'clickhouse://127.0.0.1:8123/ev' }, root).eventsUrl).toBe(
    'clickhouse://127.0.0.1:8123/ev',
  );
  for (const bad of [
    'postgres://h:5432/db',
    'clickhouse://h/db',
    'clickhouse://h:8123,g:8123/db',
    'clickhouse://h:8123/bad-name',
    'clickhouse://h:8123/db?shards=2',
  ]) {
    expect(() => readConfig({ WORKBENCH_EVENTS_URL: bad }, root)).toThrow(/WORKBENCH_EVENTS_URL must be/);
  }
});

test('WORKBENCH_LIVE_EVENTS: demo events a second after the seeding, 0 for none; anything else stops the start', () => {
  expect(readConfig({ WORKBENCH_LIVE_EVENTS: '0' }, root).liveEventsPerSecond).toBe(0);
  expect(readConfig({ WORKBENCH_LIVE_EVENTS: '25' }, root).liveEventsPerSecond).toBe(25);
  for (const bad of ['-1', '0.5', 'some', '1001']) {
    expect(() => readConfig({ WORKBENCH_LIVE_EVENTS: bad }, root)).toThrow(/WORKBENCH_LIVE_EVENTS/);
  }
});

test('WORKBENCH_LOGIN_RATE_LIMIT: sign-in calls per minute and address; anything but 1..1000000 stops the start', () => {
  expect(readConfig({ WORKBENCH_LOGIN_RATE_LIMIT: '120' }, root).loginRatePerMinute).toBe(120);
  for (const bad of ['0', '-1', '1e3', 'many', '1000001']) {
    expect(() => readConfig({ WORKBENCH_LOGIN_RATE_LIMIT: bad }, root)).toThrow(/WORKBENCH_LOGIN_RATE_LIMIT/);
  }
});

test('reads every variable of the run contract', () => {
  const c = readConfig(
    {
      PORT: '9000',
      WORKBENCH_DATA: 'tmp/wb',
      WORKBENCH_DEMO_PASSWORD: 'pw',
      WORKBENCH_DEPLOYMENT: 'on_prem',
      WORKBENCH_MODE: 'safeview',
      WORKBENCH_DEMO_EVENTS: '5000',
    },
    root,
  );
  expect(c).toMatchObject({
    port: 9000,
    dataDir: path.resolve(root, 'tmp/wb'),
    demoPassword: 'pw',
    deployment: 'on_prem',
    mode: 'safeview',
    demoEvents: 5000,
  });
  expect(readConfig({ WORKBENCH_DATA: '/abs/dir' }, root).dataDir).toBe('/abs/dir');
});

test.each([
  [{ WORKBENCH_DEPLOYMENT: 'aws' }, /WORKBENCH_DEPLOYMENT must be one of ec2, on_prem, dev, got "aws"/],
  [{ WORKBENCH_MODE: 'kiosk' }, /WORKBENCH_MODE must be one of/],
  [{ PORT: 'eighty' }, /PORT must be a port number/],
  [{ WORKBENCH_DEMO_EVENTS: 'lots' }, /WORKBENCH_DEMO_EVENTS must be a whole number/],
])('a bad value (%j) is refused with a message naming the variable', (env, message) => {
  expect(() => readConfig(env, root)).toThrow(ConfigError);
  expect(() => readConfig(env, root)).toThrow(message);
});

test('WORKBENCH_INSIGHTS_URL: an http(s) URL or a path; anything else stops the start naming the variable', () => {
  expect(readConfig({ WORKBENCH_INSIGHTS_URL: 'https://insights.example/app' }, root).insightsUrl).toBe(
    'https://insights.example/app',
  );
  expect(readConfig({ WORKBENCH_INSIGHTS_URL: '/insights/' }, root).insightsUrl).toBe('/insights/');
  expect(() => readConfig({ WORKBENCH_INSIGHTS_URL: 'javascript:alert(1)' }, root)).toThrow(
    /WORKBENCH_INSIGHTS_URL/,
  );
});

test('WORKBENCH_PUBLIC_IPS: addresses separated by commas or spaces; anything else stops the start', () => {
  expect(
    readConfig({ WORKBENCH_PUBLIC_IPS: '198.51.100.7, 2001:db8::7 198.51.100.8' }, root).publicIps,
  ).toEqual(['198.51.100.7', '2001:db8::7', '198.51.100.8']);
  expect(() => readConfig({ WORKBENCH_PUBLIC_IPS: '198.51.100.0/24' }, root)).toThrow(/WORKBENCH_PUBLIC_IPS/);
});

test('WORKBENCH_STORAGE_ENDPOINT: an http(s) URL of the stand-in storage endpoint; anything else stops the start', () => {
  expect(readConfig({ WORKBENCH_STORAGE_ENDPOINT: 'http://127.0.0.1:9000' }, root).storageEndpoint).toBe(
    'http://127.0.0.1:9000',
  );
  expect(() => readConfig({ WORKBENCH_STORAGE_ENDPOINT: 'file:///etc' }, root)).toThrow(
    /WORKBENCH_STORAGE_ENDPOINT/,
  );
});

test('WORKBENCH_REGION: the report region this server makes scheduled reports for; a bad name stops the start', () => {
  expect(readConfig({ WORKBENCH_REGION: ' eu-west-1 ' }, root).region).toBe('eu-west-1');
  expect(() => readConfig({ WORKBENCH_REGION: 'EU West' }, root)).toThrow(/WORKBENCH_REGION/);
});

test('WORKBENCH_SECRET_KEY / _FILE: 32-byte keys in base64 or hex, the first sealing (a rotation lists the old one after); anything else stops the start', () => {
  expect(readConfig({ WORKBENCH_SECRET_KEY: `${KEY}, ${OLD_KEY}` }, root).secretKeys).toEqual([
    Buffer.alloc(32, 1),
    Buffer.alloc(32, 2),
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-key-'));
  const file = path.join(dir, 'key');
  fs.writeFileSync(file, `${KEY}\n${OLD_KEY}\n`);
  expect(readConfig({ WORKBENCH_SECRET_KEY_FILE: file }, root).secretKeys).toHaveLength(2);
  for (const env of [
    { WORKBENCH_SECRET_KEY: 'too-short' },
    { WORKBENCH_SECRET_KEY: Buffer.alloc(16).toString('base64') },
    { WORKBENCH_SECRET_KEY: KEY, WORKBENCH_SECRET_KEY_FILE: file },
    { WORKBENCH_SECRET_KEY_FILE: path.join(dir, 'missing') },
  ])
    expect(() => readConfig(env, root)).toThrow(/WORKBENCH_SECRET_KEY/);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('secrets from files, passwords beside the URLs (issue 39 point 7)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-config-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  const key = { WORKBENCH_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') };

  test('every variable of FILE_VARIABLES may come from NAME_FILE (one trailing line break dropped); both at once is refused', () => {
    expect(FILE_VARIABLES.length).toBeGreaterThanOrEqual(7);
    for (const name of FILE_VARIABLES) {
      expect(FILE_FORMS[name]).toBe(`${name}_FILE`);
      const env = { [FILE_FORMS[name]]: file(name, 'value\n') };
      expect(fromEnvOrFile(env, name)).toBe('value');
      expect(() => fromEnvOrFile({ ...env, [name]: 'value' }, name)).toThrow(
        `Set ${name} or ${name}_FILE, not both.`,
      );
    }
    expect(() =>
      fromEnvOrFile({ WORKBENCH_CONFIG_URL_FILE: path.join(dir, 'missing') }, 'WORKBENCH_CONFIG_URL'),
    ).toThrow(/WORKBENCH_CONFIG_URL_FILE: cannot read/);
  });

  test('WORKBENCH_CONFIG_PASSWORD[_FILE] goes into the URL of WORKBENCH_CONFIG_URL[_FILE], encoded', () => {
    const config = readConfig(
      {
        ...key,
        WORKBENCH_CONFIG_URL_FILE: file('url', 'postgres://workbench@db.internal:5432/workbench\n'),
        WORKBENCH_CONFIG_PASSWORD_FILE: file('pw', 'p@ss:w/rd\n'),
      },
      root,
    );
    expect(config.configUrl).toBe('postgres://workbench:p%40ss%3Aw%2Frd@db.internal:5432/workbench');
    expect(new URL(config.configUrl ?? '').password).toBe('p%40ss%3Aw%2Frd');
    expect(() =>
      readConfig(
        { ...key, WORKBENCH_CONFIG_URL: 'postgres://u:inline@h/db', WORKBENCH_CONFIG_PASSWORD: 'x' },
        root,
      ),
    ).toThrow(/keep it in one place/);
    expect(() => readConfig({ WORKBENCH_CONFIG_PASSWORD: 'x' }, root)).toThrow(
      /without WORKBENCH_CONFIG_URL/,
    );
  });

  test('WORKBENCH_EVENTS_PASSWORD[_FILE] goes into WORKBENCH_EVENTS_URL (user default unless named)', () => {
    const pw = { WORKBENCH_EVENTS_PASSWORD_FILE: file('ch', 's3cret#1\n') };
    expect(
      readConfig({ ...pw, WORKBENCH_EVENTS_URL: 'clickhouse://h1:8123,h2:8123/wb?cluster=c' }, root)
        .eventsUrl,
    ).toBe('clickhouse://default:s3cret%231@h1:8123,h2:8123/wb?cluster=c');
    expect(readConfig({ ...pw, WORKBENCH_EVENTS_URL: 'clickhouse://wb@h1:8123/wb' }, root).eventsUrl).toBe(
      'clickhouse://wb:s3cret%231@h1:8123/wb',
    );
    expect(() =>
      readConfig(
        { WORKBENCH_EVENTS_URL: 'clickhouse://wb:x@h1:8123/wb', WORKBENCH_EVENTS_PASSWORD: 'y' },
        root,
      ),
    ).toThrow(/keep it in one place/);
    expect(() => readConfig({ WORKBENCH_EVENTS_PASSWORD: 'x' }, root)).toThrow(
      /without WORKBENCH_EVENTS_URL/,
    );
  });

  test('WORKBENCH_DEMO_PASSWORD_FILE gives the demo password; a bad URL is named without its password', () => {
    expect(readConfig({ WORKBENCH_DEMO_PASSWORD_FILE: file('demo', 'demo-pw\n') }, root).demoPassword).toBe(
      'demo-pw',
    );
    expect(() => readConfig({ ...key, WORKBENCH_CONFIG_URL: 'mysql://u:hunter2@h/db' }, root)).toThrow(
      /mysql:\/\/u:\*\*\*@h\/db/,
    );
  });
});

test('operating variables: ready timeout, metrics allow list, lease seconds, secure cookies, log level', () => {
  const config = readConfig(
    {
      WORKBENCH_READY_TIMEOUT_MS: '500',
      WORKBENCH_EVENTS_TIMEOUT_MS: '1500',
      WORKBENCH_EVENTS_REPLICAS: '2',
      WORKBENCH_METRICS_ALLOW: '10.0.9.0/24, loopback',
      WORKBENCH_LEASE_SECONDS: '3',
      WORKBENCH_SECURE_COOKIES: 'true',
      LOG_LEVEL: 'info',
    },
    root,
  );
  expect(config).toMatchObject({
    readyTimeoutMs: 500,
    eventsTimeoutMs: 1500,
    eventsReplicas: 2,
    metricsAllow: ['10.0.9.0/24', 'loopback'],
    leaseMs: 3000,
    secureCookies: true,
    logLevel: 'info',
  });
  for (const [name, bad] of [
    ['WORKBENCH_READY_TIMEOUT_MS', '0'],
    ['WORKBENCH_READY_TIMEOUT_MS', '2s'],
    ['WORKBENCH_EVENTS_TIMEOUT_MS', '0'],
    ['WORKBENCH_EVENTS_TIMEOUT_MS', '30s'],
    ['WORKBENCH_EVENTS_REPLICAS', '0'],
    ['WORKBENCH_EVENTS_REPLICAS', 'two'],
    ['WORKBENCH_METRICS_ALLOW', '10.0.0.0/33'],
    ['WORKBENCH_METRICS_ALLOW', 'everyone'],
    ['WORKBENCH_LEASE_SECONDS', '-1'],
    ['WORKBENCH_SECURE_COOKIES', 'yes'],
    ['LOG_LEVEL', 'loud'],
  ])
    expect(() => readConfig({ [name]: bad }, root)).toThrow(new RegExp(name));
  // Replicated shards: the URL's addresses are whole shards of that many replicas.
  const url = 'clickhouse://a:8123,b:8123,c:8123,d:8123/w?cluster=c';
  expect(readConfig({ WORKBENCH_EVENTS_URL: url, WORKBENCH_EVENTS_REPLICAS: '2' }, root).eventsUrl).toBe(url);
  expect(() => readConfig({ WORKBENCH_EVENTS_URL: url, WORKBENCH_EVENTS_REPLICAS: '3' }, root)).toThrow(
    /4 addresses are not shards of 3 replicas \(WORKBENCH_EVENTS_REPLICAS\)/,
  );
});

/**
 * README.md's environment table lists every variable the server reads: the names in config.ts
 * and main.ts (where the environment is read), and the _FILE form of every FILE_VARIABLES entry.
 */
test("README.md's environment table lists exactly the variables the server reads", () => {
  const repo = path.resolve(__dirname, '..', '..');
  const source = [
    'server/src/config.ts',
    'server/src/main.ts',
    'server/src/security/secretBox.ts',
    // Read where a connection is made, so a changed setting holds without a restart.
    'server/src/net/outbound.ts',
  ]
    .map((f) => fs.readFileSync(path.join(repo, f), 'utf8'))
    .join('\n');
  const read = new Set([
    ...(source.match(/\bWORKBENCH_[A-Z0-9_]*[A-Z0-9]\b/g) ?? []),
    ...['PORT', 'HOST', 'LOG_LEVEL'].filter((name) => new RegExp(`env\\.${name}\\b`).test(source)),
    ...FILE_VARIABLES.map((name) => `${name}_FILE`),
  ]);
  // Every server module that reads process.env.WORKBENCH_* directly must be one of the above.
  const direct = execFileSync(
    'grep',
    ['-rhoE', 'process\\.env\\.WORKBENCH_[A-Z0-9_]+', 'server/src', '--include=*.ts', '--exclude=*.test.ts'],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace('process.env.', ''))
    .filter((name) => !name.startsWith('WORKBENCH_TEST_'));
  for (const name of direct) expect(read).toContain(name);
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Environment'),
    readme.indexOf('## Architecture in one screen'),
  );
  const listed = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual([...read].sort());
});

/**
 * The appliance's own API over real HTTP against a real server (stores in a temp dir), started on
 * premises as a safeview appliance. Requests are written from the calls' text (literal paths and
 * bodies, not the contract's types): bad input is a 400 naming the field and changes nothing, a
 * read-only account is refused its writes (403), a server of another mode does not have the calls
 * (404). The service certificate is signed by openssl, outside our code.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

let server: TestServer;
let admin: SignedIn;
let auditor: SignedIn;

const appliance = () => startTestServer({ deployment: 'on_prem', mode: 'safeview' });

beforeAll(async () => {
  server = await appliance();
  admin = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
});
afterAll(async () => {
  await server?.close();
});

const call = async (who: SignedIn | null, pathname: string, method = 'GET', body?: unknown, on = server) => {
  const r = await on.call(pathname, { method, body, ...(who ? { jar: who.jar } : {}) });
  const text = await r.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: r.status, json: json as Record<string, unknown>, text, headers: r.headers };
};

/** Every document path the appliance serves, with a valid body and one bad field. */
const DOCUMENTS: [string, Record<string, unknown>, string, unknown][] = [
  [
    '/api/dash/v1/settings/network',
    {
      hostname: 'sv1.example.com',
      dhcp: false,
      ip_address: '192.168.1.20',
      netmask_bits: 24,
      gateway: '192.168.1.1',
      dns_servers: ['192.168.1.2'],
    },
    'hostname',
    '-bad-.example',
  ],
  [
    '/api/dash/v1/settings/route',
    { routes: ['10.20.0.0/16 via 192.168.1.254'] },
    'routes',
    ['10.20.0.0/16 to nowhere'],
  ],
  [
    '/api/v1/settings/time',
    { timezone: 'Europe/Paris', ntp_enabled: true, ntp_servers: ['ntp.example.com'] },
    'timezone',
    'Mars/Olympus',
  ],
  [
    '/api/v1/settings/auth/admins',
    { lockout_attempts: 3, lockout_minutes: 30, ldap_admins: true },
    'lockout_attempts',
    0,
  ],
  ['/api/v1/settings/auth/users', { method: 'ldap', session_minutes: 60 }, 'method', 'kerberos'],
  [
    '/api/v1/settings/auth/ldap',
    {
      enabled: true,
      host: 'ldap.example.com',
      port: 636,
      use_tls: true,
      base_dn: 'dc=example,dc=com',
      bind_dn: 'cn=svc,dc=example,dc=com',
      bind_password: 's3cret',
    },
    'port',
    70000,
  ],
  [
    '/api/v1/settings/auth/saml',
    { enabled: false, entity_id: '', sso_url: '', idp_certificate: '' },
    'sso_url',
    'ftp://idp.example.com',
  ],
  ['/api/v1/settings/ssl', { min_tls_version: '1.3', cipher_profile: 'modern' }, 'min_tls_version', '1.0'],
  ['/api/v1/settings/service_domain', { domain: 'safe.example.com' }, 'domain', 'not a domain'],
  [
    '/api/v1/settings/logging',
    {
      local_logs: true,
      level: 'warning',
      syslog_enabled: true,
      syslog_host: 'syslog.example.com',
      syslog_port: 6514,
      syslog_protocol: 'tls',
    },
    'syslog_port',
    0,
  ],
  [
    '/api/v1/settings/access',
    { admin_networks: ['10.0.0.0/8'], ssh_networks: [] },
    'admin_networks',
    ['10.0.0.300/8'],
  ],
  ['/api/v1/settings/extend_ime', { enabled: true }, 'enabled', 'true'],
  ['/api/v1/settings/enable_tls', { enabled: false }, 'enabled', 1],
  ['/api/v1/settings/enable_auto_updates', { enabled: true, hour: 4 }, 'hour', 24],
  [
    '/api/v1/settings/scp_fileexport',
    {
      enabled: true,
      host: 'files.example.com',
      port: 22,
      username: 'export',
      password: 'pw',
      directory: '/srv/exports',
    },
    'host',
    'bad host!',
  ],
  [
    '/api/v1/settings/scp_fileexport_recorder',
    { enabled: true, host: 'rec.example.com', port: 2222, username: 'rec', directory: '/srv/rec' },
    'directory',
    'x'.repeat(1025),
  ],
  [
    '/api/v1/settings/pnr_proxy',
    { enabled: true, host: 'proxy.example.com', port: 3128, username: '', password: 'pp' },
    'port',
    'x',
  ],
];

describe('mode: only a non-management appliance has the calls', () => {
  test.each([
    ['the cloud', { deployment: 'ec2' as const, mode: null }],
    ['a management station', { deployment: 'on_prem' as const, mode: 'management_station' as const }],
  ])('%s answers 404 to every appliance call', async (_name, options) => {
    const other = await startTestServer(options);
    try {
      const who = await signIn(other, 'admin@acme.example');
      for (const [p] of DOCUMENTS) expect((await call(who, p, 'GET', undefined, other)).status).toBe(404);
      for (const p of [
        '/api/dash/v1/timezones',
        '/api/v1/ca_cert',
        '/api/dash/v1/certs/ca/cert',
        '/api/v1/settings/exported_config',
        '/api/mgr/v2/certs/self/service',
      ])
        expect((await call(who, p, 'GET', undefined, other)).status).toBe(404);
      expect((await call(who, '/api/v1/decodeCert', 'POST', { cert: 'x' }, other)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  test.each(['safeview_isolation', 'safeview_proxy', 'safemail', 'safemail_worker'] as const)(
    '%s serves them',
    async (mode) => {
      const other = await startTestServer({ deployment: 'on_prem', mode });
      try {
        const who = await signIn(other, 'admin@acme.example');
        expect((await call(who, '/api/dash/v1/settings/network', 'GET', undefined, other)).status).toBe(200);
      } finally {
        await other.close();
      }
    },
  );
});

describe.each(DOCUMENTS)('%s', (p, good, badField, badValue) => {
  test('not signed in: 401; the defaults before a save; a read-only account may read, not write (403)', async () => {
    expect((await call(null, p)).status).toBe(401);
    const first = await call(auditor, p);
    expect(first.status).toBe(200);
    expect(first.json.updated_at).toBeNull();
    const refused = await call(auditor, p, 'PUT', good);
    expect(refused.status).toBe(403);
    expect((await call(admin, p)).json).toEqual(first.json);
  });

  test('bad input: 400 naming the field, nothing changes; a good save is kept, write-only fields never answered', async () => {
    const before = await call(admin, p);
    const bad = await call(admin, p, 'PUT', { ...good, [badField]: badValue });
    expect(bad.status).toBe(400);
    expect(String(bad.json.field)).toMatch(new RegExp(`^${badField}`));
    expect((await call(admin, p)).json).toEqual(before.json);
    expect((await call(admin, p, 'PUT', { ...good, surprise: 1 })).status).toBe(400);

    const saved = await call(admin, p, 'PUT', good);
    expect(saved.status).toBe(200);
    const read = await call(admin, p);
    expect(read.json.updated_by).toBe('admin@acme.example');
    for (const [k, v] of Object.entries(good)) {
      if (k.includes('password')) {
        expect(read.json[k]).toBeUndefined();
        expect(read.json[`${k}_set`]).toBe(v !== '');
      } else expect(read.json[k]).toEqual(v);
    }
    expect(read.text).not.toContain('s3cret');
    // A save carrying the updated_at of an older read is refused, the newer save kept.
    const stale = await call(admin, p, 'PUT', {
      ...good,
      updated_at: before.json.updated_at ?? '2000-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);
  });
});

describe('rules the fields alone cannot say', () => {
  test('a static address needs an IP address and a gateway; LDAP on needs its server', async () => {
    const net = await call(admin, '/api/dash/v1/settings/network', 'PUT', {
      hostname: 'a.example.com',
      dhcp: false,
      ip_address: '',
      netmask_bits: 24,
      gateway: '',
      dns_servers: [],
    });
    expect(net.status).toBe(400);
    expect(net.json.message).toBe('ip_address: required when DHCP is off.');
    const ldap = await call(admin, '/api/v1/settings/auth/ldap', 'PUT', {
      enabled: true,
      host: '',
      port: 636,
      use_tls: true,
      base_dn: 'dc=x',
      bind_dn: '',
    });
    expect(ldap.status).toBe(400);
    expect(ldap.json.field).toBe('host');
  });

  test('the time zones are IANA names, UTC first', async () => {
    const r = await call(auditor, '/api/dash/v1/timezones');
    expect(r.status).toBe(200);
    const zones = r.json.timezones as string[];
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
  });

  test('appliance_manager_version is recorded; a bad version is a 400', async () => {
    expect(
      (await call(admin, '/api/v1/dashboard/appliance_manager_version', 'PUT', { version: '' })).status,
    ).toBe(400);
    expect(
      (await call(auditor, '/api/v1/dashboard/appliance_manager_version', 'PUT', { version: '2.1.0' }))
        .status,
    ).toBe(403);
    const r = await call(admin, '/api/v1/dashboard/appliance_manager_version', 'PUT', { version: '2.1.0' });
    expect(r.status).toBe(200);
    expect(r.json.version).toBe('2.1.0');
  });
});

describe('export and import', () => {
  test('an export imported on a fresh appliance exports the same settings; a bad file changes nothing', async () => {
    const exported = await call(admin, '/api/v1/settings/exported_config');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename=".*-settings\.json"/);
    expect(exported.text).not.toContain('s3cret');
    const fresh = await appliance();
    try {
      const freshAdmin = await signIn(fresh, 'admin@acme.example');
      const file = exported.json as { settings: Record<string, Record<string, unknown>> };
      const broken = {
        ...file,
        settings: { ...file.settings, time: { ...file.settings.time, timezone: 'Nowhere/Land' } },
      };
      const refused = await call(freshAdmin, '/api/v1/settings/exported_config', 'PUT', broken, fresh);
      expect(refused.status).toBe(400);
      expect(refused.json.field).toBe('settings.time.timezone');
      expect((await call(freshAdmin, '/api/v1/settings/time', 'GET', undefined, fresh)).json.timezone).toBe(
        'UTC',
      );
      const unknown = await call(
        freshAdmin,
        '/api/v1/settings/exported_config',
        'PUT',
        { ...file, settings: { nope: {} } },
        fresh,
      );
      expect(unknown.status).toBe(400);
      expect((await call(auditor, '/api/v1/settings/exported_config', 'PUT', file)).status).toBe(403);

      const imported = await call(freshAdmin, '/api/v1/settings/exported_config', 'PUT', file, fresh);
      expect(imported.status).toBe(200);
      const again = await call(freshAdmin, '/api/v1/settings/exported_config', 'GET', undefined, fresh);
      expect((again.json as typeof file).settings).toEqual(file.settings);
      expect((await call(freshAdmin, '/api/v1/settings/time', 'GET', undefined, fresh)).json.timezone).toBe(
        'Europe/Paris',
      );
    } finally {
      await fresh.close();
    }
  });

  test('the settings survive a restart', async () => {
    const before = (await call(admin, '/api/v1/settings/exported_config')).json.settings;
    server = await server.restart();
    admin = await signIn(server, 'admin@acme.example');
    auditor = await signIn(server, 'auditor@acme.example');
    expect((await call(admin, '/api/v1/settings/exported_config')).json.settings).toEqual(before);
  });
});

describe('certificates', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appliance-pki-'));
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  // An outside CA that signs what the appliance asks for.
  beforeAll(() => {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Outside CA',
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // openssl dates what it signs by the real clock: the server's clock comes to it.
  beforeAll(async () => {
    server.clock.advance(Date.now() + 60_000 - server.clock.now().getTime());
    admin = await signIn(server, 'admin@acme.example');
    auditor = await signIn(server, 'auditor@acme.example');
  });
  const sign = (csrPem: string, name: string) => {
    file(`${name}.csr`, csrPem);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '10',
    );
    return fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8');
  };

  test('the CA: viewed, downloaded as PEM, reinitialised to a new one', async () => {
    const ca = await call(auditor, '/api/dash/v1/certs/ca/cert');
    expect(ca.status).toBe(200);
    expect(ca.json.self_signed).toBe(true);
    const pem = await call(auditor, '/api/v1/ca_cert');
    expect(pem.headers.get('content-type')).toContain('application/x-pem-file');
    const ossl = openssl(
      'x509',
      '-noout',
      '-fingerprint',
      '-sha256',
      '-in',
      file('appliance-ca.pem', pem.text),
    );
    expect(ossl.trim().split('=')[1]).toBe(ca.json.fingerprint_sha256);
    expect(
      openssl('x509', '-noout', '-ext', 'basicConstraints', '-in', path.join(dir, 'appliance-ca.pem')),
    ).toContain('CA:TRUE');
    expect((await call(auditor, '/api/dash/v1/certs/ca/reinitialize', 'POST')).status).toBe(403);
    const fresh = await call(admin, '/api/dash/v1/certs/ca/reinitialize', 'POST');
    expect(fresh.status).toBe(200);
    expect(fresh.json.fingerprint_sha256).not.toBe(ca.json.fingerprint_sha256);
    expect((await call(auditor, '/api/dash/v1/certs/ca/cert')).json.fingerprint_sha256).toBe(
      fresh.json.fingerprint_sha256,
    );
  });

  test('a CSR with a real key; its signed certificate installs; another key is refused (400)', async () => {
    expect((await call(admin, '/api/dash/v1/certs/service/csr')).status).toBe(404);
    expect(
      (await call(admin, '/api/dash/v1/certs/service/csr', 'POST', { common_name: 'not a host' })).json.field,
    ).toBe('common_name');
    expect(
      (await call(auditor, '/api/dash/v1/certs/service/csr', 'POST', { common_name: 'safe.example.com' }))
        .status,
    ).toBe(403);
    const first = await call(admin, '/api/dash/v1/certs/service/csr', 'POST', {
      common_name: 'safe.example.com',
      organization: 'Acme',
      country: 'FR',
      alt_names: ['www.safe.example.com'],
    });
    expect(first.status).toBe(200);
    const text = openssl(
      'req',
      '-noout',
      '-text',
      '-verify',
      '-in',
      file('first.csr', String(first.json.csr)),
    );
    expect(text).toContain('CN = safe.example.com');
    expect(text).toContain('DNS:www.safe.example.com');
    const firstCert = sign(String(first.json.csr), 'first');

    const second = await call(admin, '/api/dash/v1/certs/service/csr', 'POST', {
      common_name: 'safe.example.com',
    });
    expect(second.json.csr).not.toBe(first.json.csr);
    // The first CSR's certificate is for a key the appliance no longer asks for.
    const mismatch = await call(admin, '/api/dash/v1/certs/service/cert', 'PUT', { cert: firstCert });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.field).toBe('cert');
    expect(String(mismatch.json.message)).toContain('not for the key of the service CSR');
    expect((await call(admin, '/api/dash/v1/certs/service/cert')).status).toBe(404);
    expect((await call(admin, '/api/dash/v1/certs/service/cert', 'PUT', { cert: 'garbage' })).status).toBe(
      400,
    );

    const secondCert = sign(String(second.json.csr), 'second');
    expect((await call(auditor, '/api/dash/v1/certs/service/cert', 'PUT', { cert: secondCert })).status).toBe(
      403,
    );
    const installed = await call(admin, '/api/dash/v1/certs/service/cert', 'PUT', { cert: secondCert });
    expect(installed.status).toBe(200);
    expect(installed.json.issuer).toBe('CN=Outside CA');
    const self = await call(auditor, '/api/mgr/v2/certs/self/service');
    expect((self.json.certificate as Record<string, unknown>).fingerprint_sha256).toBe(
      installed.json.fingerprint_sha256,
    );
  });

  test('decodeCert decodes a certificate; not one is a 400 naming cert', async () => {
    const pem = fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8');
    const r = await call(auditor, '/api/v1/decodeCert', 'POST', { cert: pem });
    expect(r.status).toBe(200);
    expect(r.json.subject).toBe('CN=Outside CA');
    const bad = await call(auditor, '/api/v1/decodeCert', 'POST', { cert: 'hello' });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('cert');
  });
});

describe('admin accounts under /api/mgr/v2', () => {
  type Admin = { id: string; username: string; status: string; locked: boolean; ssh_enabled: boolean };
  const list = async (who = admin) =>
    (await call(who, '/api/mgr/v2/settings/auth/user')).json.users as Admin[];
  const byName = async (name: string) => (await list()).find((u) => u.username === name) as Admin;

  test('the list: a read-only account may read it; writes need the admins permission', async () => {
    const users = await list(auditor);
    expect(users.map((u) => u.username)).toContain('logs@acme.example');
    const logs = await byName('logs@acme.example');
    expect(
      (await call(auditor, `/api/mgr/v2/user/${logs.id}/ssh`, 'PUT', { ssh_enabled: true })).status,
    ).toBe(403);
    expect((await call(admin, '/api/mgr/v2/user/nobody/ssh', 'PUT', { ssh_enabled: true })).status).toBe(404);
  });

  test('ssh enabled and disabled; a bad body is a 400', async () => {
    const logs = await byName('logs@acme.example');
    expect((await call(admin, `/api/mgr/v2/user/${logs.id}/ssh`, 'PUT', { ssh_enabled: 'yes' })).status).toBe(
      400,
    );
    const on = await call(admin, `/api/mgr/v2/user/${logs.id}/ssh`, 'PUT', { ssh_enabled: true });
    expect(on.json.ssh_enabled).toBe(true);
    expect((await byName('logs@acme.example')).ssh_enabled).toBe(true);
    await call(admin, `/api/mgr/v2/user/${logs.id}/ssh`, 'PUT', { ssh_enabled: false });
    expect((await byName('logs@acme.example')).ssh_enabled).toBe(false);
  });

  test('a password set by another: too short is a 400; the new one signs in', async () => {
    const logs = await byName('logs@acme.example');
    const short = await call(admin, `/api/mgr/v2/user/${logs.id}/password`, 'PUT', { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.json.field).toBe('password');
    expect(
      (await call(admin, `/api/mgr/v2/user/${logs.id}/password`, 'PUT', { password: 'a brand new pass' }))
        .status,
    ).toBe(400);
    expect(
      (await call(admin, `/api/mgr/v2/user/${logs.id}/password`, 'PUT', { password: 'brand-new-passphrase' }))
        .status,
    ).toBe(200);
    const r = await server.call('/api/v1/login', {
      method: 'POST',
      body: { username: 'logs@acme.example', password: 'brand-new-passphrase' },
    });
    expect(r.status).toBe(200);
  });

  test('status: disabled accounts cannot sign in; your own cannot be disabled (409)', async () => {
    const me = await byName('admin@acme.example');
    expect(
      (await call(admin, `/api/mgr/v2/user/${me.id}/status`, 'PUT', { status: 'disabled' })).status,
    ).toBe(409);
    const logs = await byName('logs@acme.example');
    expect(
      (await call(admin, `/api/mgr/v2/user/${logs.id}/status`, 'PUT', { status: 'paused' })).status,
    ).toBe(400);
    expect(
      (await call(admin, `/api/mgr/v2/user/${logs.id}/status`, 'PUT', { status: 'disabled' })).json.status,
    ).toBe('disabled');
    const refused = await server.call('/api/v1/login', {
      method: 'POST',
      body: { username: 'logs@acme.example', password: 'brand-new-passphrase' },
    });
    expect(refused.status).toBe(401);
    expect(
      (await call(admin, `/api/mgr/v2/user/${logs.id}/status`, 'PUT', { status: 'active' })).json.status,
    ).toBe('active');
  });

  test('unlock: 409 when not locked; a lockout after wrong passwords is ended', async () => {
    const target = await byName('auditor@acme.example');
    expect((await call(admin, `/api/mgr/v2/user/${target.id}/unlock`, 'PUT')).status).toBe(409);
    for (let i = 0; i < 20 && !(await byName('auditor@acme.example')).locked; i++)
      await server.call('/api/v1/login', {
        method: 'POST',
        body: { username: 'auditor@acme.example', password: 'wrong password' },
      });
    expect((await byName('auditor@acme.example')).locked).toBe(true);
    const unlocked = await call(admin, `/api/mgr/v2/user/${target.id}/unlock`, 'PUT');
    expect(unlocked.status).toBe(200);
    expect(unlocked.json.locked).toBe(false);
  });
});

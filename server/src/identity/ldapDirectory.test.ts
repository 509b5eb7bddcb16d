/**
 * LDAP "Test connection" against a real directory: Debian's slapd started by the test
 * (testing/testSlapd.ts), and against servers that refuse or never answer.
 */
import net from 'node:net';
import { testLdapConnection, type LdapConnection } from './ldapDirectory';
import { SEEDED_DIRECTORY, slapdTestsEnabled, startTestSlapd, type TestSlapd } from './testing/testSlapd';
import { freePort } from '../testing/throwawayProcess';

const describeSlapd = slapdTestsEnabled() ? describe : describe.skip;

// The test directories listen on loopback: a deployment names such private destinations (net/README.md).
process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = '127.0.0.0/8,::1/128';

describeSlapd('testLdapConnection (slapd)', () => {
  let slapd: TestSlapd;
  beforeAll(async () => {
    slapd = await startTestSlapd();
  }, 30_000);
  afterAll(() => slapd?.stop());

  const settings = (over: Partial<LdapConnection> = {}): LdapConnection => ({
    url: slapd.url,
    bind_dn: SEEDED_DIRECTORY.bindDn,
    bind_password: SEEDED_DIRECTORY.bindPassword,
    base_dn: SEEDED_DIRECTORY.suffix,
    user_attribute: 'uid',
    timeout_seconds: 5,
    ...over,
  });

  it('binds and finds one user with its attributes, never its password', async () => {
    const reply = await testLdapConnection(settings(), 'alice');
    expect(reply).toMatchObject({ ok: true, user: { dn: SEEDED_DIRECTORY.users.alice.dn } });
    expect(reply.user?.attributes.mail).toEqual([SEEDED_DIRECTORY.users.alice.mail]);
    expect(reply.user?.attributes.cn).toEqual([SEEDED_DIRECTORY.users.alice.cn]);
    expect(Object.keys(reply.user?.attributes ?? {}).some((k) => /password/i.test(k))).toBe(false);
  });

  it('looks users up by another attribute (mail)', async () => {
    const reply = await testLdapConnection(
      settings({ user_attribute: 'mail' }),
      SEEDED_DIRECTORY.users.bob.mail,
    );
    expect(reply).toMatchObject({ ok: true, user: { dn: SEEDED_DIRECTORY.users.bob.dn } });
  });

  it('reports a refused bind at the bind step', async () => {
    const reply = await testLdapConnection(settings({ bind_password: 'wrong' }), 'alice');
    expect(reply).toMatchObject({ ok: false, step: 'bind' });
    expect(reply.reason).toMatch(/refused the bind of cn=reader.*wrong DN or password/);
  });

  it('reports a user not found, and takes a filter-like name literally', async () => {
    expect(await testLdapConnection(settings(), 'carol')).toMatchObject({
      ok: false,
      step: 'search',
      reason: `No user with uid=carol under ${SEEDED_DIRECTORY.suffix}.`,
    });
    // Unescaped, uid=* would match alice and bob.
    expect(await testLdapConnection(settings(), '*')).toMatchObject({
      reason: `No user with uid=* under ${SEEDED_DIRECTORY.suffix}.`,
    });
  });

  it('reports a base DN that does not exist', async () => {
    const reply = await testLdapConnection(settings({ base_dn: 'ou=nowhere,dc=example,dc=test' }), 'alice');
    expect(reply).toMatchObject({ ok: false, step: 'search' });
    expect(reply.reason).toMatch(/does not exist/);
  });
});

describe('testLdapConnection (unreachable directories)', () => {
  const to = (url: string, timeout_seconds = 1): LdapConnection => ({
    url,
    bind_dn: 'cn=x',
    bind_password: 'x',
    base_dn: 'dc=x',
    user_attribute: 'uid',
    timeout_seconds,
  });

  it('refuses a non-public directory unless the deployment names it, before any connection', async () => {
    const allowed = process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;
    delete process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;
    try {
      for (const url of ['ldap://127.0.0.1:389', 'ldaps://169.254.169.254', 'ldap://[::1]:389']) {
        const reply = await testLdapConnection(to(url), 'alice');
        expect(reply).toMatchObject({ ok: false, step: 'connect' });
        expect(reply.reason).toMatch(/not a public one/);
      }
    } finally {
      process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = allowed;
    }
  });

  it('reports a refused connection at the connect step', async () => {
    const port = await freePort();
    const reply = await testLdapConnection(to(`ldap://127.0.0.1:${port}`), 'alice');
    expect(reply).toMatchObject({ ok: false, step: 'connect' });
    expect(reply.reason).toMatch(/Connection refused/);
  });

  it('answers within its time-out when the server accepts and never answers', async () => {
    const silent = net.createServer(() => undefined);
    const sockets: net.Socket[] = [];
    silent.on('connection', (s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const reply = await testLdapConnection(to(`ldap://127.0.0.1:${port}`, 1), 'alice');
      expect(reply).toMatchObject({
        ok: false,
        step: 'connect',
        reason: `No answer from 127.0.0.1:${port} within 1 s.`,
      });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reports an unknown host', async () => {
    const reply = await testLdapConnection(to('ldap://no-such-host.invalid:389', 2), 'alice');
    expect(reply).toMatchObject({ ok: false, step: 'connect' });
    expect(reply.reason).toMatch(/not known|No answer/);
  });
});

import MockAdapter from 'axios-mock-adapter';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import { approveSv, getSvCert, listGroups, systemAction } from './centralManager';

const login = { host: '10.0.0.5', username: 'admin', password: 'pw' };

describe('central manager calls (docs/central-manager.md)', () => {
  test("get_sv_cert without a cert fails with 'Could not fetch appliance certificate'; with one answers it", async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock
      .onPost('/api/v1/managed_systems/get_sv_cert')
      .replyOnce(200, {
        cert: null,
        fingerprint_sha256: null,
        subject: null,
        not_after: null,
        reason: 'ECONNREFUSED',
      })
      .onPost('/api/v1/managed_systems/get_sv_cert')
      .replyOnce(200, {
        cert: 'PEM',
        fingerprint_sha256: 'AA',
        subject: 'CN=x',
        not_after: 'z',
        reason: null,
      });
    await expect(getSvCert(http, login)).rejects.toThrow(
      'Could not fetch appliance certificate. ECONNREFUSED',
    );
    expect((await getSvCert(http, login)).cert).toBe('PEM');
    expect(mock.history.post[0].timeout).toBe(45000);
  });

  test("approve_sv with ok false fails with the server's reason, 45 s time-out", async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock
      .onPost('/api/v1/managed_systems/approve_sv')
      .reply(200, { ok: false, reason: 'Invalid username or password.' });
    await expect(approveSv(http, { ...login, name: 'a', fingerprint_sha256: 'AA' })).rejects.toThrow(
      'Invalid username or password.',
    );
    expect(mock.history.post[0].timeout).toBe(45000);
  });

  test("groups' nodes: the text 'True' is true, anything else false", async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    const nodes = [
      { id: 'a', auto_group: 'True' },
      { id: 'b', auto_group: 'False' },
      { id: 'c', auto_group: true },
      { id: 'd', auto_group: 'true' },
    ];
    mock
      .onGet('/api/v1/groups')
      .reply(200, { groups: [{ id: 'g', name: 'G', nodes, template_id: null, updated_at: 'x' }] });
    expect((await listGroups(http))[0].nodes.map((n) => n.auto_group)).toEqual([true, false, true, false]);
  });

  test('a system action posts to the appliance path and answers the job id', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onPost('/api/v1/managed_systems/s%201/reboot').reply(200, { job_id: 'j1' });
    expect(await systemAction(http, 's 1', 'reboot')).toBe('j1');
  });
});

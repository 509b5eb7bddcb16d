import MockAdapter from 'axios-mock-adapter';
import { PAC_DEFAULTS, pacFileUrl } from './contract/pacSettings';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import {
  getPacDefaults,
  getPacProxyIps,
  getPacSettings,
  getPacVersion,
  makePacTemplate,
  savePacDefaults,
  savePacProxyIps,
  savePacSettings,
  savePacVersion,
  testPacFile,
} from './pacSettings';

describe('PAC file calls (docs/settings.md §1 "PAC files")', () => {
  test('the spec’s paths and methods: GET/PATCH pac, proxy_ips, defaults, template, the v2 version; the tester', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onAny().reply(200, {});
    await getPacSettings(http);
    await savePacSettings(http, { pac: 'function FindProxyForURL(u, h) { return "DIRECT"; }' });
    await getPacProxyIps(http);
    await savePacProxyIps(http, { proxy_ips: ['p.example:8080'] });
    await getPacDefaults(http);
    await savePacDefaults(http, PAC_DEFAULTS);
    await makePacTemplate(http, { proxy_ips: [], defaults: PAC_DEFAULTS });
    await getPacVersion(http);
    await savePacVersion(http, { pac_v2: true });
    await testPacFile(http, { url: 'https://a.example/', client_ip: '10.0.0.1' });
    const calls = [...mock.history.get, ...mock.history.patch, ...mock.history.put, ...mock.history.post].map(
      (c) => `${c.method?.toUpperCase()} ${c.url}`,
    );
    expect(calls).toEqual([
      'GET /api/settings/v1/tenants/pac',
      'GET /api/settings/v1/tenants/pac/proxy_ips',
      'GET /api/settings/v1/tenants/pac/defaults',
      'GET /api/settings/v2/pac/version',
      'PATCH /api/settings/v1/tenants/pac',
      'PUT /api/settings/v1/tenants/pac/proxy_ips',
      'PUT /api/settings/v1/tenants/pac/defaults',
      'PUT /api/settings/v2/pac/version',
      'POST /api/settings/v1/tenants/pac/template',
      'POST /api/settings/v1/tenants/pac/test',
    ]);
    expect(pacFileUrl('k3y')).toBe('/pac/k3y/proxy.pac');
  });
});

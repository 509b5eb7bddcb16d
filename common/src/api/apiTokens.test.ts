import MockAdapter from 'axios-mock-adapter';
import { API_TOKENS_PATHS, type ApiTokenCreated } from './contract/apiTokens';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import { createApiToken, listApiTokens, revokeApiToken } from './apiTokens';

const token = {
  id: 't 1',
  name: 'SIEM export',
  access: 'read',
  areas: ['logs'],
  expires_at: null,
  created_at: '2026-11-22T08:00:00.000Z',
  created_by: 'admin@acme.example',
  last4: 'abcd',
  last_used_at: null,
  last_used_ip: null,
} as const;

describe('API token calls (docs/settings.md §1 Tenant settings)', () => {
  test('GET and POST api_tokens, DELETE api_token/{id} (the id encoded); the list and the created token as answered', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    const created: ApiTokenCreated = { ...token, areas: ['logs'], token: 'wbt_secret' };
    mock.onGet(API_TOKENS_PATHS.list).reply(200, { tokens: [token] });
    mock.onPost(API_TOKENS_PATHS.list).reply(201, created);
    mock.onDelete().reply(204);
    expect(await listApiTokens(http)).toEqual([token]);
    const body = { name: 'SIEM export', access: 'read', areas: ['logs'], expires_at: null } as const;
    expect(await createApiToken(http, { ...body, areas: ['logs'] })).toEqual(created);
    await revokeApiToken(http, 't 1');
    expect(API_TOKENS_PATHS.list).toBe('/api/settings/v1/tenants/api_tokens');
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual(body);
    expect(mock.history.delete[0].url).toBe('/api/settings/v1/tenants/api_token/t%201');
  });
});

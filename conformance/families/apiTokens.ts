/**
 * api-client-layer §7 Tenant settings: "GET and POST api_tokens; DELETE api_token/{id}." The spec
 * names the calls and no shapes: the requests below take the documented choice (SILENT_CHOICES
 * api-tokens), and check what a token is for, a bearer credential that reads logs.
 */
import { expectRefused, ok, type Suite } from '../checks';
import { acl, type SpecEndpoint } from '../endpointTypes';
import { SpecClient } from '../specClient';

const FAMILY = 'api-client-layer §7 Tenant settings';
const TENANTS = '/api/settings/v1/tenants/';
const SOURCE = acl('§7 Tenant settings', 'GET and POST api_tokens; DELETE api_token/{id}.');

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

/** A token made by the suite's administrator; answers the creation's body. */
async function makeToken(suite: Suite, name: string): Promise<Record<string, unknown>> {
  return ok(
    await suite.tenant.post(`${TENANTS}api_tokens`, {
      name,
      access: 'read',
      areas: ['logs'],
      expires_at: inDays(7),
    }),
    201,
  );
}

/** A client that sends only `Authorization: Bearer <secret>` (no cookie, no xsrf header). */
const bearer = (suite: Suite, secret: string) => ({
  get: (path: string, query?: Record<string, string | number>) =>
    new SpecClient(suite.baseUrl, 'tenant').send({
      method: 'GET',
      path,
      query,
      headers: { authorization: `Bearer ${secret}` },
    }),
});

const row = (method: SpecEndpoint['method'], path: string, check: SpecEndpoint['check']): SpecEndpoint => ({
  family: FAMILY,
  method,
  path,
  sources: [SOURCE],
  check,
  silent: ['api-tokens'],
});

export const API_TOKEN_ENDPOINTS: readonly SpecEndpoint[] = [
  row('GET', `${TENANTS}api_tokens`, async (suite) => {
    const made = await makeToken(suite, 'spec suite list');
    const { tokens } = ok(await suite.tenant.get(`${TENANTS}api_tokens`)) as {
      tokens: Record<string, unknown>[];
    };
    const listed = tokens.find((t) => t.id === made.id);
    expect(listed).toMatchObject({ name: 'spec suite list', access: 'read', areas: ['logs'] });
    // The secret is shown once: never in the list.
    expect(JSON.stringify(tokens)).not.toContain(String(made.token));
  }),
  row('POST', `${TENANTS}api_tokens`, async (suite) => {
    const made = await makeToken(suite, 'spec suite create');
    expect(made.token).toEqual(expect.any(String));
    // A token is a bearer credential: it reads the logs of its scope (§7 Logs: GET /api/rep/v1/query/{logtype}).
    const end = Math.floor(Date.now() / 1000);
    const logs = await bearer(suite, String(made.token)).get('/api/rep/v1/query/scan_web', {
      start: end - 3600,
      end,
      limit: 10,
    });
    expect(ok(logs).events).toEqual(expect.any(Array));
    expectRefused(
      await suite.tenant.post(`${TENANTS}api_tokens`, {
        name: '',
        access: 'read',
        areas: ['logs'],
        expires_at: null,
      }),
      'name',
    );
  }),
  row('DELETE', `${TENANTS}api_token/{id}`, async (suite) => {
    const made = await makeToken(suite, 'spec suite revoke');
    const answer = await suite.tenant.delete(`${TENANTS}api_token/${String(made.id)}`);
    expect(answer.status).toBe(204);
    // Revoked: its next call is refused.
    const end = Math.floor(Date.now() / 1000);
    const refused = await bearer(suite, String(made.token)).get('/api/rep/v1/query/scan_web', {
      start: end - 3600,
      end,
      limit: 10,
    });
    expect(refused.status).toBe(401);
  }),
];

import MockAdapter from 'axios-mock-adapter';
import { setRuntimeEnvForTests } from '../env/runtimeEnv';
import {
  POLICY_REFERENCE_NAMES,
  POLICY_REFERENCE_REGISTRY,
  policyReferencePath,
} from './contract/policyReference';
import { createHttpClient } from './http';
import { getPolicyReference, migratePolicy } from './policyReference';

const revision = {
  staged_rev_id: 4,
  rev_id: 3,
  state: 'staged' as const,
  updated_at: '2026-11-25T10:00:00.000Z',
};

function client() {
  const http = createHttpClient({ xsrfCookie: 'XSRF-TOKEN', timeoutMs: 1000 });
  return { http, mock: new MockAdapter(http) };
}

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

describe('policy reference paths', () => {
  test('each row is read at its path; the revision fills {rev}; the space of Vulnerable Service is encoded', () => {
    expect(policyReferencePath('cats')).toBe('/api/policy/v1/cats');
    expect(policyReferencePath('v4/content_types')).toBe('/api/policy/v4/content_types');
    expect(policyReferencePath('time_zones')).toBe('/api/policy/v1/rules/time_zones');
    expect(policyReferencePath('ad/group_users', { rev: 7 })).toBe('/api/policy/v1/ad/group_users/7');
    expect(policyReferencePath('risks/Vulnerable Service')).toBe('/api/policy/v1/risks/Vulnerable%20Service');
    expect(() => policyReferencePath('ad/group_users')).toThrow('ad/group_users needs a revision.');
  });

  test('every row names a policy path and a spec section', () => {
    for (const name of POLICY_REFERENCE_NAMES) {
      expect(POLICY_REFERENCE_REGISTRY[name].path).toMatch(/^\/api\/policy\/v[134]\//);
      expect(POLICY_REFERENCE_REGISTRY[name].spec).toMatch(/§\d/);
    }
  });
});

describe('policy reference calls', () => {
  test('a read carries a timestamp and names the row in its call name', async () => {
    const { http, mock } = client();
    mock.onGet('/api/policy/v1/category_version').reply(200, { version: 2 });
    await expect(getPolicyReference(http, 'category_version')).resolves.toEqual({ version: 2 });
    expect(mock.history.get[0].params).toEqual({ timestamp: expect.stringMatching(/^\d+$/) });
    mock.onGet('/api/policy/v1/cats').reply(403, { message: 'Missing permission: web_policy:*:read.' });
    await expect(getPolicyReference(http, 'cats')).rejects.toMatchObject({
      status: 403,
      callName: 'getPolicyReference:cats',
    });
  });

  test('a migration sends the revision fields and returns the revision after it', async () => {
    const { http, mock } = client();
    const next = { ...revision, updated_at: '2026-11-25T10:00:01.000Z' };
    mock.onPut('/api/policy/v1/category_migration').reply(200, next);
    mock.onPut('/api/policy/v4/content_migration').reply(409, { message: 'stale' });
    await expect(migratePolicy(http, 'category', revision)).resolves.toEqual(next);
    expect(JSON.parse(String(mock.history.put[0].data))).toEqual(revision);
    await expect(migratePolicy(http, 'content', revision)).rejects.toMatchObject({
      status: 409,
      callName: 'migratePolicy:content',
    });
  });
});

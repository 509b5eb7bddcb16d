/**
 * portal-core §7 Policy "POST /api/policy/contact_form." and api-client-layer §7 Connectivity
 * ("POST /safeview-auth-server/login {username, password}; reply success. GET
 * /connectivity/manager/sites (reply data). POST /connectivity/manager/results. A no-cors fetch
 * for site status with testId."). The spec gives the contact form no body and the results no
 * shape: the checks name the documented choices (contact-form, connectivity-results).
 */
import { expectRefused, ok } from '../checks';
import { acl, core, type SpecEndpoint } from '../endpointTypes';

const CORE = 'portal-core §7 Policy';
const CONNECTIVITY = 'api-client-layer §7 Connectivity';
const LINE = acl(
  '§7 Connectivity',
  'POST /safeview-auth-server/login {username, password}; reply success. GET /connectivity/manager/sites (reply data). POST /connectivity/manager/results.',
);
const NO_CORS = acl('§7 Connectivity', 'A no-cors fetch for site status with testId.');

export const CONTACT_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: CORE,
    method: 'POST',
    path: '/api/policy/contact_form',
    sources: [core('§7 Policy', 'POST /api/policy/contact_form.')],
    silent: ['contact-form'],
    check: async (suite) => {
      const sent = ok(
        await suite.tenant.post('/api/policy/contact_form', {
          topic: 'support',
          subject: 'Spec suite',
          message: 'A message from the conformance suite.',
        }),
        201,
      );
      expect(sent).toMatchObject({ subject: 'Spec suite', status: 'new' });
      expectRefused(
        await suite.tenant.post('/api/policy/contact_form', { topic: 'support', subject: '', message: 'x' }),
        'subject',
      );
    },
  },
];

export const CONNECTIVITY_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: CONNECTIVITY,
    method: 'GET',
    path: '/connectivity/manager/sites',
    sources: [LINE, NO_CORS],
    silent: ['connectivity-results'],
    check: async (suite) => {
      const { data } = ok(await suite.tenant.get('/connectivity/manager/sites')) as {
        data: Array<{ id: string; url: string }>;
      };
      expect(data.length).toBeGreaterThan(0);
      // Each site's status answers a fetch that carries the testId.
      for (const site of data) {
        const answer = await suite.anonymous('tenant').get(site.url, { testId: 'spec-suite' });
        expect(answer.status).toBeLessThan(400);
      }
    },
  },
  {
    family: CONNECTIVITY,
    method: 'POST',
    path: '/connectivity/manager/results',
    sources: [LINE],
    silent: ['connectivity-results'],
    check: async (suite) => {
      const { data } = ok(await suite.tenant.get('/connectivity/manager/sites')) as {
        data: Array<{ id: string }>;
      };
      const results = data.map((s) => ({ site_id: s.id, passed: true, duration_ms: 5 }));
      const testId = '6f1c2a4e-2b7d-4c4f-9a59-3f0e1d2c3b4a';
      expect(
        ok(await suite.tenant.post('/connectivity/manager/results', { test_id: testId, results }), 201),
      ).toMatchObject({
        test_id: testId,
      });
      expectRefused(
        await suite.tenant.post('/connectivity/manager/results', { test_id: testId, results: [] }),
        'results',
      );
    },
  },
  {
    family: CONNECTIVITY,
    method: 'POST',
    path: '/safeview-auth-server/login',
    sources: [LINE],
    silent: ['connectivity-results'],
    check: async (suite) => {
      const admin = await suite.signInTenant('admin@acme.example');
      const good = ok(
        await admin.post('/safeview-auth-server/login', {
          username: 'admin@acme.example',
          password: suite.password,
        }),
      );
      expect(good).toEqual({ success: true });
      const wrong = ok(
        await admin.post('/safeview-auth-server/login', { username: 'admin@acme.example', password: 'x' }),
      );
      expect(wrong).toEqual({ success: false });
    },
  },
];

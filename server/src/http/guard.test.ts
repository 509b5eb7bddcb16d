import crypto from 'node:crypto';
import type { Deployment, Mode } from '@workbench/common/api/contract/wire';
import { hashPassword } from '../security/passwords';
import { signIn, startTestServer, TEST_PASSWORD, type TestServer } from '../testing/testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A read-only account in globex, whose capabilities have rbac off. */
async function startWithGlobexViewer(deployment: Deployment, mode: Mode | null): Promise<TestServer> {
  const s = await startTestServer({ deployment, mode });
  const globex = (await s.app.workbench.store.tenants.list()).find((t) => t.name === 'globex');
  if (!globex) throw new Error('globex is not seeded');
  await s.app.workbench.store.users.insert({
    uid: crypto.randomUUID(),
    tid: globex.tid,
    username: 'viewer@globex.example',
    firstName: 'Vic',
    lastName: 'Viewer',
    roles: { read: ['settings:*'], write: [] },
    passwordHash: await hashPassword(TEST_PASSWORD),
    showChangePassword: false,
  });
  return s;
}

const putPortalVersion = async (s: TestServer) => {
  const viewer = await signIn(s, 'viewer@globex.example');
  return s.call('/api/policy/v1/portal_version', {
    method: 'PUT',
    jar: viewer.jar,
    body: { portal_v2: true },
  });
};

describe('RBAC is always enforced on on-prem non-management modes; otherwise only when the rbac capability is on', () => {
  test('cloud, tenant without the rbac capability: the read-only account may write (checks skipped)', async () => {
    server = await startWithGlobexViewer('ec2', null);
    expect((await putPortalVersion(server)).status).toBe(200);
  });

  test('on-prem safeview: the same account is refused (403)', async () => {
    server = await startWithGlobexViewer('on_prem', 'safeview');
    expect((await putPortalVersion(server)).status).toBe(403);
  });

  test('on-prem management station: follows the capability again (allowed)', async () => {
    server = await startWithGlobexViewer('on_prem', 'management_station');
    expect((await putPortalVersion(server)).status).toBe(200);
  });
});

test('a state-changing request without a session is refused before anything runs (the xsrf token belongs to a session)', async () => {
  server = await startTestServer();
  const r = await server.call('/api/policy/v1/rules/1', { method: 'POST' });
  expect(r.status).toBe(401);
  expect(await r.json()).toMatchObject({ message: 'Not signed in, or the session has expired.' });
});

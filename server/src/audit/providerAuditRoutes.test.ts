/**
 * The provider's audit trail (issue 14): every provider write by an operator adds an event naming
 * the operator (a walk over the write operations of /openapi.json under /gdmanage), and the
 * console reads the trail through GET /gdmanage/api/v1/audit: paged, filtered by tenant, actor,
 * action and time range; support staff read it, tenant sessions are refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROVIDER_AUDIT_PATH, type ProviderAuditList } from '@workbench/common/api/contract/providerAudit';
import { PROVIDER_ENTITIES, PROVIDER_ENTITY_REGISTRY } from '@workbench/common/api/contract/providerEntities';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { fillTemplate, loadOperations, operationLabel, type Operation } from '../security-tests/operations';
import { validSample } from '../security-tests/schemaValues';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type TestServer,
} from '../testing/testServer';

const OPERATOR = 'operator@provider.example';

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let operator: OperatorSignedIn;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-audit-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({
    events: { store: events },
    jobTimer: false,
  });
  operator = await signInOperator(server, OPERATOR);
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const auditPage = async (query = '', who: OperatorSignedIn = operator) => {
  const r = await server.call(`${PROVIDER_AUDIT_PATH}${query}`, { jar: who.jar });
  expect(r.status).toBe(200);
  return (await r.json()) as ProviderAuditList;
};

/** The write operations under /gdmanage a signed-in operator makes (sign-in and session keys aside). */
const SESSION_WRITES = new Set(['POST /idp/token', 'POST /gdmanage/api/v1/session/extendkey']);
const ORDER: Record<string, number> = { POST: 0, PUT: 1, PATCH: 2, DELETE: 3 };

/**
 * Bodies that change something where the schema's minimal sample changes nothing (a write that
 * changes nothing, or a dry run, writes no event: auditTrail.ts `skip`).
 */
const CHANGING_BODIES: Record<string, (op: Operation) => unknown> = {
  'PATCH /gdmanage/api/v1/tenants/{id}/capabilities': () => ({ capabilities: { sso: true } }),
  'DELETE /gdmanage/api/v1/tenants/{id}/capabilities': () => ({ capabilities: ['sso'] }),
  'POST /gdmanage/api/v1/tenants/{id}/tenantusers/bulk': () => ({
    user_list: [{ username: 'bulk.walk@audit-walk.example' }],
  }),
};

test('every provider write by an operator adds an audit event naming the operator', async () => {
  const allOps = (await loadOperations(server)).filter(
    (op) =>
      op.stateChanging && op.template.startsWith('/gdmanage/') && !SESSION_WRITES.has(operationLabel(op)),
  );
  // Declared: each one writes the trail's event, or says why it is exempt (a dry run sent as
  // POST changes nothing); none is left to its handler.
  const doc = (await (await server.call('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { 'x-workbench-audit'?: { action?: string; exempt?: string } }>>;
  };
  const declared = (op: Operation) =>
    doc.paths[op.template]?.[op.method.toLowerCase()]?.['x-workbench-audit'];
  const undeclared = allOps
    .filter((op) => !declared(op)?.action && !declared(op)?.exempt)
    .map(operationLabel);
  expect(undeclared).toEqual([]);
  const ops = allOps.filter((op) => declared(op)?.action !== undefined);

  // Made: a tenant of its own for the tenant routes, and the first row of each entity.
  const created = await server.call('/gdmanage/api/v1/tenants', {
    method: 'POST',
    jar: operator.jar,
    body: { name: 'audit-walk', admin_username: 'admin@audit-walk.example' },
  });
  expect(created.status).toBe(201);
  const tid = ((await created.json()) as { tenant: { tid: string } }).tenant.tid;
  const firstIds = new Map<string, string>();
  for (const entity of PROVIDER_ENTITIES) {
    const def = PROVIDER_ENTITY_REGISTRY[entity];
    // By the collection of its path (tenantgroups, inventory-management), as idFor reads it.
    const r = await server.call(`${def.path}?limit=1`, { jar: operator.jar });
    const rows = ((await r.json()) as Record<string, Record<string, unknown>[]>)[entity] ?? [];
    const id = rows[0]?.[def.idField];
    if (typeof id === 'string') firstIds.set(def.path.split('/').pop() ?? entity, id);
  }
  const idFor = (op: Operation, name: string): string => {
    const collection = /^\/gdmanage\/api\/v1\/([^/]+)\//.exec(op.template)?.[1] ?? '';
    if (collection === 'tenants') return tid;
    if (name === 'node') return 'euw1-a-node-1';
    return encodeURIComponent(firstIds.get(collection) ?? 'none');
  };

  const answered: string[] = [];
  const silent: string[] = [];
  const sorted = [...ops].sort(
    (a, b) => (ORDER[a.method] ?? 9) - (ORDER[b.method] ?? 9) || a.template.localeCompare(b.template),
  );
  for (const op of sorted) {
    // Deleting the tenant would end the walk's tenant routes: it comes last.
    if (op.method === 'DELETE' && op.template === '/gdmanage/api/v1/tenants/{id}') continue;
    const url = fillTemplate(
      op.template,
      Object.fromEntries(op.pathParams.map((p) => [p.name, idFor(op, p.name)])),
    );
    const before = (await auditPage(`?actor=${encodeURIComponent(OPERATOR)}&limit=1`)).total;
    const r = await server.call(url, {
      method: op.method,
      jar: operator.jar,
      body: CHANGING_BODIES[operationLabel(op)]?.(op) ?? (op.body ? validSample(op.body.schema) : undefined),
    });
    if (r.status < 200 || r.status >= 300) continue;
    answered.push(operationLabel(op));
    const after = await auditPage(`?actor=${encodeURIComponent(OPERATOR)}&limit=1`);
    if (after.total !== before + 1 || after.events[0]?.actor !== OPERATOR) silent.push(operationLabel(op));
  }
  expect(silent).toEqual([]);
  // The walk really wrote (not a run of refusals): most write routes took their sample.
  expect(answered.length).toBeGreaterThanOrEqual(Math.floor(ops.length / 2));
});

test('the trail pages, filters by tenant, actor, action and time, and shows before and after', async () => {
  const made = await server.call('/gdmanage/api/v1/tenants', {
    method: 'POST',
    jar: operator.jar,
    body: { name: 'audit-read', admin_username: 'admin@audit-read.example' },
  });
  const tid = ((await made.json()) as { tenant: { tid: string } }).tenant.tid;
  server.clock.advance(60_000);
  const renamed = await server.call(`/gdmanage/api/v1/tenants/${tid}/renametenant`, {
    method: 'POST',
    jar: operator.jar,
    body: { name: 'audit-read-2' },
  });
  expect(renamed.status).toBeLessThan(300);

  const mine = await auditPage(`?tenant=${tid}`);
  expect(mine.total).toBe(2);
  // Newest first; the tenant named as it is called now.
  expect(mine.events.map((e) => e.action)).toEqual(['update', 'create']);
  expect(mine.events[0]).toMatchObject({ actor: OPERATOR, tenant: tid, tenant_name: 'audit-read-2' });
  expect(mine.events.some((e) => e.after !== null)).toBe(true);
  expect(JSON.stringify(mine)).not.toContain('admin_password');

  const created = await auditPage(`?tenant=${tid}&action=create`);
  expect(created.events.map((e) => e.object)).toEqual(['audit-read']);
  const since = new Date(server.clock.now().getTime() - 1000).toISOString();
  expect((await auditPage(`?tenant=${tid}&from=${since}`)).total).toBe(1);
  expect((await auditPage(`?actor=nobody@provider.example`)).total).toBe(0);

  const all = await auditPage('?limit=2');
  expect(all.events).toHaveLength(2);
  const next = await auditPage('?limit=2&offset=2');
  expect(next.events[0]?.id).not.toBe(all.events[1]?.id);
  expect(next.total).toBe(all.total);

  // Support staff read it; bad input is a 400 naming the field; tenants are not let in.
  const support = await signInOperator(server, 'support@provider.example');
  expect((await auditPage(`?tenant=${tid}`, support)).total).toBe(2);
  const bad = await server.call(`${PROVIDER_AUDIT_PATH}?action=explode`, { jar: operator.jar });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('action');
  const admin = await signIn(server, 'admin@acme.example');
  expect((await server.call(PROVIDER_AUDIT_PATH, { jar: admin.jar })).status).toBe(401);
});

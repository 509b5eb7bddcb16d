import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_OPERATORS,
  DEMO_PARENT_TENANT,
  DEMO_TENANT_ACCOUNTS,
} from '@workbench/common/api/contract/demo';
import { openSqliteConfigStore } from '../store/sqlConfigStore';
import { verifyPassword } from '../security/passwords';
import { Compile } from 'typebox/schema';
import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '@workbench/common/api/contract/policyKinds';
import { DEMO_CAPABILITIES, demoPolicyOf, seedDemoData } from './demoSeed';
import {
  DEMO_CROWD,
  DEMO_CROWD_NAMES,
  DEMO_DEPLOYMENTS,
  DEMO_ROLLOUT_TENANTS,
  demoCrowdOvaKeys,
  demoOvaKeys,
} from './demoProvider';
import { TENANT_DEPLOYMENT_ENTITY } from '../provider/entityChecks';
import { ROLLOUT_ENTITY, type StoredRollout } from '../provider/rolloutRunner';
import { licenceStateOf } from '@workbench/common/api/contract/providerOps';
import { generatorTenantsOf } from './seedTenants';
import { DEMO_PARENT_GLOBAL_RULES } from './demoParentTenant';
import { generateEvents } from './eventGenerator';
import { EMAIL_ENTRY_ACTIONS, EMAIL_EXIT_ACTIONS } from '@workbench/common/vocabularies/index';
import { INITIAL_REVISION_COMMENT, SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';

test('first start seeds the demo tenants, accounts and operators; a second start changes nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-seed-'));
  const store = await openSqliteConfigStore(dir);
  const now = new Date('2026-11-22T00:00:00Z');
  const first = await seedDemoData(store, 'pw-1', now);
  expect(first).toMatchObject({ seeded: true });
  expect(first.generatedPassword).toBeUndefined();
  expect(await seedDemoData(store, 'pw-2', now)).toEqual({ seeded: false, audit: [] });

  const tenants = await store.tenants.list();
  expect(tenants.map((t) => t.name)).toEqual(['acme', 'globex', DEMO_PARENT_TENANT.name]);
  const [acme, globex, parent] = tenants;
  // The parent tenant asked to manage acme and managed globex; its global rules are published.
  expect((await store.tenantAssociations.listOf(parent.tid)).map((a) => [a.secondaryName, a.status])).toEqual(
    [
      ['globex', 'revoked'],
      ['acme', 'pending'],
    ],
  );
  expect((await store.policyDocs.get(parent.tid, 'global_bnb', 1, true))?.data).toEqual(
    DEMO_PARENT_GLOBAL_RULES.global_bnb,
  );
  expect(await store.users.findByUsername(DEMO_PARENT_TENANT.account.username)).toMatchObject({
    tid: parent.tid,
  });
  expect(acme.capabilities).toMatchObject({ rbac: true, fwaas: true, safemailPolicy: true });
  expect(globex.capabilities.rbac).toBe(false);
  expect(await store.users.count(acme.tid)).toBe(
    DEMO_TENANT_ACCOUNTS.filter((a) => a.tenant === 'acme').length,
  );
  expect(await store.revisions.get(acme.tid)).toMatchObject({ revId: 1, stagedRevId: 1, state: 'new' });
  // Revision 1 is published as any publish is: in the history, and audited once per area it saves.
  for (const t of tenants)
    expect(await store.revisions.listPublished(t.tid)).toEqual([
      {
        tid: t.tid,
        revId: 1,
        publishedAt: now.toISOString(),
        publishedBy: SETUP_PUBLISHER,
        note: INITIAL_REVISION_COMMENT,
        rolledBackFrom: null,
      },
    ]);
  expect(new Set(first.audit.map((e) => `${e.tid} ${e.userid} ${e.action} ${e.object}`))).toEqual(
    new Set(tenants.map((t) => `${t.tid} ${SETUP_PUBLISHER} published revision 1`)),
  );
  expect(first.audit.every((e) => e.time === now.getTime())).toBe(true);

  const admin = await store.users.findByUsername('admin@acme.example');
  expect(admin?.roles).toEqual({ read: ['*:*'], write: ['*:*'] });
  expect(await verifyPassword('pw-1', admin?.passwordHash ?? '')).toBe(true);
  expect(await verifyPassword('pw-2', admin?.passwordHash ?? '')).toBe(false);
  for (const o of DEMO_OPERATORS) expect((await store.operators.get(o.username))?.role).toBe(o.role);
  await store.close();
});

test('each account gets its own salt', async () => {
  const store = await openSqliteConfigStore(fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-seed-')));
  await seedDemoData(store, 'same', new Date());
  const a = await store.users.findByUsername('admin@acme.example');
  const b = await store.users.findByUsername('auditor@acme.example');
  expect(a?.passwordHash).not.toBe(b?.passwordHash);
  await store.close();
});

test("the demo policy documents are valid against their kinds' rows; a tenant gets only what its flags allow", () => {
  const acme = demoPolicyOf(DEMO_CAPABILITIES.acme);
  for (const [kind, data] of acme) {
    const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
    expect([kind, Compile(def.data as Parameters<typeof Compile>[0]).Check(data)]).toEqual([kind, true]);
    expect([kind, def.check?.(data as never, { tid: 't' }) ?? null]).toEqual([kind, null]);
  }
  // acme has every family; globex (no menlo_email) gets no e-mail document.
  expect(acme.map(([k]) => k)).toEqual(
    expect.arrayContaining(['cats', 'safemail/config', 'dlp', 'casb/app_rules', 'mpa/access_rules']),
  );
  const globex = demoPolicyOf(DEMO_CAPABILITIES.globex).map(([k]) => k);
  expect(globex).toEqual(expect.arrayContaining(['cats', 'dlp']));
  expect(globex.filter((k) => k.startsWith('safemail/') || k.startsWith('smtp/'))).toEqual([]);
});

test("the demo server's crowd: dozens of tenants over the deployments, with SKUs and keys in every state, no accounts", async () => {
  const store = await openSqliteConfigStore(fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-seed-')));
  const now = new Date('2026-11-22T00:00:00Z');
  const started = Date.now();
  await seedDemoData(store, 'pw', now, { crowd: true });
  // Cheap: no password hashing, no policy documents, no events for the crowd.
  expect(Date.now() - started).toBeLessThan(5000);
  const tenants = await store.tenants.list();
  // acme, globex and the parent tenant northwind-partners, and the crowd.
  expect(tenants.length).toBe(3 + DEMO_CROWD.length);
  expect(tenants.length).toBeGreaterThanOrEqual(30);
  const crowd = tenants.filter((t) => DEMO_CROWD_NAMES.has(t.name));
  expect(crowd.some((t) => t.status === 'disabled')).toBe(true);
  for (const t of crowd) expect(await store.users.count(t.tid)).toBe(0);
  // Spread over every deployment (placements beside the default one).
  const placed = await store.entities.list(TENANT_DEPLOYMENT_ENTITY, {
    limit: 500,
    offset: 0,
    sort: 'created_at',
    order: 'asc',
    searchFields: [],
  });
  const deployments = new Set(placed.records.map((r) => (r.data as { deployment: string }).deployment));
  expect(deployments.size).toBe(DEMO_DEPLOYMENTS.length - 1);
  // Licence keys in every state, the crowd's among them; one SKU pair never held together.
  const keys = [...demoOvaKeys(now).map((k) => k.key), ...demoCrowdOvaKeys(now)];
  expect(new Set(keys.map((k) => licenceStateOf(k, now)))).toEqual(
    new Set(['none', 'active', 'expired', 'about_to_expire']),
  );
  for (const t of DEMO_CROWD) expect(t.skus.includes('SWG-BASIC') && t.skus.includes('SWG-ADV')).toBe(false);
  // The crowd has no events: the generator leaves it out.
  expect(generatorTenantsOf(tenants).map((t) => t.name)).toEqual(['acme', 'globex']);
  // Two tenant groups and three category overrides naming tenants that exist; one finished
  // rollout whose applied tenants exist and carry what it applied.
  const all = (entity: string) =>
    store.entities.list(entity, {
      limit: 100,
      offset: 0,
      sort: 'created_at',
      order: 'asc',
      searchFields: [],
    });
  const tids = new Set(tenants.map((t) => t.tid));
  const groups = (await all('tenant_groups')).records;
  const overrides = (await all('category_overrides')).records;
  expect([groups.length, overrides.length]).toEqual([2, 3]);
  for (const r of [...groups, ...overrides])
    for (const tid of r.data.tenants as string[]) expect(tids.has(tid)).toBe(true);
  const [rollout] = (await all(ROLLOUT_ENTITY)).records.map((r) => r.data as unknown as StoredRollout);
  expect(rollout?.state).toBe('completed');
  expect(rollout?.tenants.map((t) => [t.name, t.wave, t.status])).toEqual(
    DEMO_ROLLOUT_TENANTS.map((n, i) => [n, i < 2 ? 1 : 2, 'applied']),
  );
  for (const t of rollout?.tenants ?? [])
    expect(tenants.find((x) => x.tid === t.tid)?.capabilities.fwaas).toBe(true);
  await store.close();
});

test("the demo events follow each tenant's features: globex (no e-mail) gets no e-mail events nor clicks in e-mail; acme gets both (issue 31)", async () => {
  const store = await openSqliteConfigStore(fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-seed-')));
  const now = new Date('2026-11-22T00:00:00Z');
  await seedDemoData(store, 'pw', now);
  const tenants = generatorTenantsOf(await store.tenants.list());
  const events = [...generateEvents({ tenants, count: 20_000, now: now.getTime(), seed: 4 })].flat();
  const of = (name: string) => events.filter((e) => e.tid === tenants.find((t) => t.name === name)?.tid);
  const emailClicks = (name: string) =>
    of(name).filter(
      (e) =>
        e.logType === 'scan_web' &&
        [...EMAIL_ENTRY_ACTIONS, ...EMAIL_EXIT_ACTIONS].includes(String(e.fields.action)),
    );
  expect(of('globex').length).toBeGreaterThan(3000);
  expect(of('globex').filter((e) => e.logType === 'scan_email')).toEqual([]);
  expect(emailClicks('globex')).toEqual([]);
  expect(of('acme').filter((e) => e.logType === 'scan_email').length).toBeGreaterThan(500);
  expect(emailClicks('acme').length).toBeGreaterThan(100);
  // Its other log types are there (DLP, firewall: the policy pages it has).
  expect(new Set(of('globex').map((e) => e.logType))).toEqual(
    new Set(['scan_web', 'scan_dlp', 'scan_audit', 'fwaas_logs', 'saa_logs']),
  );
  await store.close();
});

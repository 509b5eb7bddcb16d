/**
 * Registry consistency (issue 9): every row of common's registries (log types, policy groups and
 * kinds, report queries, provider entities) has its server routes in the real server's
 * /openapi.json with the permission the row implies, and names its spec section. The client side (routes, test ids) is checked in the tenant portal's
 * routes/registries.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import {
  LOG_ROUTES,
  LOG_TYPE_REGISTRY,
  LOG_TYPES,
  logReadPermission,
  logRouteFeatures,
  logRouteOfType,
} from '@workbench/common/vocabularies/logTypes';
import {
  POLICY_GROUPS,
  POLICY_GROUP_REGISTRY,
  policyReadPermission,
  policyWritePermission,
} from '@workbench/common/vocabularies/policyGroups';
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  type PolicyKindDef,
  POLICY_KIND_GROUPS,
  kindPathHasRev,
  policyKindWritePermission,
  policyKindFeatures,
  type PolicyKind,
} from '@workbench/common/api/contract/policyKinds';
import { valueAt } from './policy/policyDiff';
import { Compile } from 'typebox/schema';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  reportQueryPath,
  type ReportQueryDef,
} from '@workbench/common/api/contract/reportQueries';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import {
  PROVIDER_ENTITIES,
  PROVIDER_ENTITY_REGISTRY,
  ENTITY_REFERENCE_LISTS,
  entityReadPermission,
  entityWritePermission,
  type ProviderEntityDef,
} from '@workbench/common/api/contract/providerEntities';
import { loadOperations, type Operation } from './security-tests/operations';
import { startTestServer, type TestServer } from './testing/testServer';
import type { EventStore } from './events/eventStore';
import { openTestEventStore } from './testing/testEventStore';

let server: TestServer;
let store: EventStore;
let storeDir: string;
let operations: Operation[];

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registries-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  operations = await loadOperations(server);
});

afterAll(async () => {
  await server.close();
  await store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const operation = (method: string, template: string): Operation | undefined =>
  operations.find((op) => op.method === method && op.template === template);

describe('log-type registry', () => {
  it('has one row per log type of the spec, each type once', () => {
    expect(LOG_ROUTES.map((r) => LOG_TYPE_REGISTRY[r].type).sort()).toEqual([...LOG_TYPES].sort());
  });

  it.each(LOG_ROUTES)(
    '%s: its block and export routes are in the OpenAPI document with its read permission and features',
    (route) => {
      const { type } = LOG_TYPE_REGISTRY[route];
      const features = logRouteFeatures(route);
      for (const template of [`/api/rep/v1/query/${type}`, `/api/rep/v1/export/${type}`]) {
        const op = operation('GET', template);
        expect(op).toBeDefined();
        expect(op?.access).toEqual({
          world: 'tenant',
          permission: logReadPermission(route),
          optional: false,
          ...(features.length > 0 ? { features } : {}),
        });
      }
    },
  );

  it('a log type needs the features of the policy page whose enforcement writes it (Email Logs: menlo_email)', () => {
    expect(Object.fromEntries(LOG_ROUTES.map((r) => [r, logRouteFeatures(r)]))).toEqual({
      audit: [],
      dlp: [],
      email: ['menlo_email'],
      firewall: [],
      web: [],
      saa: [],
    });
  });

  it.each(LOG_ROUTES)('%s: has a title, a noun, a log schema and names its spec section', (route) => {
    const row = LOG_TYPE_REGISTRY[route];
    expect(row.title).toMatch(/ Logs$/);
    expect(row.noun).toMatch(/ logs$/);
    expect(LOG_TYPE_SCHEMAS[row.type].fields.length).toBeGreaterThan(0);
    expect(row.spec).toMatch(/§\d/);
  });
});

describe('policy-group registry', () => {
  it("reading the revision takes any group's read; publishing any group's write", () => {
    // Every policy group, and the areas that keep their policy in the same revision (firewall,
    // customization, private access).
    expect(POLICY_KIND_GROUPS).toEqual(
      expect.arrayContaining([...POLICY_GROUPS, 'fwaas', 'customization', 'private_access']),
    );
    expect(operation('GET', '/api/policy/v1/rules')?.access.permission).toEqual({
      any: [...POLICY_KIND_GROUPS.map(policyReadPermission), 'dashboard:*:read'],
    });
    expect(operation('POST', '/api/policy/v1/rules/{rev}')?.access.permission).toEqual({
      any: POLICY_KIND_GROUPS.map(policyWritePermission),
    });
  });

  it.each(POLICY_GROUPS)('%s: has a child path, a title and names its spec section', (group) => {
    const row = POLICY_GROUP_REGISTRY[group];
    expect(row.path).toMatch(/^[a-z-]+$/);
    expect(row.title).toMatch(/\S/);
    expect(row.spec).toMatch(/§\d/);
  });
});

describe('policy-kind registry', () => {
  it.each(POLICY_KINDS)(
    "%s: its GET (and PUT unless read-only) is in the OpenAPI document with its group's read and write",
    (kind) => {
      const row: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
      // Its feature flags (docs/access.md §5) go with both: the guard refuses a tenant without them.
      const features = policyKindFeatures(kind).length > 0 ? { features: [...policyKindFeatures(kind)] } : {};
      expect(operation('GET', row.path)?.access).toEqual({
        world: 'tenant',
        permission: policyReadPermission(row.group),
        optional: false,
        ...features,
      });
      const writePath = row.writePath ?? row.path;
      if (row.readOnly || row.view) {
        // Read-only: no other method at its path, and no save path of its own.
        expect(operations.filter((op) => op.template === row.path).map((op) => op.method)).toEqual(['GET']);
        expect(row.writePath).toBeUndefined();
      } else {
        expect(operation('PUT', writePath)?.access).toEqual({
          world: 'tenant',
          permission: policyKindWritePermission(kind),
          optional: false,
          ...features,
        });
        // A save path of its own is not also read (GET stays at `path`).
        if (row.writePath) expect(operation('GET', row.writePath)).toBeUndefined();
      }
    },
  );

  it.each(POLICY_KINDS)(
    '%s: its path is a policy path, its defaults fit its schema and check, it names its spec section',
    (kind) => {
      const row: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
      // By revision, or (without {rev}) the staged revision; a save path the same way as its read.
      // A tenant settings document kept in the revision (docs/adding-a-row.md §4) is read at its
      // settings path, staged like private access's calls (no {rev}).
      expect(row.path).toMatch(
        /^(\/api\/policy\/v[1-4]\/[a-z0-9_/]+(\{rev\})?|\/api\/settings\/v1\/tenants\/[a-z0-9_]+)$/,
      );
      if (row.writePath) {
        expect(row.writePath).toMatch(/^\/api\/policy\/v[134]\/[a-z0-9_/]+(\{rev\})?$/);
        expect(kindPathHasRev(row.writePath)).toBe(kindPathHasRev(row.path));
      }
      expect(POLICY_KIND_GROUPS).toContain(row.group);
      // A web-policy edit permission narrows a web-policy write only (docs/access.md §4).
      if (row.edit) expect(row.group).toBe('web_policy');
      expect(policyKindWritePermission(kind)).toBe(`${row.group}:${row.edit ?? '*'}:write`);
      expect(Compile(row.data as Parameters<typeof Compile>[0]).Check(row.defaults)).toBe(true);
      expect(row.check?.(row.defaults as never, { tid: 't-registry' }) ?? null).toBeNull();
      // A read-only row is saved by nobody: it checks nothing and orders nothing.
      if (row.readOnly || row.view) {
        expect(row.check).toBeUndefined();
        expect(row.orderedLists).toBeUndefined();
      }
      expect(row.spec).toMatch(/§\d/);
    },
  );

  it.each(POLICY_KINDS)('%s: its keyed and ordered lists are lists of its defaults', (kind) => {
    const row: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
    for (const path of [...Object.keys(row.keyedLists ?? {}), ...(row.orderedLists ?? [])])
      expect(Array.isArray(valueAt(row.defaults, path))).toBe(true);
    // An ordered list keeps its entries' identity (its reorders are found by key).
    for (const path of row.orderedLists ?? []) expect(row.keyedLists?.[path]).toBeDefined();
  });

  const views = POLICY_KINDS.filter((k) => (POLICY_KIND_REGISTRY[k] as PolicyKindDef).view);
  it.each(views)(
    '%s: views a writable kind of its group (or, for the DLP editor, of the area it picks from), and its view of the defaults fits its schema',
    (kind) => {
      const row: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
      const of = row.view?.of as PolicyKind;
      const source: PolicyKindDef = POLICY_KIND_REGISTRY[of];
      expect(source).toBeDefined();
      expect(source.readOnly || source.view).toBeFalsy();
      // The DLP editor's reads (dlp/...) take private-access and cloud-app lists under its own permission.
      if (!kind.startsWith('dlp/')) expect(source.group).toBe(row.group);
      const view = row.view?.select(source.defaults as never);
      expect(Compile(row.data as Parameters<typeof Compile>[0]).Check(view)).toBe(true);
      expect(view).toEqual(row.defaults);
    },
  );

  it('no two kinds read or save at the same path', () => {
    const rows = POLICY_KINDS.map((k) => POLICY_KIND_REGISTRY[k] as PolicyKindDef);
    const reads = rows.map((r) => r.path);
    const writes = rows.filter((r) => !r.readOnly && !r.view).map((r) => r.writePath ?? r.path);
    expect(new Set(reads).size).toBe(reads.length);
    expect(new Set(writes).size).toBe(writes.length);
  });
});

describe('report-query registry', () => {
  it.each(REPORT_QUERY_NAMES)(
    '%s: its GET is in the OpenAPI document with its permission and its filters',
    (name) => {
      const row: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
      const op = operation('GET', reportQueryPath(name));
      expect(op?.access).toEqual({
        world: 'tenant',
        permission: row.permission,
        optional: false,
        ...(row.features.length > 0 ? { features: row.features } : {}),
      });
      const params = op?.queryParams.map((p) => p.name) ?? [];
      for (const filter of Object.keys(row.filters)) expect(params).toContain(filter);
      expect(params).toEqual(expect.arrayContaining(['start', 'end']));
    },
  );

  it.each(REPORT_QUERY_NAMES)(
    '%s: reads fields of its log type, in the dashboard group, and names its spec section',
    (name) => {
      const row: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
      const fields = new Set(LOG_TYPE_SCHEMAS[row.logType].fields);
      if (row.dimension.kind === 'field') expect(fields.has(row.dimension.field)).toBe(true);
      if (row.dimension.series !== undefined) expect(fields.has(row.dimension.series)).toBe(true);
      const measured =
        row.measure.kind === 'sum'
          ? row.measure.fields
          : row.measure.kind === 'avg'
            ? [row.measure.field]
            : [];
      for (const f of measured) {
        expect(fields.has(f)).toBe(true);
        expect(FIELD_SPECS[f].kind).toBe('integer');
      }
      if (row.measure.kind === 'distinct') expect(fields.has(row.measure.field)).toBe(true);
      for (const filter of Object.values(row.filters))
        if ('field' in filter) expect(fields.has(filter.field)).toBe(true);
      for (const w of row.where ?? []) {
        expect(fields.has(w.field)).toBe(true);
        const codes = FIELD_SPECS[w.field].vocabulary?.map((v) => v.code);
        if (codes) for (const value of w.values) expect(codes).toContain(value);
      }
      // Its family's dashboard read and its log type's own read, and at least the log type's features.
      const route = logRouteOfType(row.logType);
      expect(row.permission).toEqual({ all: [`dashboard:${row.family}:read`, logReadPermission(route)] });
      expect(row.family).toMatch(/^[a-z_]+$/);
      expect(row.features).toEqual(expect.arrayContaining([...logRouteFeatures(route)]));
      expect(row.spec).toMatch(/§\d/);
    },
  );
});

describe('provider-entity registry', () => {
  it.each(PROVIDER_ENTITIES)(
    '%s: list, create, read, replace and delete are in the OpenAPI document; reads need its read, writes its write',
    (entity) => {
      const row: ProviderEntityDef = PROVIDER_ENTITY_REGISTRY[entity];
      const item = `${row.path}/{id}`;
      const access = (permission: string) => ({ world: 'provider', permission, optional: false });
      expect(operation('GET', row.path)?.access).toEqual(access(entityReadPermission(row)));
      expect(operation('GET', item)?.access).toEqual(access(entityReadPermission(row)));
      for (const [method, template] of [
        ['POST', row.path],
        ['PUT', item],
        ['DELETE', item],
      ] as const) {
        expect(operation(method, template)?.access).toEqual(access(entityWritePermission(row)));
      }
      expect(
        operation('GET', row.path)
          ?.queryParams.map((p) => p.name)
          .sort(),
      ).toEqual(['limit', 'offset', 'order', 'q', 'sort']);
    },
  );

  it.each(PROVIDER_ENTITIES)(
    '%s: its columns, sort, search and form fields are fields of its row, its id is in its body, it names its spec section',
    (entity) => {
      const row: ProviderEntityDef = PROVIDER_ENTITY_REGISTRY[entity];
      const fields = Object.keys(row.row.properties);
      const bodyFields = Object.keys(row.body.properties);
      // One segment of the spec's name: letters, _ and its hyphens (inventory-management).
      expect(row.path).toMatch(/^\/gdmanage\/api\/v1\/[a-z_-]+$/);
      expect(bodyFields).toContain(row.idField);
      for (const c of row.columns) expect(fields).toContain(c.field);
      for (const f of [...row.sortFields, ...row.searchFields]) expect(fields).toContain(f);
      expect(row.form.map((f) => f.field).sort()).toEqual([...bodyFields].sort());
      expect(row.form.find((f) => f.field === row.idField)?.createOnly).toBe(true);
      // A field picked by name from a list holds the list's ids: an array of them in the body.
      for (const f of row.form.filter((x) => x.kind === 'references')) {
        expect(Object.keys(ENTITY_REFERENCE_LISTS)).toContain(f.references);
        expect((row.body.properties[f.field] as { type?: string }).type).toBe('array');
      }
      expect(row.spec).toMatch(/§\d/);
    },
  );
});

/**
 * The conformance suite (issue 30): every endpoint of the spec's table (conformance/, written from
 * the spec's text, never from our contract) against the reference server, on both topologies.
 * It prints how many endpoints the spec names, how many the server serves and how many it
 * checks, and the checks that rest on a shape the spec does not show (docs/api.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Suite } from '../../../conformance/checks';
import { SpecClient, signInOperator, signInTenant } from '../../../conformance/specClient';
import {
  SILENT_CHOICES,
  SPEC_ENDPOINTS,
  pathShape,
  servedPath,
  type SilentChoice,
  type SpecEndpoint,
} from '../../../conformance/specEndpoints';
import type { EventStore } from '../events/eventStore';
import { generateEvents } from '../seed/eventGenerator';
import { generatorTenantsOf } from '../seed/seedTenants';
import { openTestEventStore } from '../testing/testEventStore';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../testing/testServer';

const DAY_S = 86_400;

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let suite: Suite;
/** OpenAPI paths (placeholders made one mark) and their methods. */
const served = new Map<string, Set<string>>();

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({
    demoPolicy: true,
    events: { store: events, reportFiles: { timer: false } },
  });
  const now = server.clock.now().getTime();
  const tenants = generatorTenantsOf(await server.app.workbench.store.tenants.list());
  for (const batch of generateEvents({ tenants, count: 3000, now, days: 20, seed: 30 }))
    await events.append(batch);
  await events.flush();

  const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
    paths: Record<string, object>;
  };
  for (const [template, operations] of Object.entries(openapi.paths))
    served.set(pathShape(template), new Set(Object.keys(operations).map((m) => m.toUpperCase())));

  const tenantIds = new Map<string, string>();
  const nowS = Math.floor(now / 1000);
  suite = {
    baseUrl: server.url,
    tenant: await signInTenant(server.url, 'admin@acme.example', TEST_PASSWORD),
    operator: await signInOperator(server.url, 'operator@provider.example', TEST_PASSWORD),
    password: TEST_PASSWORD,
    range: { start: nowS - 30 * DAY_S, end: nowS + 3600 },
    anonymous: (world) => new SpecClient(server.url, world),
    signInTenant: (username, password = TEST_PASSWORD) => signInTenant(server.url, username, password),
    signInOperator: (username) => signInOperator(server.url, username, TEST_PASSWORD),
    tenantId: async (name) => {
      if (!tenantIds.has(name)) {
        const page = (await suite.operator.get('/gdmanage/api/v1/tenants', { q: name })).body as {
          tenants: Array<{ tid: string; name: string }>;
        };
        const tenant = page.tenants.find((t) => t.name === name);
        if (!tenant) throw new Error(`no tenant ${name}`);
        tenantIds.set(name, tenant.tid);
      }
      return tenantIds.get(name) as string;
    },
  };
});

afterAll(async () => {
  if (suite) console.log(conformanceSummary());
  await server?.close();
  await events?.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

/** Whether the reference server serves a row (its path and method are in /openapi.json). */
function isServed(row: SpecEndpoint): boolean {
  const at = servedPath(row);
  if (at === null) return false;
  const methods = served.get(pathShape(at));
  if (!methods) return false;
  return row.method === 'ANY' ? methods.size > 0 : methods.has(row.method);
}

/** The three counts, per family and in all, and the checks that rest on a silent spec. */
function conformanceSummary(): string {
  const families = [...new Set(SPEC_ENDPOINTS.map((r) => r.family))];
  const count = (rows: readonly SpecEndpoint[]) =>
    [rows.length, rows.filter(isServed).length, rows.filter((r) => r.check && isServed(r)).length] as const;
  const [named, implemented, covered] = count(SPEC_ENDPOINTS);
  const silent = new Set<SilentChoice>(SPEC_ENDPOINTS.flatMap((r) => (r.check ? (r.silent ?? []) : [])));
  return [
    'Conformance with the calls of the requirement documents (docs/api.md; issue 30):',
    `  endpoints the spec names:        ${named}`,
    `  served by the reference server:  ${implemented}`,
    `  covered by this suite:           ${covered}`,
    '  per family (named / served / covered):',
    ...families.map((family) => {
      const [n, s, c] = count(SPEC_ENDPOINTS.filter((r) => r.family === family));
      return `    ${family}: ${n} / ${s} / ${c}`;
    }),
    `  checks where the spec is silent (our documented choice, docs/api.md): ${silent.size}`,
    ...[...silent].map((id) => `    - ${id}: ${SILENT_CHOICES[id]}`),
  ].join('\n');
}

const title = (row: SpecEndpoint): string =>
  `${row.method} ${row.path}${row.served && row.served !== row.path ? ` (served at ${row.served})` : ''}`;

describe.each([...new Set(SPEC_ENDPOINTS.map((r) => r.family))])('%s', (family) => {
  test.each(SPEC_ENDPOINTS.filter((r) => r.family === family).map((row) => [title(row), row] as const))(
    '%s',
    async (_name, row) => {
      if (row.check) {
        // A row with a check is one the server serves: a route missing from /openapi.json fails here.
        expect({ served: isServed(row) }).toEqual({ served: true });
        await row.check(suite);
      } else {
        // Not served: when the server starts serving it, this row needs its check.
        expect({ servedWithoutACheck: isServed(row) }).toEqual({ servedWithoutACheck: false });
      }
    },
  );
});

describe('the table itself', () => {
  test('one row per method and path', () => {
    const keys = SPEC_ENDPOINTS.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  test('every choice where the spec is silent is used by a check and written down in docs/api.md', () => {
    const used = new Set(SPEC_ENDPOINTS.flatMap((r) => r.silent ?? []));
    expect(Object.keys(SILENT_CHOICES).filter((id) => !used.has(id as SilentChoice))).toEqual([]);
    const docs = fs.readFileSync(path.join(__dirname, '../../../docs/api.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Shapes the spec does not show'));
    expect(Object.keys(SILENT_CHOICES).filter((id) => !section.includes(`\`${id}\``))).toEqual([]);
  });
});

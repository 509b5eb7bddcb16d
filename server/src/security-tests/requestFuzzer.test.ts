/**
 * Property-based fuzzing of every operation's request schema (issue 10), from /openapi.json:
 * at least 10,000 malformed requests per run (fixed seed: the same requests each run), sent as
 * admin@acme.example with a valid xsrf token so they reach validation, and as
 * operator@provider.example on the provider console's routes. The properties:
 * - no request gets a 5xx;
 * - a request that breaks its operation's contract (schema or content type) gets a 4xx;
 * - afterwards the config store holds exactly what it held before (every table's rows hashed,
 *   through the ConfigStore interface, so on either engine; only the sign-in rate-limit counters
 *   are left out: counting every sign-in call, refused or not, is their job), and so does the
 *   event store.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { DEMO_OPERATORS, DEMO_TENANT_ACCOUNTS } from '@workbench/common/api/contract/demo';
import { SESSION_COOKIE } from '@workbench/common/api/contract/wire';
import { changedTables, snapshotConfigStore } from '../testing/storeSnapshot';
import { CookieJar, TEST_PASSWORD } from '../testing/testServer';
import { malformedRequestArbitrary, type MalformedRequest } from './malformedRequests';
import { fillTemplate, loadOperations, operationLabel, type Operation } from './operations';
import { percentEncode, validSample } from './schemaValues';
import { startWorkbenchUnderTest, type Caller, type WorkbenchUnderTest } from './workbenchUnderTest';

// A last guard, as the matrix's: beside the browser suite on two cores it has taken over five minutes.
jest.setTimeout(600_000);

const SEED = 20261122;
const MIN_REQUESTS = 10_000;
/** Requests in flight at once: enough to overlap the server's awaits, few enough for 2 cores. */
const CONCURRENCY = 6;
/** On a shared (PostgreSQL) store the sign-in limit's counters live there (http/rateLimitStore.ts). */
const STORE_SNAPSHOT = { exclude: ['rate_limits'] };

let wb: WorkbenchUnderTest;
let operations: Operation[];
const summaryLines: string[] = [];

const isProviderSide = (op: Operation) =>
  op.access.world === 'provider' || (op.access.world === 'public' && /^\/(gdmanage|idp)\//.test(op.template));

const callerFor = (op: Operation): Caller =>
  wb.caller(isProviderSide(op) ? 'operator@provider.example' : 'admin@acme.example');

/** The operations with something to break: path parameters, a query string or a body. */
const fuzzable = (op: Operation) => op.pathParams.length > 0 || op.queryParams.length > 0 || op.body !== null;

interface PathDefaults {
  values: Record<string, string>;
  /** The resource an id parameter names (from its parent list), when there is one. */
  resource?: Record<string, unknown>;
}

/** Path values that reach the handler: an existing id of acme where the parent list has one. */
async function pathDefaultsOf(op: Operation): Promise<PathDefaults> {
  const defaults: PathDefaults = { values: {} };
  for (const p of op.pathParams) {
    defaults.values[p.name] = percentEncode(String(validSample(p.schema)));
    if (p.schema.type !== 'string' || p.schema.enum) continue;
    // A call that writes without a body (DELETE) gets a fresh id: its query string is what is fuzzed.
    if (op.stateChanging && !op.body) {
      defaults.values[p.name] = crypto.randomUUID();
      continue;
    }
    const parent = op.template.replace(/\/\{[^}]+\}$/, '');
    const response = await wb.server.call(parent, { jar: callerFor(op).jar });
    if (response.status !== 200) continue;
    const reply = (await response.json()) as Record<string, unknown>;
    const list = Object.values(reply).find(Array.isArray) as Record<string, unknown>[] | undefined;
    const id = list?.[0]?.uid ?? list?.[0]?.id;
    if (typeof id !== 'string') continue;
    defaults.values[p.name] = percentEncode(id);
    defaults.resource = list?.[0];
  }
  return defaults;
}

async function send(op: Operation, request: MalformedRequest): Promise<number> {
  const caller = callerFor(op);
  const world = isProviderSide(op) ? 'provider' : 'tenant';
  const headers: Record<string, string> = {};
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  const response = await wb.server.call(request.url, {
    method: request.method,
    jar: caller.jar.clone(),
    xsrf: wb.xsrfOf(caller, world) ?? false,
    headers,
    rawBody: request.body ?? undefined,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Runs the tasks with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}

beforeAll(async () => {
  wb = await startWorkbenchUnderTest();
  operations = await loadOperations(wb.server);
});

afterAll(async () => {
  if (summaryLines.length > 0) console.log(summaryLines.join('\n'));
  await wb?.close();
});

test('≥10,000 malformed requests over every request schema: no 5xx, a 4xx for each broken contract, nothing stored', async () => {
  const targets = operations.filter(fuzzable);
  const runsPerOperation = Math.ceil(MIN_REQUESTS / targets.length);
  const storeBefore = await snapshotConfigStore(wb.server.app.workbench.store, STORE_SNAPSHOT);
  const eventsBefore = await wb.events.count();

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  let mustRefuse = 0;
  const timings: string[] = [];
  for (const [index, op] of targets.entries()) {
    const started = performance.now();
    const defaults = await pathDefaultsOf(op);
    const requests = fc.sample(malformedRequestArbitrary(op, defaults.values, defaults.resource), {
      seed: SEED + index,
      numRuns: runsPerOperation,
    });
    const generatedMs = performance.now() - started;
    const answers = await pool(
      requests.map((r) => () => send(op, r)),
      CONCURRENCY,
    );
    timings.push(
      `  ${operationLabel(op)}: ${Math.round(performance.now() - started)} ms (generating ${Math.round(generatedMs)} ms)`,
    );
    for (const [i, status] of answers.entries()) {
      const r = requests[i];
      sent += 1;
      if (r.mustRefuse) mustRefuse += 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const what = `${operationLabel(op)} [${r.kinds.join(', ')}] ${r.method} ${r.url.slice(0, 160)} ${
        r.contentType ?? '(no content-type)'
      } ${(r.body ?? '').slice(0, 120)}`;
      if (status >= 500) failures.push(`${status}: ${what}`);
      else if (r.mustRefuse && status < 400) failures.push(`accepted with ${status}: ${what}`);
    }
  }
  const storeAfter = await snapshotConfigStore(wb.server.app.workbench.store, STORE_SNAPSHOT);
  const eventsAfter = await wb.events.count();

  const byOperation = new Map<string, number>();
  for (const f of failures) {
    const key = f.replace(/ \[.*$/, '');
    byOperation.set(key, (byOperation.get(key) ?? 0) + 1);
  }
  summaryLines.push(
    `Request fuzzer: ${sent} requests over ${targets.length} operations (${runsPerOperation} each, seed ${SEED}); ` +
      `${mustRefuse} break their contract; statuses ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}; failures ${failures.length}`,
    ...[...byOperation].map(([k, n]) => `  ${k}: ${n}`),
    ...timings,
  );

  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  expect({
    failures: failures.length,
    first: failures.slice(0, 40),
    changedTables: changedTables(storeBefore, storeAfter),
    eventsAdded: eventsAfter - eventsBefore,
  }).toEqual({ failures: 0, first: [], changedTables: [], eventsAdded: 0 });
});

test('a control character in any JSON body string answers 400 naming the field, never a 2xx or a 5xx', async () => {
  // The rule every body keeps (issue 38 point 2), checked on each operation's own valid sample
  // with one string field changed, so the body breaks nothing but the rule.
  const failures: string[] = [];
  let checks = 0;
  for (const op of operations) {
    if (!op.body?.contentTypes.includes('application/json')) continue;
    const properties = op.body.schema.properties ?? {};
    const field = Object.keys(properties).find((name) => properties[name].type === 'string');
    if (!field) continue;
    const sample = validSample(op.body.schema) as Record<string, unknown>;
    const caller = callerFor(op);
    const path = fillTemplate(op.template, (await pathDefaultsOf(op)).values);
    for (const value of ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b']) {
      const response = await wb.server.call(path, {
        method: op.method,
        jar: caller.jar.clone(),
        xsrf: wb.xsrfOf(caller, isProviderSide(op) ? 'provider' : 'tenant') ?? false,
        headers: { 'content-type': 'application/json' },
        rawBody: JSON.stringify({ ...sample, [field]: value }),
      });
      const answer = await response.text();
      checks += 1;
      if (response.status !== 400 || !answer.includes(field))
        failures.push(
          `${operationLabel(op)} ${field}=${JSON.stringify(value)}: ${response.status} ${answer.slice(0, 120)}`,
        );
    }
  }
  summaryLines.push(`Control characters: ${checks} checks; failures ${failures.length}`);
  expect(checks).toBeGreaterThan(100);
  expect(failures).toEqual([]);
});

test('a JSON operation answers 415 to a body in another content type, so a form can neither write nor sign in (login CSRF)', async () => {
  const account = DEMO_TENANT_ACCOUNTS[0];
  const operator = DEMO_OPERATORS[0];
  const jsonOnly = operations.filter(
    (op) => op.body && op.body.contentTypes.every((t) => t === 'application/json'),
  );
  const failures: string[] = [];
  let checks = 0;
  for (const op of jsonOnly) {
    const schema = op.body!.schema;
    const signIn =
      op.access.world === 'public' && Boolean(schema.properties?.username && schema.properties?.password);
    // Sign-in bodies carry real credentials: were the form accepted, it would sign the browser in.
    const sample = signIn
      ? { username: isProviderSide(op) ? operator.username : account.username, password: TEST_PASSWORD }
      : (validSample(schema) as Record<string, unknown>);
    const form = new URLSearchParams(
      Object.entries(sample).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    ).toString();
    const variants: [string | null, string][] = [
      ['application/x-www-form-urlencoded', form],
      ['text/plain', JSON.stringify(sample)],
      [null, JSON.stringify(sample)],
    ];
    const caller = callerFor(op);
    const path = fillTemplate(op.template, (await pathDefaultsOf(op)).values);
    for (const [contentType, body] of variants) {
      // A fresh jar: a sign-in that went through must not replace the caller's session.
      const jar = signIn ? new CookieJar() : caller.jar.clone();
      const response = await wb.server.call(path, {
        method: op.method,
        jar,
        xsrf: wb.xsrfOf(caller, isProviderSide(op) ? 'provider' : 'tenant') ?? false,
        headers: contentType ? { 'content-type': contentType } : {},
        rawBody: body,
      });
      const answer = await response.text();
      checks += 1;
      const signedIn = signIn && jar.get(SESSION_COOKIE) !== undefined;
      if (response.status !== 415 || signedIn)
        failures.push(
          `${op.method} ${path} as ${contentType ?? '(no content-type)'}: ${response.status}${
            signedIn ? ', signed in' : ''
          } ${answer.slice(0, 100)}`,
        );
    }
  }
  summaryLines.push(
    `Content types: ${checks} checks over ${jsonOnly.length} JSON operations; failures ${failures.length}`,
  );
  expect(failures).toEqual([]);
});

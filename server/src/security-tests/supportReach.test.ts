/**
 * Support's reach as decided (server/README.md, "Support's reach"): the README's table is read
 * here and every row is called as the demo support operator over real HTTP: a *refused* row
 * answers 403, a *reads* row passes the guard. Every provider read outside `tenants:*` and
 * `reports:*` must have a row, so a new provider entity or route cannot widen (or narrow) what
 * support reads without a decision written down. The generated matrix (authorizationMatrix.test.ts)
 * checks the same per route from the role table; this test checks the table against the decision.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_OPERATORS } from '@workbench/common/api/contract/demo';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import { ApiToken } from '@workbench/common/api/contract/apiTokens';
import { signInOperator, startTestServer, type TestServer } from '../testing/testServer';
import type { CookieJar } from '../testing/testServer';
import { fillTemplate, loadOperations, operationLabel, type Operation } from './operations';

jest.setTimeout(120_000);

const README = path.join(__dirname, '..', '..', 'README.md');

/** The rows of the table: "| GET /path | reads | why |". */
function decidedRows(): Map<string, 'reads' | 'refused'> {
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf("**Support's reach**");
  expect(start).toBeGreaterThan(0);
  const rows = new Map<string, 'reads' | 'refused'>();
  for (const line of text.slice(start).split('\n').slice(1)) {
    const trimmed = line.trim();
    if (trimmed.startsWith('- **')) break;
    const m = /^\|\s*(GET|POST) (\S+)\s*\|\s*(reads|refused)\s*\|/.exec(trimmed);
    if (m) rows.set(`${m[1]} ${m[2]}`, m[3] as 'reads' | 'refused');
  }
  return rows;
}

/** Reads every tenant route and the reports: support's own ground, not a per-row decision. */
const TENANT_GROUND = /^(tenants|reports):/;
const isRead = (op: Operation) => op.method === 'GET';

let server: TestServer;
let operations: Operation[];
let jar: CookieJar;
let eventsDir: string;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-support-reach-'));
  const events = await DuckDbEventStore.open(eventsDir);
  server = await startTestServer({ events: { store: events, reportFiles: { timer: false } } });
  operations = await loadOperations(server);
  const support = DEMO_OPERATORS.find((o) => o.role === 'support');
  if (!support) throw new Error('No demo support operator.');
  jar = (await signInOperator(server, support.username)).jar;
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

test('every provider read outside the tenants and reports has a decided row, and every row is a route', () => {
  const rows = decidedRows();
  expect(rows.size).toBeGreaterThanOrEqual(28);
  const provider = operations.filter((op) => op.access.world === 'provider' && isRead(op));
  const undecided = provider
    .filter((op) => typeof op.access.permission === 'string' && !TENANT_GROUND.test(op.access.permission))
    .map(operationLabel)
    .filter((label) => !rows.has(label));
  expect(undecided).toEqual([]);
  const labels = new Set(provider.map(operationLabel));
  expect([...rows.keys()].filter((label) => !labels.has(label))).toEqual([]);
});

test('support gets 403 on every refused row and passes the guard on every row it reads', async () => {
  const wrong: string[] = [];
  for (const [label, decision] of decidedRows()) {
    const template = label.slice(label.indexOf(' ') + 1);
    // An id nobody has: a row support reads answers 404 from the handler, a refused one 403 first.
    const url = fillTemplate(template, { id: 'no-such-id' });
    const status = (await server.call(url, { jar })).status;
    const ok = decision === 'refused' ? status === 403 : status !== 401 && status !== 403 && status < 500;
    if (!ok) wrong.push(`${label}: ${decision}, answered ${status}`);
  }
  expect(wrong).toEqual([]);
});

test('support reads the tenants and their reports, and writes nothing', async () => {
  expect((await server.call('/gdmanage/api/v1/tenants', { jar })).status).toBe(200);
  const write = await server.call('/gdmanage/api/v1/skus', { jar, method: 'POST', body: [] });
  expect(write.status).toBe(403);
});

test("support reads a tenant's token lists without their secrets: each token's name, scope, dates and last four characters only", async () => {
  const operator = DEMO_OPERATORS.find((o) => o.role === 'operator');
  if (!operator) throw new Error('No demo operator.');
  const operatorJar = (await signInOperator(server, operator.username)).jar;
  const acme = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme');
  if (!acme) throw new Error('No demo tenant acme.');
  const fields = Object.keys(ApiToken.properties).sort();
  for (const list of ['tokens', 'logging_auth_tokens']) {
    const url = `/gdmanage/api/v1/tenants/${acme.tid}/${list}`;
    const created = await server.call(url, {
      jar: operatorJar,
      method: 'POST',
      body: { name: `support reach ${list}` },
    });
    expect(created.status).toBe(201);
    const secret = ((await created.json()) as { token: string }).token;
    expect(secret.length).toBeGreaterThan(20);
    const read = await server.call(url, { jar });
    expect(read.status).toBe(200);
    const text = await read.text();
    expect(text).not.toContain(secret);
    const { tokens } = JSON.parse(text) as { tokens: Record<string, unknown>[] };
    expect(tokens.some((t) => t.name === `support reach ${list}`)).toBe(true);
    for (const token of tokens) expect(Object.keys(token).sort()).toEqual(fields);
  }
});

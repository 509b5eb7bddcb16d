/**
 * The checks the endpoint table's rows share: a request in the spec's shape, and what the answer
 * must hold (jest's expect). Where the spec is silent, a check names the documented choice it
 * takes from SILENT_CHOICES.
 */
import type { SpecAnswer, SpecClient } from './specClient';
import { OPTIONAL_SAVE_FIELDS, REVISION_FIELDS, REVISION_STATES, SAVE_PAYLOAD_FIELDS } from './specShapes';

/** What a row's check is given: the signed-in callers and the range the test events cover. */
export interface Suite {
  baseUrl: string;
  /** A tenant administrator with every permission and feature (the demo tenant acme's). */
  tenant: SpecClient;
  /** A provider operator. */
  operator: SpecClient;
  password: string;
  /** Unix seconds around the events the suite stored (api-client-layer §7 Reports: start and end). */
  range: { start: number; end: number };
  /** A client with no session yet. */
  anonymous(world: 'tenant' | 'provider'): SpecClient;
  /** Signs a tenant account in anew (its own session: logout checks end it). */
  signInTenant(username: string, password?: string): Promise<SpecClient>;
  signInOperator(username: string): Promise<SpecClient>;
  /** The provider console's id of a tenant (by its name). */
  tenantId(name: string): Promise<string>;
}

/** The answer has the status, or the failure shows what it had. */
export function expectStatus(answer: SpecAnswer, status: number): void {
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.text.slice(0, 400)}`);
}

export function ok(answer: SpecAnswer, status = 200): Record<string, unknown> {
  expectStatus(answer, status);
  return (answer.body ?? {}) as Record<string, unknown>;
}

/** The value at a dotted path (a.b.c), or undefined. */
export function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
      value,
    );
}

/** Every dotted path names a value that is there (not undefined). */
export function expectFields(value: unknown, paths: readonly string[]): void {
  const missing = paths.filter((p) => valueAt(value, p) === undefined);
  expect({ missing }).toEqual({ missing: [] });
}

/** A settings list as read (list, updated_at, updated_by), each item holding `fields`. */
export async function expectListDocument(
  client: SpecClient,
  path: string,
  fields: readonly string[],
): Promise<Record<string, unknown>> {
  const doc = ok(await client.get(path));
  expect(Array.isArray(doc.list)).toBe(true);
  expect('updated_at' in doc && 'updated_by' in doc).toBe(true);
  for (const item of doc.list as unknown[]) expectFields(item, fields);
  return doc;
}

/** A 400 that names the field (SILENT_CHOICES['error-field']). */
export function expectRefused(answer: SpecAnswer, field: string): void {
  expect({ status: answer.status, field: (answer.body as { field?: string } | undefined)?.field }).toEqual({
    status: 400,
    field,
  });
}

/** An unknown query parameter is refused with its name (issue 30's compatibility rule). */
export async function expectUnknownParameterRefused(
  client: SpecClient,
  path: string,
  query: Readonly<Record<string, string | number>> = {},
): Promise<void> {
  expectRefused(await client.get(path, { ...query, not_a_spec_parameter: '1' }), 'not_a_spec_parameter');
}

export interface Revision {
  staged_rev_id: number;
  rev_id: number;
  state: string;
  updated_at: string;
}

/** api-client-layer §3 Policy revision: the fields, state new or staged. */
export function expectRevision(value: unknown): Revision {
  expectFields(value, REVISION_FIELDS);
  const revision = value as Revision;
  expect(REVISION_STATES).toContain(revision.state);
  expect(Number.isInteger(revision.staged_rev_id) && Number.isInteger(revision.rev_id)).toBe(true);
  return revision;
}

/** api-client-layer §7: "Policy calls first fetch the current revision" (GET /api/policy/v1/rules?timestamp). */
export async function currentRevision(client: SpecClient): Promise<Revision> {
  return expectRevision(ok(await client.get('/api/policy/v1/rules', { timestamp: Date.now() })));
}

/** A spec path with its {rev} (or {id}) filled in: "reads use the staged revision id". */
export const atRevision = (path: string, revision: Revision): string =>
  path.replace(/\{(rev|id)\}/, String(revision.staged_rev_id));

/**
 * A policy read as the spec sends it (with timestamp) at the staged revision: answers flat
 * `{rev_id, ...data}` (SILENT_CHOICES['policy-read-flat']) with the fields the spec names; an
 * unknown parameter is refused with its name.
 */
export async function checkPolicyRead(
  client: SpecClient,
  path: string,
  fields: readonly string[],
): Promise<Record<string, unknown>> {
  const revision = await currentRevision(client);
  const url = atRevision(path, revision);
  const doc = ok(await client.get(url, { timestamp: Date.now() }));
  expect(doc.rev_id).toEqual(path.includes('{') ? revision.staged_rev_id : expect.any(Number));
  expect(doc).not.toHaveProperty('data');
  expectFields(doc, fields);
  await expectUnknownParameterRefused(client, url, { timestamp: Date.now() });
  return doc;
}

/** The save body of api-client-layer §3: rev_id, state, updated_at and data. */
export const saveBody = (revision: Revision, data: unknown): Record<string, unknown> => ({
  rev_id: revision.rev_id,
  state: revision.state,
  updated_at: revision.updated_at,
  data,
});

/** A copy of `value` without the value at a dotted path. */
export function without(value: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const keys = path.split('.');
  const parent = keys
    .slice(0, -1)
    .reduce<Record<string, unknown>>((v, key) => v[key] as Record<string, unknown>, copy);
  delete parent[keys[keys.length - 1]];
  return copy;
}

/**
 * A policy save as the spec writes it: read the document (at `readPath`) at the staged revision,
 * PUT `{rev_id, state, updated_at, data}` to `writePath` with the document as `data` (plus an
 * empty reorderingEvents where the spec lists one); the answer is the revision, now staged
 * (SILENT_CHOICES['policy-save-reply']), and a read gives back the fields saved. A save whose data
 * lacks a field the spec names, or that lacks one of the four payload fields, is refused naming it.
 */
export async function checkPolicySave(
  client: SpecClient,
  readPath: string,
  writePath: string,
  fields: readonly string[],
): Promise<void> {
  const before = await currentRevision(client);
  const doc = ok(await client.get(atRevision(readPath, before), { timestamp: Date.now() }));
  const { rev_id: _readAt, ...data } = doc;
  const required = fields.filter((f) => !OPTIONAL_SAVE_FIELDS.includes(f));
  expectFields(data, required);
  for (const optional of fields.filter((f) => OPTIONAL_SAVE_FIELDS.includes(f))) data[optional] = [];

  const after = expectRevision(ok(await client.put(atRevision(writePath, before), saveBody(before, data))));
  expect(after.state).toBe('staged');
  const reread = ok(await client.get(atRevision(readPath, after), { timestamp: Date.now() }));
  for (const field of required) expect(valueAt(reread, field)).toEqual(valueAt(data, field));

  const now = await currentRevision(client);
  for (const field of required)
    expectRefused(
      await client.put(atRevision(writePath, now), saveBody(now, without(data, field))),
      `data.${field}`,
    );
  for (const field of SAVE_PAYLOAD_FIELDS)
    expectRefused(await client.put(atRevision(writePath, now), without(saveBody(now, data), field)), field);
}

/** Unix seconds now (the server's test clock is the caller's business: ranges come from Suite). */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * Two rules for every request body, each once here rather than route by route (issue 38):
 * - strict bodies: every object of a body schema refuses keys it does not declare (a route's
 *   schema is closed as it registers, so /openapi.json shows what is enforced). An object that
 *   declares additionalProperties itself (a map of names to values) keeps it.
 * - one string rule: a body string (or key) holding a control character other than tab, line
 *   feed and carriage return is refused with a 400 naming the field, before validation and the
 *   handler (common/validators/controlCharacters.ts). PostgreSQL's text cannot hold a NUL and
 *   answered 500 where SQLite stored it: one answer on both engines.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  bodyControlCharacter,
  controlCharacterMessage,
  nameCharacterMessage,
  nameForbiddenCharacter,
  normaliseName,
} from '@workbench/common/validators/controlCharacters';
import { ApiHttpError } from './errors';

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of a body schema with every object closed (additionalProperties: false unless it says
 * otherwise). An allOf cannot be closed part by part (each part would refuse the other's keys):
 * a body schema with one is refused at registration, to be written as one object.
 */
export function closedSchema(schema: unknown, where: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closedSchema(s, where));
  if (!isObject(schema)) return schema;
  if ('allOf' in schema)
    throw new Error(
      `${where}: a body schema may not use allOf (an intersection): write it as one object, which strict bodies close.`,
    );
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs')
      out[key] = isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closedSchema(v, where)]))
        : value;
    else if (['items', 'anyOf', 'oneOf', 'additionalProperties', 'prefixItems'].includes(key))
      out[key] = closedSchema(value, where);
    else out[key] = value;
  }
  const isObjectSchema = out.type === 'object' || 'properties' in out;
  if (isObjectSchema && !('additionalProperties' in out) && !('patternProperties' in out))
    out.additionalProperties = false;
  return out;
}

/** A field's path as a chain to its parent: built into a name only for the field that is refused. */
interface FieldPath {
  parent: FieldPath | null;
  name: string;
}
const fieldName = (path: FieldPath | null): string => {
  const names: string[] = [];
  for (let p = path; p; p = p.parent) names.push(p.name);
  return names.reverse().join('.') || 'body';
};

/**
 * The first string or key in a body holding a refused control character: its field and the
 * character. Walked with a stack of its own, not recursion: a body nested thousands deep (the
 * fuzzer's) is an ordinary 400 from its validation, not a stack overflow here.
 */
export function controlCharacterIn(
  body: unknown,
  field: string,
): { field: string; character: string } | null {
  const stack: [unknown, FieldPath | null][] = [[body, field ? { parent: null, name: field } : null]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const character = bodyControlCharacter(value);
      if (character !== null) return { field: fieldName(path), character };
      continue;
    }
    const children: [unknown, FieldPath][] = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) children.push([value[i], { parent: path, name: String(i) }]);
    } else {
      // Plain parsed JSON (or form fields) only: a multipart upload's parts and buffers are not text.
      if (!isObject(value)) continue;
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) continue;
      for (const [key, inner] of Object.entries(value)) {
        const character = bodyControlCharacter(key);
        if (character !== null) return { field: fieldName(path), character };
        children.push([inner, { parent: path, name: key }]);
      }
    }
    // Depth first, in document order: the first refused field is the one reported.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}

/**
 * Each body schema closed once per process: every server this process builds registers the same
 * schema objects (the route modules' own), and a closed copy per server cost each test server's
 * start its compiled-validator cache hits (app.ts: looked up by the schema object).
 */
/** Each schema's closed copy; a closed copy maps to itself (the route keeps it as its body). */
const closedBodies = new WeakMap<object, unknown>();
function closedOnce(body: unknown, route: RouteOptions): unknown {
  if (!isObject(body)) return body;
  let copy = closedBodies.get(body);
  if (copy === undefined) {
    copy = closedSchema(body, `Route ${String(route.method)} ${route.url}`);
    closedBodies.set(body, copy);
    if (isObject(copy)) closedBodies.set(copy, copy);
  }
  return copy;
}

export function installBodyRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Schema | undefined;
    if (schema?.body !== undefined) schema.body = closedOnce(schema.body, route);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found = controlCharacterIn(request.body, '');
    if (found)
      throw new ApiHttpError(400, controlCharacterMessage(found.field, found.character), found.field);
  });
}

/**
 * A person's name as stored (issue 38 point 6: administrators' first and last names): trimmed and
 * NFKC-normalised; an invisible (format) or control character is refused with a 400 naming the field.
 */
export function checkedName(field: string, value: string): string {
  const character = nameForbiddenCharacter(value);
  if (character !== null) throw new ApiHttpError(400, nameCharacterMessage(field, character), field);
  return normaliseName(value.trim());
}

/**
 * fast-check arbitraries of malformed requests for one operation, from its request schema: path
 * parameters, query string and body with wrong types, missing and extra fields, huge and deep
 * values, unicode (NUL, lone surrogates, bidi), extreme numbers (1e20, -0, 99999999999999999999)
 * and content types the operation does not take. Each request says whether it breaks the
 * operation's declared contract (`mustRefuse`): the server then owes it a 4xx. A body string or
 * key holding a control character breaks it whatever the schema says: every body's one string
 * rule (common/validators/controlCharacters.ts).
 */
import { parse as parseQueryString } from 'node:querystring';
import fc from 'fast-check';
import { bodyControlCharacter } from '@workbench/common/validators/controlCharacters';
import { fillTemplate, type JsonSchema, type Operation } from './operations';
import {
  asSent,
  percentEncode,
  RawJsonNumber,
  satisfies,
  toJsonText,
  validSample,
  wireValuesSatisfy,
  type FuzzValue,
} from './schemaValues';

export interface MalformedRequest {
  method: string;
  /** Path and query string as sent (percent-encoded). */
  url: string;
  contentType: string | null;
  body: string | null;
  /** What was broken, for reports: "body", "query", "path", "content-type", ... */
  kinds: string[];
  /** True when the request breaks the declared contract (schema or content type): a 4xx is due. */
  mustRefuse: boolean;
}

/** Awkward strings: NUL, lone surrogates, bidi override, escapes, injections, long text. */
export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    'x\uDBFF',
    '\u202Eevil',
    '\uFEFF',
    '💥'.repeat(3),
    '%',
    '%00',
    '%ZZ',
    '../../etc/passwd',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '${7*7}',
    '__proto__',
    'NaN',
    'Infinity',
    'null',
    'true',
    '1e20',
    '-0',
    '99999999999999999999',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 201, maxLength: 5000 }),
);

/** Number-looking wire strings for integer and boolean parameters. */
const awkwardNumberText = fc.constantFrom(
  'abc',
  '',
  ' ',
  '1.5',
  '-1',
  '0',
  '-0',
  '1e20',
  '1e308',
  '1e400',
  '99999999999999999999',
  '-99999999999999999999',
  '9007199254740993',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '1,2',
  'true',
  'false',
  'null',
  '[]',
  '{}',
);

/** JSON values of every type, extreme numbers written as raw JSON text. */
const anyJsonValue: fc.Arbitrary<FuzzValue> = fc.oneof(
  fc.constantFrom<FuzzValue>(
    123,
    1.5,
    -1,
    0,
    true,
    false,
    null,
    [],
    [true],
    {},
    { a: 1 },
    'true',
    '0',
    '',
    new RawJsonNumber('-0'),
    new RawJsonNumber('1e20'),
    new RawJsonNumber('99999999999999999999'),
    new RawJsonNumber('-1e400'),
    new RawJsonNumber('1e-400'),
  ),
  awkwardString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An unknown property name, prototype-polluting ones included. */
const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'tid', 'uid', 'role', '', '\u0000'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }).map((k) => `x_${k}`),
);

/** Nested arrays or objects `depth` levels deep, as JSON text (built iteratively: no recursion). */
function deepJsonText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Over Fastify's default body limit (1 MiB). */
const HUGE_LENGTH = 1_100_000;

type Mutation =
  | { kind: 'wrong-type'; pick: number; value: FuzzValue }
  | { kind: 'drop-required'; pick: number }
  | { kind: 'extra-field'; pick: number; key: string; value: FuzzValue }
  | { kind: 'root-not-object'; value: FuzzValue }
  | { kind: 'out-of-range'; pick: number }
  | { kind: 'deep'; pick: number; depth: number; shape: 'array' | 'object' }
  | { kind: 'huge'; pick: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('wrong-type' as const), pick: fc.nat(), value: anyJsonValue }),
    weight: 30,
  },
  { arbitrary: fc.record({ kind: fc.constant('drop-required' as const), pick: fc.nat() }), weight: 15 },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra-field' as const),
      pick: fc.nat(),
      key: extraKey,
      value: anyJsonValue,
    }),
    weight: 15,
  },
  { arbitrary: fc.record({ kind: fc.constant('root-not-object' as const), value: anyJsonValue }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('out-of-range' as const), pick: fc.nat() }), weight: 15 },
  {
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      pick: fc.nat(),
      depth: fc.integer({ min: 500, max: 20_000 }),
      shape: fc.constantFrom('array' as const, 'object' as const),
    }),
    weight: 5,
  },
  // Rare: each one is more than a megabyte on the wire.
  { arbitrary: fc.record({ kind: fc.constant('huge' as const), pick: fc.nat() }), weight: 1 },
);

interface Slot {
  /** The object holding the field, and the field's name. */
  parent: Record<string, FuzzValue>;
  key: string;
  schema: JsonSchema;
}

/** Every object field of the sample that the schema describes, nested ones included. */
function slotsOf(value: FuzzValue, schema: JsonSchema, out: Slot[] = []): Slot[] {
  if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJsonNumber)
    return out;
  for (const [key, child] of Object.entries(value)) {
    const childSchema = schema.properties?.[key] ?? {};
    out.push({ parent: value, key, schema: childSchema });
    slotsOf(child, childSchema, out);
  }
  return out;
}

/** Objects of the sample with their schema (the root first). */
function objectsOf(
  value: FuzzValue,
  schema: JsonSchema,
): { object: Record<string, FuzzValue>; schema: JsonSchema }[] {
  const out: { object: Record<string, FuzzValue>; schema: JsonSchema }[] = [];
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJsonNumber)) {
    out.push({ object: value, schema });
    for (const [key, child] of Object.entries(value))
      out.push(...objectsOf(child, schema.properties?.[key] ?? {}));
  }
  return out;
}

/** A value the field's schema refuses for its range rather than its type. */
function outOfRange(schema: JsonSchema): FuzzValue {
  if (schema.enum || schema.anyOf) return 'not-one-of-the-allowed-values';
  if (schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength * 2 + 10);
  if (schema.minLength !== undefined && schema.minLength > 0) return '';
  if (schema.maximum !== undefined) return new RawJsonNumber('1e20');
  if (schema.minimum !== undefined) return new RawJsonNumber(String(schema.minimum - 1));
  if (schema.type === 'array') return [{ unexpected: true }, 1, null];
  return { unexpected: [1, 2, 3] };
}

/** A deep copy: generated values are shared instances, and the mutations below write into objects. */
function copy(value: FuzzValue): FuzzValue {
  if (value instanceof RawJsonNumber || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
}

/** The base value with the mutations applied, as JSON text (big and deep parts spliced in as text). */
function mutate(schema: JsonSchema, base: FuzzValue, mutations: Mutation[]): string {
  let value = copy(base);
  const splices: [string, string][] = [];
  for (const m of mutations) {
    const slots = slotsOf(value, schema);
    const objects = objectsOf(value, schema);
    const slot = 'pick' in m && slots.length > 0 ? slots[m.pick % slots.length] : undefined;
    const object = 'pick' in m && objects.length > 0 ? objects[m.pick % objects.length] : undefined;
    switch (m.kind) {
      case 'wrong-type':
        if (slot) slot.parent[slot.key] = copy(m.value);
        else value = copy(m.value);
        break;
      case 'drop-required': {
        const holders = objects.filter((o) => (o.schema.required ?? []).length > 0);
        const holder = holders[m.pick % Math.max(holders.length, 1)];
        if (holder) delete holder.object[holder.schema.required![m.pick % holder.schema.required!.length]];
        break;
      }
      case 'extra-field':
        // defineProperty: an assignment to "__proto__" would set the prototype, not a field.
        if (object)
          Object.defineProperty(object.object, m.key, {
            value: copy(m.value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        break;
      case 'root-not-object':
        value = copy(m.value);
        break;
      case 'out-of-range':
        if (slot) slot.parent[slot.key] = outOfRange(slot.schema);
        break;
      case 'deep':
      case 'huge': {
        const marker = `__splice_${splices.length}__`;
        const text =
          m.kind === 'deep' ? deepJsonText(m.depth, m.shape) : JSON.stringify('x'.repeat(HUGE_LENGTH));
        splices.push([JSON.stringify(marker), text]);
        if (slot) slot.parent[slot.key] = marker;
        else if (object) object.object[`x_${m.kind}`] = marker;
        else value = marker;
        break;
      }
    }
  }
  let text = toJsonText(value);
  for (const [marker, replacement] of splices) text = text.replace(marker, replacement);
  return text;
}

/** The parsed body as the server's JSON parser sees it; undefined when it does not parse. */
function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Whether a body value holds a string or key with a control character every body refuses. Walked
 * with a stack: the fuzzer's bodies nest thousands deep.
 */
export function holdsControlCharacter(body: unknown): boolean {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (bodyControlCharacter(value) !== null) return true;
    } else if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (bodyControlCharacter(key) !== null) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** A JSON value as a form: top-level fields (lists as repeated keys, objects as JSON). */
function asForm(text: string): string {
  const parsed = parsedJson(text)?.value;
  const whole = `value=${percentEncode(text)}`;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return whole;
  const params: string[] = [];
  try {
    for (const [key, v] of Object.entries(parsed)) {
      for (const item of Array.isArray(v) ? v : [v])
        params.push(
          `${percentEncode(key)}=${percentEncode(typeof item === 'object' ? JSON.stringify(item) : String(item))}`,
        );
    }
  } catch (error) {
    // A deep value overflows JSON.stringify's stack: send the text as one field instead.
    if (error instanceof RangeError) return whole;
    throw error;
  }
  return params.join('&');
}

/** Whether the schema accepts the value; undefined when the value is too deep for the checker to say. */
function decided(check: () => boolean): boolean | undefined {
  try {
    return check();
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Content types to send a body under; null: no content-type header at all. */
const contentTypeChoice = fc.oneof(
  { arbitrary: fc.constant('declared' as const), weight: 10 },
  {
    arbitrary: fc.constantFrom<string | null>(
      FORM_TYPE,
      'text/plain',
      null,
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/octet-stream',
      'application/json-patch+json',
    ),
    weight: 3,
  },
);

interface Body {
  contentType: string | null;
  body: string;
  kinds: string[];
  mustRefuse: boolean;
}

/** A body that breaks the operation's body schema or content type (bodies that pass are dropped). */
function bodyArbitrary(op: Operation, base: FuzzValue): fc.Arbitrary<Body> {
  const declared = op.body!;
  return fc
    .record({
      // Mostly one fault at a time: a second one could hide the first behind its own 400.
      mutations: fc.oneof(
        { arbitrary: fc.tuple(mutation), weight: 3 },
        { arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }), weight: 1 },
      ),
      contentType: contentTypeChoice,
    })
    .map(({ mutations, contentType }): Body => {
      const text = mutate(declared.schema, base, mutations);
      const kinds = mutations.map((m) => `body ${m.kind}`);
      const type = contentType === 'declared' ? declared.contentTypes[0] : contentType;
      const mediaType = type?.split(';')[0].trim() ?? null;
      if (mediaType === null || !declared.contentTypes.includes(mediaType)) {
        const body = mediaType === FORM_TYPE ? asForm(text) : text;
        return {
          contentType: type,
          body,
          kinds: [...kinds, `content-type ${type ?? 'none'}`],
          mustRefuse: true,
        };
      }
      // Bodies the checker cannot decide (too deep) count as valid, and are dropped below.
      if (mediaType === FORM_TYPE) {
        const body = asForm(text);
        const fields = { ...parseQueryString(body) };
        const valid = decided(() => satisfies(declared.schema, fields));
        return {
          contentType: type,
          body,
          kinds,
          mustRefuse: valid === false || holdsControlCharacter(fields),
        };
      }
      const parsed = parsedJson(text);
      const valid = parsed ? decided(() => satisfies(declared.schema, parsed.value)) : false;
      const control = parsed ? holdsControlCharacter(parsed.value) : false;
      return {
        contentType: type,
        body: text,
        kinds: control ? [...kinds, 'body control character'] : kinds,
        mustRefuse: valid === false || control,
      };
    })
    .filter((b) => b.mustRefuse);
}

/** A wire value for a parameter: often valid, often not. */
function wireValue(schema: JsonSchema): fc.Arbitrary<string> {
  const sample = String(validSample(schema));
  const numeric = schema.type === 'integer' || schema.type === 'number' || schema.type === 'boolean';
  return fc.oneof(
    { arbitrary: fc.constant(sample), weight: 2 },
    { arbitrary: numeric ? awkwardNumberText : awkwardString, weight: 4 },
    { arbitrary: awkwardString, weight: 1 },
  );
}

interface Query {
  text: string;
  values: Record<string, string | string[]>;
  decidable: boolean;
}

/** Raw query text that no decoder reads the same way; appended as an unknown parameter. */
const garbageQuery = fc.constantFrom(
  '%',
  'x=%ZZ',
  'x=%ED%A0%80',
  'x=%C0%AF',
  '&&&',
  '=',
  'x=%FF%FE',
  'x[]=1&x[a]=2',
);

function queryArbitrary(op: Operation): fc.Arbitrary<Query> {
  const declared = op.queryParams.map((p) => fc.tuple(fc.constant(p.name), wireValue(p.schema)));
  const entry = fc.oneof(...(declared.length > 0 ? [{ arbitrary: fc.oneof(...declared), weight: 4 }] : []), {
    arbitrary: fc.tuple(extraKey, awkwardString),
    weight: 1,
  });
  return fc
    .record({ entries: fc.array(entry, { maxLength: 5 }), garbage: fc.option(garbageQuery, { freq: 5 }) })
    .map(({ entries, garbage }) => {
      const values: Record<string, string | string[]> = {};
      for (const [name, value] of entries) {
        const sent = asSent(value);
        const previous = values[name];
        values[name] =
          previous === undefined ? sent : [...(Array.isArray(previous) ? previous : [previous]), sent];
      }
      const parts = entries.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`);
      if (garbage) parts.push(garbage);
      return { text: parts.join('&'), values, decidable: garbage === null };
    });
}

/** Path values: the operation's defaults (existing ids) but for one parameter, given an awkward value. */
function pathArbitrary(op: Operation, defaults: Record<string, string>) {
  if (op.pathParams.length === 0) return fc.constant({ path: op.template, broken: false, decidable: true });
  const garbage = fc.constantFrom('%', '%ZZ', '%ED%A0%80', '%C0%AF', '%00', '%2F');
  return fc
    .nat({ max: op.pathParams.length - 1 })
    .chain((index) =>
      fc.record({
        index: fc.constant(index),
        value: fc.oneof(wireValue(op.pathParams[index].schema), awkwardString),
        garbage: fc.option(garbage, { freq: 6 }),
      }),
    )
    .map(({ index, value, garbage }) => {
      const values = { ...defaults };
      const param = op.pathParams[index];
      if (garbage !== null) {
        values[param.name] = garbage;
        return { path: fillTemplate(op.template, values), broken: false, decidable: false };
      }
      // "." and ".." would be resolved away by the URL parser and reach another route.
      const safe = value === '.' || value === '..' ? `${value}_` : value;
      values[param.name] = percentEncode(safe);
      const broken = !wireValuesSatisfy([param], { [param.name]: asSent(safe) });
      return { path: fillTemplate(op.template, values), broken, decidable: true };
    });
}

/**
 * A valid body to break: every field of the schema, with the resource's own values where it has
 * them (a password is never echoed, so the sample's stays).
 */
function bodyBase(schema: JsonSchema, resource: Record<string, unknown> | undefined): FuzzValue {
  const base = validSample(schema, { full: true }) as FuzzValue;
  if (!resource || !base || typeof base !== 'object' || Array.isArray(base) || base instanceof RawJsonNumber)
    return base;
  const merged: Record<string, FuzzValue> = { ...base };
  for (const key of Object.keys(merged)) {
    const own = resource[key];
    if (own !== undefined && satisfies(schema.properties?.[key] ?? {}, own)) merged[key] = own as FuzzValue;
  }
  return merged;
}

/**
 * Malformed requests for the operation, each aimed at one part (path, query string or body) with
 * the others as a client would send them. Operations with a body always get a broken body (a
 * valid one could legitimately write).
 */
export function malformedRequestArbitrary(
  op: Operation,
  pathDefaults: Record<string, string>,
  /** The resource the default path names, if known: its values make a body base that clashes with nothing. */
  resource?: Record<string, unknown>,
): fc.Arbitrary<MalformedRequest> {
  const parts = [
    ...(op.pathParams.length > 0 ? ['path' as const] : []),
    ...(op.queryParams.length > 0 || !op.body ? ['query' as const] : []),
    ...(op.body ? ['body' as const, 'body' as const] : []),
  ];
  const body = op.body
    ? bodyArbitrary(op, bodyBase(op.body.schema, resource)).map((b) => b as Body | null)
    : fc.constant(null);
  const plainPath = { path: fillTemplate(op.template, pathDefaults), broken: false, decidable: true };
  const noQuery: Query = { text: '', values: {}, decidable: true };
  return fc
    .constantFrom(...parts)
    .chain((part) =>
      fc.record({
        path: part === 'path' ? pathArbitrary(op, pathDefaults) : fc.constant(plainPath),
        query: part === 'query' ? queryArbitrary(op) : fc.constant(noQuery),
        body,
      }),
    )
    .map(({ path, query, body: b }): MalformedRequest => {
      const queryBroken = query.decidable && !wireValuesSatisfy(op.queryParams, query.values);
      const kinds = [
        ...(b?.kinds ?? []),
        ...(path.broken ? ['path'] : !path.decidable ? ['path garbage'] : []),
        ...(queryBroken ? ['query'] : query.text ? ['query awkward'] : []),
      ];
      return {
        method: op.method,
        url: query.text ? `${path.path}?${query.text}` : path.path,
        contentType: b?.contentType ?? null,
        body: b?.body ?? null,
        kinds,
        mustRefuse: (b?.mustRefuse ?? false) || path.broken || queryBroken,
      };
    });
}

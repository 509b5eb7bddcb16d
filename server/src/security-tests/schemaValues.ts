/**
 * Values for and against a route's JSON Schema: a minimal valid sample, the check whether a value
 * is valid (TypeBox's JSON Schema checker, no coercion), and the coercion Fastify applies to the
 * strings of a path or query string before it validates them.
 */
import { Compile } from 'typebox/schema';
import type { JsonSchema, OperationParameter } from './operations';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.anyOf) return [...new Set(schema.anyOf.flatMap(typesOf))];
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
};

export interface SampleOptions {
  /** Every property, optional ones too (more fields for a mutation to break); default: required only. */
  full?: boolean;
}

/** Strings that pass the handlers' own checks for fields of these names (user names are e-mail-like). */
const stringByName = (name: string | undefined): string | undefined => {
  if (!name) return undefined;
  if (/user_?name|email/i.test(name)) return 'fuzz.sample@acme.example';
  if (/password/i.test(name)) return 'Fuzz-sample-passw0rd-2026';
  return undefined;
};

/** A value the schema accepts: first enum member, minimum, required fields (or all, with `full`). */
export function validSample(schema: JsonSchema, options: SampleOptions = {}, name?: string): JsonValue {
  if (schema.const !== undefined) return schema.const as JsonValue;
  if (schema.enum) return schema.enum[0] as JsonValue;
  if (schema.anyOf) return validSample(schema.anyOf[0], options, name);
  switch (typesOf(schema)[0]) {
    case 'object': {
      const value: Record<string, JsonValue> = {};
      const properties = schema.properties ?? {};
      for (const key of schema.required ?? []) value[key] = validSample(properties[key] ?? {}, options, key);
      for (const [key, property] of Object.entries(properties)) {
        if (!options.full && Object.keys(value).length >= (schema.minProperties ?? 0)) break;
        if (!(key in value)) value[key] = validSample(property, options, key);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validSample(schema.items ?? {}, options));
    case 'string': {
      // A format the validator checks: a value of it (a time an hour ahead, for silences and the like).
      if (schema.format === 'date-time') return new Date(Date.now() + 3_600_000).toISOString();
      if (schema.format === 'email') return 'fuzz.sample@acme.example';
      const named = stringByName(name);
      const length = named?.length ?? 1;
      if (named && length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity))
        return named;
      return 'x'.repeat(Math.min(Math.max(schema.minLength ?? 1, 1), schema.maxLength ?? Infinity));
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

type Validator = ReturnType<typeof Compile>;
/** One compiled validator per schema object (compiling is far dearer than checking). */
const validators = new WeakMap<JsonSchema, Validator>();

/** True when the value satisfies the schema as it stands (no type coercion). */
export function satisfies(schema: JsonSchema, value: unknown): boolean {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema as Parameters<typeof Compile>[0]);
    validators.set(schema, validator);
  }
  return validator.Check(value);
}

/**
 * A path or query value as Fastify's validator sees it: with `coerceTypes: 'array'`, a string
 * that reads as a number (`x == +x`) becomes that number, "true"/"false" a boolean, and a list
 * of one item (a repeated query key given once) its item.
 */
export function coerceWireValue(schema: JsonSchema, raw: string | string[]): unknown {
  const types = typesOf(schema);
  if (Array.isArray(raw)) {
    if (types.includes('array')) return raw.map((item) => coerceWireValue(schema.items ?? {}, item));
    if (raw.length !== 1) return raw;
    return coerceWireValue(schema, raw[0]);
  }
  if (types.includes('string')) return raw;
  // ajv's test is `x && x == +x`: " 1", "0x10" and "1e20" all read as numbers.
  if ((types.includes('integer') || types.includes('number')) && raw !== '' && !Number.isNaN(Number(raw)))
    return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if (types.includes('array')) return [coerceWireValue(schema.items ?? {}, raw)];
  return raw;
}

/** Whether path or query values (decoded strings, repeated keys as lists) pass their parameters. */
export function wireValuesSatisfy(
  params: readonly OperationParameter[],
  values: Record<string, string | string[]>,
): boolean {
  for (const p of params) {
    const raw = values[p.name];
    if (raw === undefined) {
      if (p.required) return false;
      continue;
    }
    if (!satisfies(p.schema, coerceWireValue(p.schema, raw))) return false;
  }
  return true;
}

/** The string the server decodes from `percentEncode(text)`: lone surrogates become U+FFFD. */
export const asSent = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/**
 * Percent-encodes every byte outside the unreserved set. Lone surrogates cannot be UTF-8: they go
 * out as U+FFFD, which is also what the server decodes (see `asSent`).
 */
export function percentEncode(text: string): string {
  return encodeURIComponent(asSent(text)).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A number written as JSON text exactly so (1e20, -0, 99999999999999999999): JSON.stringify cannot. */
export class RawJsonNumber {
  constructor(readonly text: string) {}
}

export type FuzzValue =
  null | boolean | number | string | RawJsonNumber | FuzzValue[] | { [key: string]: FuzzValue };

/** JSON text of a value, with raw numbers as written and lone surrogates escaped. */
export function toJsonText(value: FuzzValue): string {
  if (value instanceof RawJsonNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

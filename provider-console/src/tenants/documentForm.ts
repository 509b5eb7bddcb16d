/**
 * A tenant document's form, derived from its TENANT_DOCUMENTS row (the same TypeBox schema the
 * server validates with, so the form and the server cannot disagree): which control each field
 * gets, the values as the form holds them (numbers as typed text, lists of words as one per line),
 * the document they make, and its problems in words keyed by field path (`list.0.field`).
 */
import { Errors } from 'typebox/schema';
import {
  documentProblem,
  fieldLabel,
  type TenantDocumentDef,
} from '@workbench/common/api/contract/providerTenants';

/** A JSON schema as TypeBox builds it (only what the form reads). */
export interface FieldSchema {
  type?: string;
  title?: string;
  const?: unknown;
  anyOf?: FieldSchema[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export type FieldKind = 'boolean' | 'number' | 'choice' | 'text' | 'longtext' | 'strings' | 'items';

export function fieldKind(schema: FieldSchema): FieldKind {
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.anyOf?.every((s) => s.const !== undefined && s.const !== '')) return 'choice';
  if (schema.type === 'array') return schema.items?.type === 'object' ? 'items' : 'strings';
  return (schema.maxLength ?? 0) > 500 ? 'longtext' : 'text';
}

export const choicesOf = (schema: FieldSchema): string[] => (schema.anyOf ?? []).map((s) => String(s.const));

export const propertiesOf = (schema: FieldSchema): [string, FieldSchema][] =>
  Object.entries(schema.properties ?? {});

export type FormValues = Record<string, unknown>;

const toForm = (schema: FieldSchema, value: unknown): unknown => {
  switch (fieldKind(schema)) {
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'strings':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'items':
      return (Array.isArray(value) ? value : []).map((item: Record<string, unknown>) =>
        Object.fromEntries(propertiesOf(schema.items ?? {}).map(([k, s]) => [k, toForm(s, item[k])])),
      );
    default:
      return value;
  }
};

const fromForm = (schema: FieldSchema, value: unknown): unknown => {
  switch (fieldKind(schema)) {
    case 'number': {
      const text = String(value ?? '').trim();
      // Anything but a whole number stays text, so the schema names the field.
      return /^-?\d{1,12}$/.test(text) ? Number(text) : text;
    }
    case 'strings':
      return String(value ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '');
    case 'items':
      return (value as FormValues[]).map((item) =>
        Object.fromEntries(propertiesOf(schema.items ?? {}).map(([k, s]) => [k, fromForm(s, item[k])])),
      );
    case 'text':
    case 'longtext':
      return typeof value === 'string' ? value.trim() : value;
    default:
      return value;
  }
};

export const formValuesOf = (def: TenantDocumentDef, doc: Record<string, unknown>): FormValues =>
  Object.fromEntries(propertiesOf(def.schema as FieldSchema).map(([k, s]) => [k, toForm(s, doc[k])]));

export const documentOf = (def: TenantDocumentDef, values: FormValues): Record<string, unknown> =>
  Object.fromEntries(propertiesOf(def.schema as FieldSchema).map(([k, s]) => [k, fromForm(s, values[k])]));

/** A new item of a list: empty words, unchecked boxes, the first choice. */
export const newItem = (list: FieldSchema): FormValues =>
  Object.fromEntries(
    propertiesOf(list.items ?? {}).map(([k, s]) => {
      const kind = fieldKind(s);
      return [k, kind === 'boolean' ? false : kind === 'choice' ? (choicesOf(s)[0] ?? '') : ''];
    }),
  );

/** The schema of a field path (`list.0.field`), for its label and limits. */
function schemaAt(def: TenantDocumentDef, path: string[]): FieldSchema | undefined {
  let s: FieldSchema | undefined = def.schema as FieldSchema;
  for (const part of path) {
    if (!s) return undefined;
    s = /^\d+$/.test(part) ? s.items : s.properties?.[part];
  }
  return s;
}

function messageOf(label: string, keyword: string, params: Record<string, unknown>, schema?: FieldSchema) {
  switch (keyword) {
    case 'minLength':
      return `Enter the ${label.toLowerCase()}.`;
    case 'maxLength':
      return `${label} may be at most ${String(params.limit)} characters.`;
    case 'maxItems':
      return `${label} may list at most ${String(params.limit)} entries.`;
    case 'uniqueItems':
      return `${label} lists a value twice.`;
    case 'minimum':
    case 'maximum':
    case 'type':
      return schema?.minimum !== undefined && schema.maximum !== undefined
        ? `${label} must be a whole number from ${schema.minimum} to ${schema.maximum}.`
        : `${label} is not valid.`;
    default:
      return `${label} is not valid.`;
  }
}

/** Field path → the first problem there; empty when the document is valid. */
export function documentErrors(def: TenantDocumentDef, doc: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const [, issues] = Errors(def.schema, doc);
  for (const issue of issues) {
    const parts = issue.instancePath.split('/').filter(Boolean);
    // A union (an e-mail or nothing) reports each branch; the field's own path names it once.
    const path = parts.join('.');
    if (!path || errors[path]) continue;
    const schema = schemaAt(def, parts);
    // The label is the nearest named field's (an entry of a list of words is its list).
    const named = parts.length - [...parts].reverse().findIndex((p) => !/^\d+$/.test(p));
    const label = fieldLabel(parts[named - 1] ?? path, schemaAt(def, parts.slice(0, named)));
    const value = parts.reduce<unknown>((v, p) => (v as Record<string, unknown> | undefined)?.[p], doc);
    errors[path] =
      named < parts.length && typeof value === 'string' && value !== ''
        ? `${label}: '${value}' is not valid.`
        : messageOf(label, issue.keyword, issue.params as Record<string, unknown>, schema);
  }
  if (Object.keys(errors).length > 0) return errors;
  const problem = documentProblem(def, doc);
  return problem ? { [problem.field]: problem.message } : {};
}

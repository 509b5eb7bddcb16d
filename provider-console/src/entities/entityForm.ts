/**
 * The form of a registry entity: values as the form holds them, the body they make, and the
 * checks of the entity's body schema in words (the same TypeBox schema the server validates
 * with, so the form and the server cannot disagree). How each kind of field holds its value and
 * what it sends is one row of FIELD_KINDS.
 */
import { Errors } from 'typebox/schema';
import {
  ENTITY_REFERENCE_LISTS,
  type EntityFormFieldDef,
  type ProviderEntityDef,
} from '@workbench/common/api/contract/providerEntities';

/** Text fields hold a string, `references` fields the ids picked (as strings). */
export type EntityFormValue = string | string[];
export type EntityFormValues = Record<string, EntityFormValue>;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** Ids of digits go as numbers when the field's schema takes numbers (category ids). */
const idOf = (f: EntityFormFieldDef, id: string): string | number =>
  f.numeric && /^\d{1,9}$/.test(id) ? Number(id) : id;

const text = (value: EntityFormValue | undefined): string => (typeof value === 'string' ? value : '');

interface FieldKind {
  /** The form's value of a row's value (the row absent: a new entity). */
  toForm(f: EntityFormFieldDef, value: unknown): EntityFormValue;
  /** The body's value of the form's. */
  toBody(f: EntityFormFieldDef, value: EntityFormValue | undefined): unknown;
}

const textKind: FieldKind = {
  toForm: (_f, value) => (typeof value === 'string' ? value : ''),
  toBody: (_f, value) => text(value).trim(),
};

const FIELD_KINDS: Record<EntityFormFieldDef['kind'], FieldKind> = {
  text: textKind,
  multiline: textKind,
  date: textKind,
  select: {
    toForm: (f, value) => (typeof value === 'string' ? value : (f.options?.[0] ?? '')),
    toBody: (_f, value) => text(value).trim(),
  },
  checkbox: {
    toForm: (_f, value) => (value === true ? 'true' : 'false'),
    toBody: (_f, value) => value === 'true',
  },
  list: {
    toForm: (_f, value) => (Array.isArray(value) ? value.join('\n') : ''),
    toBody: (f, value) => lines(text(value)).map((l) => idOf(f, l)),
  },
  // An object as JSON text; text that is not JSON is sent as it is, for the schema to refuse.
  json: {
    toForm: (_f, value) => (value && typeof value === 'object' ? JSON.stringify(value, null, 2) : ''),
    toBody: (_f, value) => {
      const source = text(value).trim();
      if (source === '') return {};
      try {
        return JSON.parse(source) as unknown;
      } catch {
        return source;
      }
    },
  },
  references: {
    toForm: (_f, value) => (Array.isArray(value) ? value.map(String) : []),
    toBody: (f, value) => (Array.isArray(value) ? value.map((id) => idOf(f, id)) : []),
  },
};

export function formValuesOf(def: ProviderEntityDef, row: Record<string, unknown> | null): EntityFormValues {
  return Object.fromEntries(def.form.map((f) => [f.field, FIELD_KINDS[f.kind].toForm(f, row?.[f.field])]));
}

export function bodyOf(def: ProviderEntityDef, values: EntityFormValues): Record<string, unknown> {
  return Object.fromEntries(def.form.map((f) => [f.field, FIELD_KINDS[f.kind].toBody(f, values[f.field])]));
}

/** The label inside a sentence: "name", but "SKU ID" stays as written. */
const inSentence = (label: string): string =>
  /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

function messageOf(
  f: EntityFormFieldDef,
  keyword: string,
  params: Record<string, unknown>,
  value: unknown,
): string {
  const rule = f.helperText ? ` (${f.helperText.toLowerCase()})` : '';
  switch (keyword) {
    case 'minLength':
      return `Enter the ${inSentence(f.label)}.`;
    case 'maxLength':
      return `${f.label} may be at most ${String(params.limit)} characters.`;
    case 'maxItems':
      return `${f.label} may list at most ${String(params.limit)} values.`;
    case 'minItems': {
      const n = Number(params.limit);
      const list = f.references ? ENTITY_REFERENCE_LISTS[f.references] : null;
      return list
        ? `Pick at least ${n === 1 ? `one ${list.noun}` : `${n} ${list.plural}`}.`
        : `${f.label} needs at least ${n} ${n === 1 ? 'value' : 'values'}.`;
    }
    case 'type':
      return f.kind === 'json' ? `${f.label} must be a JSON object ({ ... }).` : `${f.label} is not valid.`;
    case 'minProperties':
      return `Enter the ${inSentence(f.label)}.`;
    case 'uniqueItems':
      return `${f.label} lists a value twice.`;
    case 'pattern':
      return typeof value === 'string' && value.trim() === ''
        ? `Enter the ${inSentence(f.label)}.`
        : f.kind === 'list' || f.kind === 'references'
          ? `${f.label}: '${String(value)}' is not valid${rule}.`
          : `${f.label} is not valid${rule}.`;
    default:
      return `${f.label} is not valid.`;
  }
}

/** Field → the first problem of its value, for Formik's `validate`; empty when the body is valid. */
export function entityFormErrors(
  def: ProviderEntityDef,
  values: EntityFormValues,
  mode: 'create' | 'edit',
): Record<string, string> {
  const body = bodyOf(def, values);
  const [, issues] = Errors(def.body, body);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [, field, index] = issue.instancePath.split('/');
    const f = def.form.find((x) => x.field === field);
    if (!f || errors[f.field] || (mode === 'edit' && f.createOnly)) continue;
    const value = index === undefined ? body[f.field] : (body[f.field] as unknown[])[Number(index)];
    errors[f.field] = messageOf(f, issue.keyword, issue.params as Record<string, unknown>, value);
  }
  return errors;
}

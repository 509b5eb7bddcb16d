/**
 * The kit's fields of a policy kind, read from its registry schema (issue 32 point 1): what
 * `kindForm.tsx` draws for a form kind and the list editors (`kindList.tsx`) draw in an entry's
 * dialog. A field per value the schema gives (a switch per boolean, a number field per number, a
 * list per enumeration, a text field per string, checkboxes per list of enumerated codes, one value
 * per line per list of strings), nested objects by dotted path, labelled by the kind's view row.
 * A value the kit has no field for (a list of objects, a free object) throws, naming the kind and
 * the field: such a kind needs a section of its own on its family page, never a silent gap.
 */
import { getIn, setIn, type FormikErrors } from 'formik';
import {
  actionVocabulary,
  fieldLabel,
  policyKindView,
} from '@workbench/common/features/policy-view/policyKindViews';
import { integer } from '@workbench/common/validators/index';
import type { Vocabulary } from '@workbench/common/vocabularies/vocabulary';

/** A field as the kit draws it, by its dotted path (in the document, or in a list's entry). */
export type KitField = {
  path: string;
  label: string;
  /** Not required by the schema: left empty, it is left out. */
  optional: boolean;
  /** The schema's `default`: a new entry's value. */
  initial?: unknown;
} & (
  | { type: 'switch' }
  | { type: 'number'; integer: boolean; min?: number; max?: number }
  | { type: 'select'; options: Vocabulary }
  | { type: 'text'; minLength?: number; maxLength?: number; pattern?: string }
  /** A list of strings, one per line. */
  | { type: 'lines'; item: { maxLength?: number; pattern?: string }; minItems?: number; maxItems?: number }
  /** A list of enumerated codes, a checkbox each. */
  | { type: 'choices'; options: Vocabulary; minItems?: number }
);

/** The JSON Schema keywords of the registry's TypeBox schemas the kit reads. */
export interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  items?: SchemaNode;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The labels of a field's codes: the view row's `values` (or its `actions` for `action`), else the codes. */
function optionsOf(kind: string, path: string, codes: readonly string[]): Vocabulary {
  const last = path.split('.').pop() ?? path;
  const vocabulary = policyKindView(kind).values?.[last] ?? (last === 'action' ? actionVocabulary(kind) : []);
  return codes.map((code) => ({ code, label: vocabulary.find((v) => v.code === code)?.label ?? code }));
}

/** What the kit cannot draw, as the error names it. */
const described = (node: SchemaNode) =>
  node.type === 'array' ? `a list of ${node.items?.type ?? 'value'}s` : (node.type ?? 'no type');

/** The kit's field of one value of a schema (throws when it draws none). */
function leafField(kind: string, node: SchemaNode, path: string, optional: boolean): KitField {
  const label = capitalised(fieldLabel(kind, path));
  const base = { path, label, optional, ...(node.default !== undefined ? { initial: node.default } : {}) };
  if (node.type === 'boolean') return { ...base, type: 'switch' };
  if (node.type === 'integer' || node.type === 'number')
    return {
      ...base,
      type: 'number',
      integer: node.type === 'integer',
      min: node.minimum,
      max: node.maximum,
    };
  if (node.type === 'string' && node.enum)
    return { ...base, type: 'select', options: optionsOf(kind, path, node.enum) };
  if (node.type === 'string')
    return {
      ...base,
      type: 'text',
      minLength: node.minLength,
      maxLength: node.maxLength,
      pattern: node.pattern,
    };
  const item = node.items;
  if (node.type === 'array' && item?.type === 'string' && item.enum)
    return { ...base, type: 'choices', options: optionsOf(kind, path, item.enum), minItems: node.minItems };
  if (node.type === 'array' && item?.type === 'string')
    return {
      ...base,
      type: 'lines',
      item: { maxLength: item.maxLength, pattern: item.pattern },
      minItems: node.minItems,
      maxItems: node.maxItems,
    };
  throw new Error(`The kit draws no field for ${kind}'s ${path || 'data'} (${described(node)})`);
}

export interface SchemaWalk {
  /** Paths left out (a list entry's key, the reorders the save adds). */
  skip?: (path: string) => boolean;
  /** A list of objects: the list editors take it; without this it throws as any value the kit cannot draw. */
  onObjectList?: (path: string, node: SchemaNode) => void;
}

/** The kit's fields of a schema's values, in the schema's order, under `base` (throws on a value it cannot draw). */
export function schemaFields(kind: string, node: SchemaNode, base = '', walk: SchemaWalk = {}): KitField[] {
  const fields: KitField[] = [];
  const visit = (at: SchemaNode, path: string, optional: boolean) => {
    if (walk.skip?.(path)) return;
    if (at.type === 'object' && at.properties) {
      for (const [name, child] of Object.entries(at.properties))
        visit(child, path ? `${path}.${name}` : name, optional || !(at.required ?? []).includes(name));
      return;
    }
    if (at.type === 'array' && at.items?.type === 'object' && walk.onObjectList) {
      walk.onObjectList(path, at);
      return;
    }
    fields.push(leafField(kind, at, path, optional));
  };
  visit(node, base, false);
  return fields;
}

export type FormValues = Record<string, unknown>;

/** What a form shows of a document or an entry: numbers as the text typed, lists of strings one per line. */
export const formValues = (fields: readonly KitField[], doc: object): FormValues =>
  fields.reduce<FormValues>((values, f) => {
    const value = getIn(doc, f.path) as unknown;
    if (f.type === 'number') return setIn(values, f.path, value === undefined ? '' : String(value));
    if (f.type === 'lines') return setIn(values, f.path, ((value ?? []) as string[]).join('\n'));
    if (f.type === 'choices') return setIn(values, f.path, [...((value ?? []) as string[])]);
    if ((f.type === 'text' || f.type === 'select') && value === undefined) return setIn(values, f.path, '');
    return values;
  }, doc as FormValues);

/** A new entry's form values: the schema's defaults, else empty (a required choice its first option; `enabled` on). */
export function newEntryValues(fields: readonly KitField[]): FormValues {
  const entry = fields.reduce<FormValues>((values, f) => {
    if (f.initial !== undefined) return setIn(values, f.path, f.initial);
    if (f.type === 'switch') return setIn(values, f.path, f.path === 'enabled');
    if (f.type === 'select' && !f.optional) return setIn(values, f.path, f.options[0]?.code ?? '');
    return values;
  }, {});
  return formValues(fields, entry);
}

const lines = (text: unknown) =>
  String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The document (or entry) of valid form values: numbers back to numbers, lines to lists, empty optional values left out. */
export const documentOf = (fields: readonly KitField[], values: FormValues): FormValues =>
  fields.reduce<FormValues>((doc, f) => {
    const value = getIn(values, f.path) as unknown;
    const empty = String(value ?? '').trim() === '';
    if ((f.type === 'number' || f.type === 'text' || f.type === 'select') && f.optional && empty)
      return setIn(doc, f.path, undefined);
    if (f.type === 'number') return setIn(doc, f.path, Number(value));
    if (f.type === 'lines') return setIn(doc, f.path, lines(value));
    if (f.type === 'choices') {
      const chosen = (value ?? []) as string[];
      return setIn(
        doc,
        f.path,
        f.options.filter((o) => chosen.includes(o.code)).map((o) => o.code),
      );
    }
    return doc;
  }, values);

const matches = (pattern: string | undefined, text: string) => !pattern || new RegExp(pattern).test(text);

/** Why a value is refused, naming its field; null when it is valid. */
function fieldError(field: KitField, value: unknown): string | null {
  const text = String(value ?? '').trim();
  if (field.optional && text === '' && field.type !== 'choices' && field.type !== 'lines') return null;
  if (field.type === 'number') {
    const range =
      field.min !== undefined && field.max !== undefined ? ` from ${field.min} to ${field.max}` : '';
    const what = field.integer ? `a whole number${range}` : `a number${range}`;
    const n = Number(text);
    const refused =
      text === '' ||
      (field.integer ? integer(text) !== null : Number.isNaN(n)) ||
      (field.min !== undefined && n < field.min) ||
      (field.max !== undefined && n > field.max);
    return refused ? `${field.label}: enter ${what}.` : null;
  }
  if (field.type === 'select' && text === '') return `${field.label} is required.`;
  if (field.type === 'text') {
    const raw = String(value ?? '');
    if (field.minLength && raw.length < field.minLength)
      return field.minLength === 1
        ? `${field.label} is required.`
        : `${field.label}: at least ${field.minLength} characters.`;
    if (field.maxLength !== undefined && raw.length > field.maxLength)
      return `${field.label}: at most ${field.maxLength} characters.`;
    if (!matches(field.pattern, raw)) return `${field.label}: “${raw}” is not a valid value.`;
  }
  if (field.type === 'lines') {
    const values = lines(value);
    for (const [i, line] of values.entries()) {
      if (field.item.maxLength !== undefined && line.length > field.item.maxLength)
        return `${field.label}: line ${i + 1} is longer than ${field.item.maxLength} characters.`;
      if (!matches(field.item.pattern, line)) return `${field.label}: “${line}” is not a valid value.`;
    }
    if (field.minItems && values.length < field.minItems)
      return `${field.label}: enter at least ${field.minItems === 1 ? 'one' : field.minItems}.`;
    if (field.maxItems !== undefined && values.length > field.maxItems)
      return `${field.label}: at most ${field.maxItems}.`;
  }
  if (field.type === 'choices' && field.minItems && ((value ?? []) as unknown[]).length < field.minItems)
    return `${field.label}: choose at least ${field.minItems === 1 ? 'one' : field.minItems}.`;
  return null;
}

/** The form's errors by field path (Formik's nested shape). */
export function kindFormErrors(fields: readonly KitField[], values: FormValues): FormikErrors<FormValues> {
  return fields.reduce<FormikErrors<FormValues>>((errors, f) => {
    const error = fieldError(f, getIn(values, f.path));
    return error ? setIn(errors, f.path, error) : errors;
  }, {});
}

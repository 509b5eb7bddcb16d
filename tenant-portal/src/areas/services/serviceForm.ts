/**
 * A service settings document as a form (docs/settings.md §9): the values the form edits (lists
 * one value per line, numbers as typed), the document a save sends, and each field's error as the
 * shared validators give it (their error keys, worded by SERVICE_ERROR_TEXTS), the same checks the
 * server makes (common's serviceFieldProblem), so a save the form allows is not refused for them.
 */
import {
  SERVICE_ERROR_TEXTS,
  distinctProblem,
  serviceFieldProblem,
  serviceWriteOnlySet,
  type ServiceFieldDef,
  type ServiceSettingsDef,
  type ServiceSettingsDocument,
} from '@workbench/common/api/contract/serviceSettings';

export type ServiceFormValues = Record<string, string | boolean>;

/** The values of a list field's text: one per line, blank lines dropped, each trimmed. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function serviceFormValues(def: ServiceSettingsDef, doc: ServiceSettingsDocument): ServiceFormValues {
  return Object.fromEntries(
    def.fields.map((f) => {
      const v = doc[f.field];
      if (f.kind === 'checkbox') return [f.field, v === true];
      if (f.kind === 'list') return [f.field, Array.isArray(v) ? v.map(String).join('\n') : ''];
      // A write-only field is never read: it starts empty (left empty, the stored one is kept).
      return [f.field, v === undefined || v === null ? '' : String(v)];
    }),
  );
}

/** A field's value as the document holds it. */
function valueOf(f: ServiceFieldDef, value: string | boolean): unknown {
  if (f.kind === 'checkbox') return value === true;
  const text = String(value);
  if (f.kind === 'list') return linesOf(text);
  if (f.kind === 'number') return /^\s*-?\d+\s*$/.test(text) ? Number(text) : text.trim();
  return f.kind === 'password' || f.kind === 'multiline' ? text : text.trim();
}

/**
 * The document to save: every field's value; a write-only field left empty is left out (the stored
 * one is kept) unless `clear` names it (then it is sent empty: removed).
 */
export function serviceDocumentOf(
  def: ServiceSettingsDef,
  values: ServiceFormValues,
  clear: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (def.writeOnly.includes(f.field) && values[f.field] === '') {
      if (clear.includes(f.field)) out[f.field] = '';
      continue;
    }
    out[f.field] = valueOf(f, values[f.field]);
  }
  return out;
}

/** The text of a problem's key, and for a list's value, which line. */
function errorText(field: string, key: string): string {
  const text = SERVICE_ERROR_TEXTS[key] ?? key;
  const line = /\.(\d+)$/.exec(field);
  return line ? `Line ${Number(line[1]) + 1}: ${text}` : text;
}

/** Formik's validate: each field's error text (the first of a list), by field. */
export function serviceFormErrors(
  def: ServiceSettingsDef,
  values: ServiceFormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const doc = serviceDocumentOf(def, values);
  for (const f of def.fields) {
    if (!(f.field in doc)) continue;
    const p = serviceFieldProblem(f, doc[f.field]);
    if (p) errors[f.field] = errorText(p.field, p.key);
  }
  const same = distinctProblem(def, doc);
  if (same && !errors[same.field]) errors[same.field] = errorText(same.field, same.key);
  return errors;
}

/** The form field a server refusal names (`bypass_hosts.1` → `bypass_hosts`), or null. */
export function formFieldOfRefusal(def: ServiceSettingsDef, field: string | undefined): string | null {
  if (!field) return null;
  const head = field.split('.')[0];
  return def.fields.some((f) => f.field === head) ? head : null;
}

export const writeOnlyStored = (doc: ServiceSettingsDocument, field: string): boolean =>
  doc[serviceWriteOnlySet(field)] === true;

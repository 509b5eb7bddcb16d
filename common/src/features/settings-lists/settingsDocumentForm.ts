/**
 * A settings document as a form, from its registry row (docs/settings.md §9 and §10): the values a
 * form starts with (a list as one text, a line per entry; a write-only field empty), the document
 * a save sends (blank lines dropped, numbers as numbers, a write-only field left empty left out so
 * the stored one is kept, the `updated_at` it was read with), each field's error by the same checks
 * the server makes (the row's own, the shared validators' error keys worded by
 * DOCUMENT_ERROR_TEXTS, a service's ports all different), so a save the form allows is not refused
 * for them, and where a refusal goes (`ips.2` → the `ips` field, its line named).
 */
import { valueAt, withValueAt, type SettingsItem } from '../../api/contract/tenantSettings';
import {
  DOCUMENT_ERROR_TEXTS,
  distinctProblem,
  documentFieldProblem,
} from '../../api/contract/serviceSettings';
import {
  writeOnlySet,
  type SettingsDocumentDef,
  type SettingsDocumentFieldDef,
  type SettingsDocumentValue,
} from '../../api/contract/tenantSettingsDocuments';

export type DocumentFormValues = Record<string, string | boolean>;

export function documentFormValues(def: SettingsDocumentDef, doc: SettingsDocumentValue): DocumentFormValues {
  return Object.fromEntries(
    def.form.map((f) => {
      const v = valueAt(doc, f.field);
      if (f.kind === 'checkbox') return [f.field, v === true];
      if (f.kind === 'list') return [f.field, Array.isArray(v) ? v.map(String).join('\n') : ''];
      // A write-only field is never read: it starts empty (left empty, the stored one is kept).
      return [f.field, v === undefined || v === null ? '' : String(v)];
    }),
  );
}

/** A list's text as its entries: each line trimmed, blank ones left out. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** A field's value as the document holds it. */
function valueOf(f: SettingsDocumentFieldDef, value: string | boolean): unknown {
  if (f.kind === 'checkbox') return value === true;
  const text = String(value);
  if (f.kind === 'list') return linesOf(text);
  if (f.kind === 'number') return /^\s*-?\d+\s*$/.test(text) ? Number(text) : text.trim();
  return f.kind === 'password' || f.kind === 'multiline' ? text : text.trim();
}

/**
 * The document to save: every form field's value, and the updated_at it was read with; a
 * write-only field left empty is left out (the stored one is kept) unless `clear` names it (then
 * it is sent empty: removed).
 */
export function documentOfForm(
  def: SettingsDocumentDef,
  doc: SettingsDocumentValue,
  values: DocumentFormValues,
  clear: readonly string[] = [],
): SettingsItem {
  let out: SettingsItem = {};
  for (const f of def.form) {
    if (def.writeOnly?.includes(f.field) && values[f.field] === '') {
      if (clear.includes(f.field)) out = withValueAt(out, f.field, '');
      continue;
    }
    out = withValueAt(out, f.field, valueOf(f, values[f.field] ?? ''));
  }
  return { ...out, updated_at: doc.updated_at };
}

/** The form's field a refusal names, and the line it is about (`ips.2`: the `ips` field's third entry). */
export function documentFieldOfError(
  def: SettingsDocumentDef,
  field: string | null | undefined,
): { field: string; line: number | null } | null {
  if (!field) return null;
  const f = def.form.find((x) => field === x.field || field.startsWith(`${x.field}.`));
  if (!f) return null;
  const rest = field.slice(f.field.length + 1);
  return { field: f.field, line: f.kind === 'list' && /^\d+$/.test(rest) ? Number(rest) : null };
}

/** A message at its form field: a list's entry named by its line and text (`Line 3 (10.0.0.0/33): …`). */
export function documentErrorAt(
  def: SettingsDocumentDef,
  values: DocumentFormValues,
  field: string | null | undefined,
  message: string,
): { field: string; message: string } | null {
  const at = documentFieldOfError(def, field);
  if (!at) return null;
  if (at.line === null) return { field: at.field, message };
  const entry = linesOf(String(values[at.field] ?? ''))[at.line] ?? '';
  return { field: at.field, message: `Line ${at.line + 1} (${entry}): ${message}` };
}

/**
 * Each field's error (the first of a list), by form field: the row's own check, each field's
 * (required, the shared validator's key, bounds, repeats), and a service's ports all different.
 */
export function documentFormErrors(
  def: SettingsDocumentDef,
  doc: SettingsDocumentValue,
  values: DocumentFormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const body = documentOfForm(def, doc, values);
  const add = (field: string, message: string) => {
    const at = documentErrorAt(def, values, field, message);
    if (at && !errors[at.field]) errors[at.field] = at.message;
  };
  const own = def.problem?.(body);
  if (own) add(own[0], own[1]);
  for (const f of def.form) {
    const value = valueAt(body, f.field);
    if (value === undefined) continue;
    const p = documentFieldProblem(f, value);
    if (p) add(p.field, DOCUMENT_ERROR_TEXTS[p.key] ?? p.key);
  }
  const same = distinctProblem(def, body);
  if (same) add(same.field, DOCUMENT_ERROR_TEXTS[same.key] ?? same.key);
  return errors;
}

/** Whether the tenant has a write-only field stored (its read says `<field>_set`). */
export const writeOnlyStored = (doc: SettingsDocumentValue, field: string): boolean =>
  doc[writeOnlySet(field)] === true;

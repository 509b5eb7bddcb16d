/**
 * The form of a tenant settings document, from its registry row (docs/settings.md §10): the values
 * a form starts with (a `lines` field's list as one text, a line per entry), the document it sends
 * (blank lines dropped, numbers as numbers, the `updated_at` it was read with), the row's own
 * checks before sending, and where a refusal goes (`ips.2` → the `ips` field, its line named).
 */
import { valueAt, withValueAt, type SettingsItem } from '../../api/contract/tenantSettings';
import type { SettingsDocumentDef, SettingsDocumentValue } from '../../api/contract/tenantSettingsDocuments';

export type DocumentFormValues = Record<string, string | boolean>;

export function documentFormValues(def: SettingsDocumentDef, doc: SettingsDocumentValue): DocumentFormValues {
  return Object.fromEntries(
    def.form.map((f) => {
      const v = valueAt(doc, f.field);
      if (f.kind === 'checkbox') return [f.field, v === true];
      if (f.kind === 'lines') return [f.field, Array.isArray(v) ? v.join('\n') : ''];
      return [f.field, v === undefined || v === null ? '' : String(v)];
    }),
  );
}

/** A `lines` text as its entries: each line trimmed, blank ones left out. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The document a save sends: the read's fields, each form field's value, and the updated_at read. */
export function documentOfForm(
  def: SettingsDocumentDef,
  doc: SettingsDocumentValue,
  values: DocumentFormValues,
): SettingsItem {
  const { updated_by: _by, ...read } = doc;
  let out: SettingsItem = read;
  for (const f of def.form) {
    const v = values[f.field];
    let value: unknown = v;
    if (f.kind === 'lines') value = linesOf(String(v));
    else if (f.kind === 'number') value = String(v).trim() === '' ? v : Number(String(v).trim());
    else if (typeof v === 'string') value = v.trim();
    out = withValueAt(out, f.field, value);
  }
  return out;
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
  return { field: f.field, line: f.kind === 'lines' && /^\d+$/.test(rest) ? Number(rest) : null };
}

/** The row's own check of the document about to be sent (the server's rule, said before it refuses). */
export function documentProblem(
  def: SettingsDocumentDef,
  body: SettingsItem,
): { field: string; message: string } | null {
  const p = def.problem?.(body);
  return p ? { field: p[0], message: p[1] } : null;
}

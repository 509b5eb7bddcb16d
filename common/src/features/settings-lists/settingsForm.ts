/**
 * The form of a tenant settings list's item, from its registry row (docs/settings.md): the values
 * a form starts with, which fields show (a platform's own), the body it sends, and where a server
 * refusal goes (the field it names, as the item's dot path).
 */
import {
  valueAt,
  withValueAt,
  type SettingsFormFieldDef,
  type SettingsItem,
  type SettingsListDef,
} from '../../api/contract/tenantSettings';
import { itemToWrite } from './settingsListSource';
import {
  POSTURE_CHECK_DEFS,
  arityOf,
  postureCheckProblem,
  type PostureCheck,
  type PostureCheckId,
  type PostureComparator,
} from '../../posture/evaluate';

/** A posture check as the form holds it: its values as typed (a boolean as 'true' or 'false'). */
export interface PostureCheckDraft {
  check: PostureCheckId;
  comparator: PostureComparator;
  values: string[];
}

/** The form's values by field: text for text fields, booleans for checkboxes, rows of posture checks. */
export type SettingsFormValues = Record<string, string | boolean | PostureCheckDraft[]>;

export const draftOfPostureCheck = (c: PostureCheck): PostureCheckDraft => ({
  check: c.check,
  comparator: c.comparator,
  values: c.values.map(String),
});

/** A new row of a posture profile's checks: `equal`, and `true` for a boolean check. */
export const newPostureCheckDraft = (check: PostureCheckId): PostureCheckDraft => ({
  check,
  comparator: 'equal',
  values: [POSTURE_CHECK_DEFS[check].kind === 'boolean' ? 'true' : ''],
});

/** The check to send: as many values as its comparator takes, each of its check's kind where it reads as one. */
export function postureCheckOfDraft(d: PostureCheckDraft): PostureCheck {
  const kind = POSTURE_CHECK_DEFS[d.check].kind;
  const values = Array.from({ length: arityOf(d.comparator) }, (_, i) => (d.values[i] ?? '').trim()).map(
    (v) => {
      if (kind === 'boolean') return v === 'true' ? true : v === 'false' ? false : v;
      if (kind === 'number') return v !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
      return v;
    },
  );
  return { check: d.check, comparator: d.comparator, values };
}

/**
 * What the form refuses before it sends: a posture check that does not fit its comparator
 * (the evaluator's postureCheckProblem), as the item's dot path (`checks.1.values.1`) and why.
 */
export function formProblem(def: SettingsListDef, values: SettingsFormValues): [string, string] | null {
  for (const f of def.form) {
    if (f.kind !== 'posture-checks') continue;
    for (const [i, d] of (values[f.field] as PostureCheckDraft[]).entries()) {
      const problem = postureCheckProblem(postureCheckOfDraft(d));
      if (problem) return [`${f.field}.${i}.${problem[0]}`, problem[1]];
    }
  }
  return null;
}

export function formValuesOf(def: SettingsListDef, item: SettingsItem | null): SettingsFormValues {
  const from = item ?? def.newItem;
  return Object.fromEntries(
    def.form.map((f) => {
      const v = valueAt(from, f.field);
      if (f.kind === 'posture-checks')
        return [f.field, ((v as PostureCheck[] | undefined) ?? []).map(draftOfPostureCheck)];
      return [f.field, f.kind === 'checkbox' ? v === true : v === undefined || v === null ? '' : String(v)];
    }),
  );
}

export const fieldShown = (f: SettingsFormFieldDef, values: SettingsFormValues): boolean =>
  !f.when || f.when.is.includes(values[f.when.field]);

/**
 * The item to send: the edited item (fields the form does not show, such as its id, kept), each
 * shown field's value, hidden fields left out (another platform's), empty optional ones left out
 * (a secret left empty keeps the stored one). Numbers are sent as numbers.
 */
export function itemOfForm(
  def: SettingsListDef,
  item: SettingsItem | null,
  values: SettingsFormValues,
): SettingsItem {
  let out = itemToWrite(def, item ?? {});
  for (const f of def.form) out = withValueAt(out, f.field, undefined);
  for (const f of def.form) {
    if (!fieldShown(f, values)) continue;
    const v = values[f.field];
    if (f.kind === 'posture-checks') {
      out = withValueAt(out, f.field, (v as PostureCheckDraft[]).map(postureCheckOfDraft));
      continue;
    }
    if (f.optional && v === '') continue;
    const trimmed = typeof v === 'string' && f.kind !== 'password' ? v.trim() : v;
    out = withValueAt(out, f.field, f.kind === 'number' && trimmed !== '' ? Number(trimmed) : trimmed);
  }
  return withoutEmptyObjects(out);
}

/** An object whose optional fields were all left empty (an assume role not used) is left out. */
function withoutEmptyObjects(item: SettingsItem): SettingsItem {
  const out: SettingsItem = {};
  for (const [key, value] of Object.entries(item)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) out[key] = value;
    else {
      const inner = withoutEmptyObjects(value as SettingsItem);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
  }
  return out;
}

/** The item's field a refusal names (`list.3.storage_platform.s3_bucket` → `storage_platform.s3_bucket`). */
export function formFieldOfError(def: SettingsListDef, field: string | undefined): string | null {
  if (!field) return null;
  const inItem = field.replace(new RegExp(`^${def.listField}\\.\\d+\\.`), '');
  return def.form.find((f) => inItem === f.field || inItem.startsWith(`${f.field}.`))?.field ?? null;
}

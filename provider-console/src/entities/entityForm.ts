/**
 * The form of a registry entity: values as the form holds them (lists as one value per line,
 * check boxes as 'true' or 'false'),
 * the body they make, and the checks of the entity's body schema in words (the same TypeBox
 * schema the server validates with, so the form and the server cannot disagree).
 */
import { Errors } from 'typebox/schema';
import type { EntityFormFieldDef, ProviderEntityDef } from '@workbench/common/api/contract/providerEntities';

export type EntityFormValues = Record<string, string>;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

export function formValuesOf(def: ProviderEntityDef, row: Record<string, unknown> | null): EntityFormValues {
  return Object.fromEntries(
    def.form.map((f) => {
      const value = row?.[f.field];
      if (f.kind === 'checkbox') return [f.field, value === true ? 'true' : 'false'];
      if (f.kind === 'select' && typeof value !== 'string') return [f.field, f.options?.[0] ?? ''];
      return [f.field, Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : ''];
    }),
  );
}

export function bodyOf(def: ProviderEntityDef, values: EntityFormValues): Record<string, unknown> {
  return Object.fromEntries(
    def.form.map((f) => [
      f.field,
      f.kind === 'list'
        ? lines(values[f.field] ?? '').map((l) => (f.numeric && /^\d{1,9}$/.test(l) ? Number(l) : l))
        : f.kind === 'checkbox'
          ? values[f.field] === 'true'
          : (values[f.field] ?? '').trim(),
    ]),
  );
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
    case 'uniqueItems':
      return `${f.label} lists a value twice.`;
    case 'pattern':
      return typeof value === 'string' && value.trim() === ''
        ? `Enter the ${inSentence(f.label)}.`
        : f.kind === 'list'
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

/**
 * The kit's editor of a kind whose view row's shape is 'form' (issue 32 point 1): its fields come
 * from the registry schema of its `data` (a switch per boolean, a list per enumeration, a number
 * or text field per number or string, nested objects by dotted path), labelled by the view row
 * (`fieldLabel`), bound with `../formFields.tsx`. So a form kind needs no component of its own.
 * Each valid change goes to the section's draft at once (Save, Undo and the unsaved mark work as
 * for any section); an invalid value shows an error naming its field and stays out of the draft.
 */
import { useEffect, useMemo, type ChangeEvent, type ComponentType } from 'react';
import { Formik, getIn, setIn, useFormikContext, type FormikErrors } from 'formik';
import { MenuItem, Stack, TextField } from '@mui/material';
import { POLICY_KIND_REGISTRY, type PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { fieldLabel, policyKindView } from '@workbench/common/features/policy-view/policyKindViews';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { integer } from '@workbench/common/validators/index';
import type { Vocabulary } from '@workbench/common/vocabularies/vocabulary';
import { formFields } from '../formFields';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { editorServerError } from './serverError';

/** A field of a form kind as the kit draws it, by its dotted path in the document. */
export type KitField = { path: string; label: string } & (
  | { type: 'switch' }
  | { type: 'number'; integer: boolean; min?: number; max?: number }
  | { type: 'select'; options: Vocabulary }
  | { type: 'text'; minLength?: number; maxLength?: number }
);

/** The JSON Schema keywords of the registry's TypeBox schemas the kit reads. */
interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The fields of a form kind, in the schema's order. Throws on a value the kit draws no field for
 * (a list, a free object): such a kind needs a section of its own on its family page.
 */
export function kindFormFields(kind: PolicyKind): KitField[] {
  const view = policyKindView(kind);
  const fields: KitField[] = [];
  const walk = (node: SchemaNode, path: string) => {
    if (node.type === 'object' && node.properties) {
      for (const [name, child] of Object.entries(node.properties))
        walk(child, path ? `${path}.${name}` : name);
      return;
    }
    const label = capitalised(fieldLabel(kind, path));
    const last = path.split('.').pop() ?? path;
    if (node.type === 'boolean') fields.push({ path, label, type: 'switch' });
    else if (node.type === 'integer' || node.type === 'number')
      fields.push({
        path,
        label,
        type: 'number',
        integer: node.type === 'integer',
        min: node.minimum,
        max: node.maximum,
      });
    else if (node.type === 'string' && node.enum)
      fields.push({
        path,
        label,
        type: 'select',
        options: view.values?.[last] ?? node.enum.map((code) => ({ code, label: code })),
      });
    else if (node.type === 'string')
      fields.push({ path, label, type: 'text', minLength: node.minLength, maxLength: node.maxLength });
    else
      throw new Error(`The kit draws no field for ${kind}'s ${path || 'data'} (${node.type ?? 'no type'})`);
  };
  walk(POLICY_KIND_REGISTRY[kind].data as SchemaNode, '');
  return fields;
}

type FormValues = Record<string, unknown>;

/** What the form shows: the document with its numbers as the text typed. */
const formValues = (fields: readonly KitField[], doc: object): FormValues =>
  fields.reduce<FormValues>(
    (values, f) => (f.type === 'number' ? setIn(values, f.path, String(getIn(doc, f.path) ?? '')) : values),
    doc as FormValues,
  );

/** The document of valid form values (numbers back to numbers). */
const documentOf = (fields: readonly KitField[], values: FormValues): FormValues =>
  fields.reduce<FormValues>(
    (doc, f) => (f.type === 'number' ? setIn(doc, f.path, Number(getIn(values, f.path))) : doc),
    values,
  );

/** Why a value is refused, naming its field; null when it is valid. */
function fieldError(field: KitField, value: unknown): string | null {
  if (field.type === 'number') {
    const text = String(value ?? '').trim();
    const range =
      field.min !== undefined && field.max !== undefined ? ` from ${field.min} to ${field.max}` : '';
    const what = field.integer ? `a whole number${range}` : `a number${range}`;
    if (text === '') return `${field.label}: enter ${what}.`;
    if (field.integer ? integer(text) : Number.isNaN(Number(text))) return `${field.label}: enter ${what}.`;
    const n = Number(text);
    if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max))
      return `${field.label}: enter ${what}.`;
  }
  if (field.type === 'text') {
    const text = String(value ?? '');
    if (field.minLength && text.length < field.minLength)
      return field.minLength === 1
        ? `${field.label} is required.`
        : `${field.label}: at least ${field.minLength} characters.`;
    if (field.maxLength !== undefined && text.length > field.maxLength)
      return `${field.label}: at most ${field.maxLength} characters.`;
  }
  return null;
}

/** The form's errors by field path (Formik's nested shape). */
export function kindFormErrors(fields: readonly KitField[], values: FormValues): FormikErrors<FormValues> {
  return fields.reduce<FormikErrors<FormValues>>((errors, f) => {
    const error = fieldError(f, getIn(values, f.path));
    return error ? setIn(errors, f.path, error) : errors;
  }, {});
}

/** Puts valid values in the draft when they differ from it; invalid ones stay out of it. */
function PushWhenValid({
  fields,
  doc,
  onChange,
}: {
  fields: readonly KitField[];
  doc: object;
  onChange: (doc: FormValues) => void;
}) {
  const { values, dirty } = useFormikContext<FormValues>();
  useEffect(() => {
    if (!dirty || Object.keys(kindFormErrors(fields, values)).length > 0) return;
    const next = documentOf(fields, values);
    if (JSON.stringify(next) !== JSON.stringify(doc)) onChange(next);
  }, [values, dirty, fields, doc, onChange]);
  return null;
}

/** The kit's section editor of a form kind (throws at once when its schema has a field the kit cannot draw). */
export function kindForm<K extends PolicyKind>(kind: K): ComponentType<SectionEditorProps<K>> {
  const fields = kindFormFields(kind);
  function KindForm({ editor, doc, onChange, readOnly }: SectionEditorProps<K>) {
    const initial = useMemo(() => formValues(fields, doc), [doc]);
    const serverError = editorServerError(editor);
    const push = onChange as unknown as (doc: FormValues) => void;
    return (
      <Formik<FormValues>
        initialValues={initial}
        enableReinitialize
        validate={(values) => kindFormErrors(fields, values)}
        onSubmit={() => undefined}
      >
        {(formik) => {
          const { field, switchField } = formFields(formik, {
            readOnly,
            testIdPrefix: policyEditorIds.formField,
            message: (error) => (typeof error === 'string' ? error : undefined),
          });
          // The save's refusal shows at its field until the value changes.
          const refused = (path: string) =>
            serverError?.path === path && getIn(formik.values, path) === getIn(initial, path)
              ? serverError.message
              : undefined;
          return (
            <Stack spacing={2} sx={{ maxWidth: 480 }} component="form" noValidate>
              <PushWhenValid fields={fields} doc={doc as object} onChange={push} />
              {fields.map((f) => {
                if (f.type === 'switch') return <div key={f.path}>{switchField(f.path, f.label)}</div>;
                const props = field(f.path, f.label);
                const message = refused(f.path);
                // Touched at the first keystroke: the error shows while typing, not only after leaving.
                const shown = {
                  ...props,
                  ...(message ? { error: true, helperText: message } : {}),
                  onChange: (e: ChangeEvent<HTMLInputElement>) => {
                    void formik.setFieldTouched(f.path, true, false);
                    props.onChange(e);
                  },
                };
                if (f.type === 'select')
                  return (
                    <TextField key={f.path} select {...shown}>
                      {f.options.map((o) => (
                        <MenuItem key={o.code} value={o.code}>
                          {o.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                return (
                  <TextField
                    key={f.path}
                    {...shown}
                    slotProps={{
                      htmlInput: {
                        ...shown.slotProps.htmlInput,
                        ...(f.type === 'number' ? { inputMode: 'numeric' } : {}),
                      },
                    }}
                  />
                );
              })}
            </Stack>
          );
        }}
      </Formik>
    );
  }
  KindForm.displayName = `KindForm(${kind})`;
  return KindForm;
}

/**
 * The kit's editor of a kind by its view row's shape. The form is drawn from the row and the
 * schema; the list shapes still need their family's own section (each list has its own dialog).
 */
export function kitEditor<K extends PolicyKind>(kind: K): ComponentType<SectionEditorProps<K>> {
  const { shape } = policyKindView(kind);
  if (shape === 'form') return kindForm(kind);
  throw new Error(`The kit draws no ${shape} editor: ${kind} needs a section of its own on its family page`);
}

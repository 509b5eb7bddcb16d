import { useEffect, useRef, type ReactNode } from 'react';
import { Formik, useFormikContext, type FormikProps } from 'formik';
import { MenuItem, TextField } from '@mui/material';
import { integer } from '@workbench/common/validators/index';
import type * as yup from 'yup';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { inspectionMessage } from './inspectionRuleForm';
import { formFields, type BoundForm } from '../formFields';

/**
 * Puts the form's values in the draft whenever they are valid and differ from it. Validity is
 * checked here, synchronously: Formik's errors lag a change by a tick, and an invalid value must
 * never reach the draft.
 */
function PushWhenValid<V>({
  schema,
  toDoc,
  same,
}: {
  schema: yup.AnyObjectSchema;
  toDoc: (values: V) => void;
  same: (values: V) => boolean;
}) {
  const { values, dirty } = useFormikContext<V>();
  const push = useRef(toDoc);
  push.current = toDoc;
  useEffect(() => {
    if (dirty && !same(values) && schema.isValidSync(values)) push.current(values);
  }, [values, dirty, same, schema]);
  return null;
}

/**
 * A settings document edited in a Formik form (not a rule list): each valid change goes to the
 * section's draft at once (so Save, Undo and the unsaved mark work as for rules); an invalid value
 * shows its error and stays out of the draft until fixed. A draft changed elsewhere (undo, reload)
 * re-initialises the form.
 */
export function DraftForm<V extends object>({
  values,
  schema,
  onValues,
  children,
}: {
  values: V;
  schema: yup.AnyObjectSchema;
  onValues: (values: V) => void;
  children: (form: FormikProps<V>) => ReactNode;
}) {
  const key = JSON.stringify(values);
  return (
    <Formik<V> initialValues={values} validationSchema={schema} enableReinitialize onSubmit={() => undefined}>
      {(form) => (
        <>
          <PushWhenValid<V> schema={schema} toDoc={onValues} same={(v) => JSON.stringify(v) === key} />
          {children(form)}
        </>
      )}
    </Formik>
  );
}

const inspectionError = (error: unknown) =>
  typeof error === 'string' ? inspectionMessage(error) : undefined;

/**
 * A settings form's bindings (`../formFields.tsx`, test ids `inspection-setting-<name>`): a field's
 * error shows as soon as it changed, since its valid values reach the draft as they are typed.
 */
export const draftFields = <V,>(form: FormikProps<V>, readOnly: boolean) =>
  formFields(form as unknown as BoundForm<Record<string, unknown>>, {
    readOnly,
    testIdPrefix: inspectionIds.setting,
    message: inspectionError,
    live: true,
  });

/** An integer field within bounds: the shared integer validator, then the range. */
export const boundedInteger = (min: number, max: number) => (value: string) => {
  const key = integer(value);
  if (key) return key;
  const n = Number(value);
  return n < min || n > max ? `Enter a whole number from ${min} to ${max}.` : null;
};

export function NumberField<V>({
  form,
  name,
  label,
  unit,
  readOnly,
}: {
  form: FormikProps<V>;
  name: string;
  label: string;
  unit?: string;
  readOnly: boolean;
}) {
  const bound = draftFields(form, readOnly).field(name, label, unit);
  return (
    <TextField
      {...bound}
      value={String(bound.value ?? '')}
      fullWidth={false}
      slotProps={{ htmlInput: { ...bound.slotProps.htmlInput, inputMode: 'numeric' } }}
      sx={{ maxWidth: 320 }}
    />
  );
}

export function SelectField<V>({
  form,
  name,
  label,
  options,
  readOnly,
}: {
  form: FormikProps<V>;
  name: string;
  label: string;
  options: ReadonlyArray<{ code: string; label: string }>;
  readOnly: boolean;
}) {
  const bound = draftFields(form, readOnly).field(name, label);
  return (
    <TextField
      select
      {...bound}
      value={String(bound.value ?? '')}
      fullWidth={false}
      sx={{ minWidth: 260, maxWidth: 420 }}
    >
      {options.map((o) => (
        <MenuItem key={o.code} value={o.code}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

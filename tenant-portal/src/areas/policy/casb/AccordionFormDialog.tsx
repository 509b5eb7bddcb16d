import { Formik, type FormikErrors, type FormikProps, type FormikTouched } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { TextField } from '@mui/material';
import type { RuleAccordionPanel } from '@workbench/common';
import { RuleDialogFrame } from '../RuleDialogFrame';
import { IdListPicker } from '../kit/IdListPicker';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import { casbMessage } from './casbForms';
import { formFields, type BoundForm } from '../formFields';

export type Form<V> = FormikProps<V>;

const casbError = (error: unknown) => (typeof error === 'string' ? casbMessage(error) : undefined);

/**
 * The cloud-app and egress dialogs' bindings (`../formFields.tsx`, test ids `casb-field-<name>`),
 * by name or path (`headers.0.name`). A reader's fields are disabled by the dialog's frame.
 */
export const casbFields = <V,>(form: Form<V>) =>
  formFields(form as BoundForm<Record<string, unknown>>, {
    readOnly: false,
    testIdPrefix: casbPolicyIds.field,
    message: casbError,
  });

export { validFields } from '../kit/rulePanel';

/** A text field bound to the form (multiline fields take one value per line). */
export function FormText<V>({
  form,
  name,
  label,
  lines,
  helperText,
  required,
}: {
  form: Form<V>;
  name: string;
  label: string;
  /** Rows of a one-value-per-line field. */
  lines?: number;
  helperText?: string;
  required?: boolean;
}) {
  return (
    <TextField
      {...casbFields(form).field(name, label, helperText)}
      required={required}
      multiline={lines !== undefined}
      minRows={lines}
    />
  );
}

/** A multiple choice of cloud apps by name (the catalogue's ids are what is stored). */
export function AppPicker<V>({
  form,
  name,
  label,
  apps,
}: {
  form: Form<V>;
  name: string;
  label: string;
  apps: ReadonlyArray<{ id: string; name: string }>;
}) {
  const nameOf = (id: string) => apps.find((a) => a.id === id)?.name ?? id;
  const bound = casbFields(form);
  return (
    <IdListPicker
      bound={bound.autocompleteField<string[]>(name)}
      label={label}
      ids={apps.map((a) => a.id)}
      labelOf={nameOf}
      error={bound.errorOf(name)}
      testId={`${casbPolicyIds.appPicker}-${name}`}
    />
  );
}

/**
 * Adds or edits one entry of a cloud-app or egress list in the shared rule accordion (docs/shared-ui.md §9)
 * with Formik and a yup schema built on common's validators, in the rule dialogs' shared frame;
 * Apply puts the entry in the section's draft (the section's Save stores it). Readers see the same
 * panels, disabled, with Close.
 */
export function AccordionFormDialog<V extends object>({
  title,
  initialValues,
  schema,
  panels,
  isNew,
  canWrite,
  onApply,
  onClose,
}: {
  title: string;
  initialValues: V;
  schema: AnyObjectSchema;
  panels: (form: Form<V>) => RuleAccordionPanel[];
  isNew: boolean;
  canWrite: boolean;
  /** Puts the entry in the draft; or answers errors by field (a server check refused it), shown at their fields. */
  onApply: (values: V) => void | Promise<Record<string, string> | void>;
  onClose: () => void;
}) {
  return (
    <Formik<V>
      initialValues={initialValues}
      validationSchema={schema}
      validateOnMount
      onSubmit={async (values, helpers) => {
        const errors = await onApply(values);
        if (!errors) return;
        helpers.setErrors(errors as FormikErrors<V>);
        await helpers.setTouched(
          Object.fromEntries(Object.keys(errors).map((k) => [k, true])) as FormikTouched<V>,
          false,
        );
      }}
    >
      {(form) => (
        <RuleDialogFrame
          title={title}
          testId={casbPolicyIds.dialog}
          panels={panels(form)}
          editMode={!isNew}
          readOnly={!canWrite}
          onSubmit={() => form.handleSubmit()}
          validation={{ form, schema }}
          onClose={onClose}
          cancel={{ testId: casbPolicyIds.dialogCancel }}
        />
      )}
    </Formik>
  );
}

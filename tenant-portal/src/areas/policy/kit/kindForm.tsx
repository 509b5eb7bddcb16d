/**
 * The kit's editor of a kind whose view row's shape is 'form' (issue 32 point 1): its fields come
 * from the registry schema of its `data` (a switch per boolean, a list per enumeration, a number
 * or text field per number or string, nested objects by dotted path), labelled by the view row
 * (`fieldLabel`), bound with `../formFields.tsx`. So a form kind needs no component of its own.
 * Each valid change goes to the section's draft at once (Save, Undo and the unsaved mark work as
 * for any section); an invalid value shows an error naming its field and stays out of the draft.
 */
import { useEffect, useMemo, type ComponentType } from 'react';
import { Formik, useFormikContext } from 'formik';
import { Stack } from '@mui/material';
import { POLICY_KIND_REGISTRY, type PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { kitFieldControls } from './KitFields';
import {
  documentOf,
  formValues,
  kindFormErrors,
  schemaFields,
  type FormValues,
  type KitField,
  type SchemaNode,
} from './schemaFields';
import { editorServerError, type ServerError } from './serverError';

export type { KitField };
export { kindFormErrors };

/**
 * The fields of a form kind, in the schema's order. Throws on a value the kit draws no field for
 * (a list, a free object): such a kind needs a section of its own on its family page.
 */
export const kindFormFields = (kind: PolicyKind): KitField[] =>
  schemaFields(kind, POLICY_KIND_REGISTRY[kind].data as SchemaNode);

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

/**
 * Fields of a document drawn by the kit, each valid change put in the draft at once (the form
 * kinds' editor, and the document's own values beside a list kind's lists).
 */
export function KitDocumentFields({
  fields,
  doc,
  onChange,
  readOnly,
  serverError,
}: {
  fields: readonly KitField[];
  doc: object;
  onChange: (doc: FormValues) => void;
  readOnly: boolean;
  serverError: ServerError | null;
}) {
  const initial = useMemo(() => formValues(fields, doc), [fields, doc]);
  return (
    <Formik<FormValues>
      initialValues={initial}
      enableReinitialize
      validate={(values) => kindFormErrors(fields, values)}
      onSubmit={() => undefined}
    >
      {(formik) => (
        <Stack spacing={2} sx={{ maxWidth: 480 }} component="form" noValidate>
          <PushWhenValid fields={fields} doc={doc} onChange={onChange} />
          {kitFieldControls(formik, fields, {
            readOnly,
            testIdPrefix: policyEditorIds.formField,
            // The save's refusal shows at its field until the value changes.
            serverError: serverError && { field: serverError.path, message: serverError.message },
          })}
        </Stack>
      )}
    </Formik>
  );
}

/** The kit's section editor of a form kind (throws at once when its schema has a field the kit cannot draw). */
export function kindForm<K extends PolicyKind>(kind: K): ComponentType<SectionEditorProps<K>> {
  const fields = kindFormFields(kind);
  function KindForm({ editor, doc, onChange, readOnly }: SectionEditorProps<K>) {
    return (
      <KitDocumentFields
        fields={fields}
        doc={doc as object}
        onChange={onChange as unknown as (doc: FormValues) => void}
        readOnly={readOnly}
        serverError={editorServerError(editor)}
      />
    );
  }
  KindForm.displayName = `KindForm(${kind})`;
  return KindForm;
}

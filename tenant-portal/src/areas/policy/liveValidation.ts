import { useLayoutEffect } from 'react';
import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikProps } from 'formik';
import { ValidationError, type AnyObjectSchema } from 'yup';

/** What a rule dialog validates with: Formik's `validationSchema` and `validate`, as it gives them to Formik. */
export interface LiveValidation<V> {
  form: Pick<FormikProps<V>, 'values' | 'setErrors'>;
  schema?: AnyObjectSchema;
  /** As Formik's `validate` prop takes it (synchronous): errors by field. */
  validate?: (values: V) => object | void;
}

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null;

/** Formik's merge of the schema's and validate's errors: objects and arrays merged entry by entry. */
function merged(a: unknown, b: unknown): unknown {
  if (!isTree(a) || !isTree(b)) return b === undefined ? a : b;
  const out: Tree = Array.isArray(a) ? ([...a] as unknown as Tree) : { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = merged(out[key], value);
  return out;
}

/**
 * The errors of `values` now, as Formik would find them: the schema checked synchronously (as
 * Formik prepares the values: '' is undefined), then `validate`. A schema with an asynchronous
 * test cannot be checked so: undefined, and Formik's own validation stands.
 */
export function errorsNow<V>(
  values: V,
  schema?: AnyObjectSchema,
  validate?: (values: V) => object | void,
): FormikErrors<V> | undefined {
  let schemaErrors: FormikErrors<V> = {};
  if (schema)
    try {
      void validateYupSchema(values as object, schema, true);
    } catch (error) {
      if (!ValidationError.isError(error)) return undefined;
      schemaErrors = yupToFormErrors<V>(error);
    }
  return merged(schemaErrors, validate?.(values) ?? {}) as FormikErrors<V>;
}

/**
 * Keeps a rule dialog's errors those of the values it shows, in the same commit (issue 31).
 * Formik validates after each change asynchronously, so the errors, and with them the panels'
 * validity and whether Next and Apply are enabled, came a render after the value: a click on
 * Apply right after the last change (a slow machine, a quick user) hit the button still disabled
 * by the previous value's error, was dropped by the browser, and the dialog stayed open with the
 * edit unapplied. A layout effect's update is drawn before the browser handles another event.
 * Errors set otherwise (a server check's, on submit) stand until the values change.
 */
export function useLiveValidation<V>({ form, schema, validate }: LiveValidation<V>): void {
  const { values, setErrors } = form;
  useLayoutEffect(() => {
    const errors = errorsNow(values, schema, validate);
    if (errors) setErrors(errors);
    // Only a change of the values reruns it: schema and validate are the dialog's, fixed while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values]);
}

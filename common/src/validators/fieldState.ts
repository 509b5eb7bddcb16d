/** What a form library knows about a field (Formik's touched/dirty, a validator's result). */
export interface FieldStatus {
  /** The field's value fails its validators. */
  invalid: boolean;
  /** An error given from outside (e.g. the server's answer naming this field). */
  hasError?: boolean;
  /** The user changed (or left) the field. */
  dirty: boolean;
}

/**
 * The generic error-state rule (docs/shared-ui.md §10): a field shows as in error when it is invalid or has a given
 * error, and is dirty — an untouched form shows no errors.
 */
export function isFieldInError({ invalid, hasError = false, dirty }: FieldStatus): boolean {
  return (invalid || hasError) && dirty;
}

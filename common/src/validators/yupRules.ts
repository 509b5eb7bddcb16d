import * as yup from 'yup';
import type { ValidationErrorKey, Validator } from './errorKeys';
import { maxLength, minLength, noLeadingTrailingSpaces, noLineBreaks } from './text';

/**
 * Yup rules for Formik built on the pure validators: each validator becomes one `.test()` whose
 * error message IS the validator's error key, so the form maps keys to texts in one place.
 */

/** Adds one yup test per validator to a string schema; the first failing validator's key is the message. */
export function withValidators<S extends yup.StringSchema<string | undefined>>(
  schema: S,
  ...validators: Validator[]
): S {
  return validators.reduce(
    (current, validator) =>
      current.test({
        name: validator.name || 'validator',
        test(value, context) {
          const key = validator(value);
          return key === null ? true : context.createError({ message: key });
        },
      }) as S,
    schema,
  );
}

/** A yup string schema (optional unless the caller adds `.required()`) checked by the given validators. */
export function yupString(...validators: Validator[]): yup.StringSchema<string | undefined> {
  return withValidators(yup.string(), ...validators);
}

/** The usual free-text field: 3 to 200 characters after trimming, one line, no leading or trailing spaces. */
export function yupText(min?: number, max?: number): yup.StringSchema<string | undefined> {
  const minlength: Validator = (value) => minLength(value, min);
  const maxlength: Validator = (value) => maxLength(value, max);
  return yupString(minlength, maxlength, noLineBreaks, noLeadingTrailingSpaces);
}

/** The error key of a yup validation error (its message), for tests and for mapping to texts. */
export function errorKeyOf(error: unknown): ValidationErrorKey | string | null {
  return error instanceof yup.ValidationError ? error.message : null;
}

import { characterLength } from './characterLength';
import { isEmptyValue, type ValidationErrorKey } from './errorKeys';
import { PASSWORD_FORBIDDEN_CHARACTERS } from '../api/contract/auth';

/** Text length limits of docs/shared-ui.md §3 / §3, in characters (see characterLength), counted after trimming. */
export const TEXT_MIN_LENGTH = 3;
export const TEXT_MAX_LENGTH = 200;

/** Text length after trimming: at most `max` (default 200) [maxlength]. An empty value passes. */
export function maxLength(
  value: string | null | undefined,
  max = TEXT_MAX_LENGTH,
): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return characterLength(value.trim()) > max ? 'maxlength' : null;
}

/**
 * Text length after trimming: at least `min` (default 3) [minlength]. An empty value passes,
 * and so does a value of spaces only (it is empty after trimming): "required" is a separate rule.
 */
export function minLength(
  value: string | null | undefined,
  min = TEXT_MIN_LENGTH,
): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const length = characterLength(value.trim());
  return length > 0 && length < min ? 'minlength' : null;
}

/**
 * Every character that forces a line break (Unicode's mandatory breaks, UAX #14 classes BK, CR,
 * LF, NL): line feed, vertical tab, form feed, carriage return, next line (U+0085), line
 * separator (U+2028) and paragraph separator (U+2029).
 */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

/** No line breaks (see LINE_BREAK) [lineBreaks]. */
export function noLineBreaks(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return LINE_BREAK.test(value) ? 'lineBreaks' : null;
}

/** No leading or trailing whitespace (spaces, tabs, line breaks) [noLeadingTrailingSpaces]. */
export function noLeadingTrailingSpaces(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return /^\s|\s$/.test(value) ? 'noLeadingTrailingSpaces' : null;
}

/**
 * Integer [invalidInteger]: optional minus sign, then digits; no plus sign, decimal point,
 * exponent, spaces or thousands separators. Leading zeros are accepted ("007" is the integer 7).
 * Integers beyond Number.MAX_SAFE_INTEGER are refused: they cannot be stored exactly.
 */
export function integer(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  if (!/^-?\d+$/.test(value)) return 'invalidInteger';
  return Number.isSafeInteger(Number(value)) ? null : 'invalidInteger';
}

/** Digits-only numeric text, e.g. an account or phone number [invalidNumericInput]. */
export function numericInput(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return /^\d+$/.test(value) ? null : 'invalidNumericInput';
}

/** A valid JavaScript regular expression source (without slashes or flags) [invalidRegex]. */
export function regex(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  try {
    new RegExp(value);
    return null;
  } catch {
    return 'invalidRegex';
  }
}

/** Characters a user name must not contain: ! < backslash, whitespace, single or double quote. */
const USER_NAME_FORBIDDEN = /[!<\\\s'"]/;
/** Characters a password must not contain: ! backslash, whitespace or single quote (the contract's). */
const PASSWORD_FORBIDDEN = PASSWORD_FORBIDDEN_CHARACTERS;

/** User name without ! < \ whitespace ' " [invalidUserName]. */
export function userName(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return USER_NAME_FORBIDDEN.test(value) ? 'invalidUserName' : null;
}

/** Password without ! \ whitespace ' [invalidPassword]. */
export function password(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return PASSWORD_FORBIDDEN.test(value) ? 'invalidPassword' : null;
}

/**
 * File-name style [invalidFileName]: a letter first, then 1 to 20 letters, digits, underscore or
 * hyphen, a dot, then 1 to 3 letters ("report_2024.csv"). ASCII letters only; exactly one dot.
 */
export function fileName(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return /^[A-Za-z][A-Za-z0-9_-]{1,20}\.[A-Za-z]{1,3}$/.test(value) ? null : 'invalidFileName';
}

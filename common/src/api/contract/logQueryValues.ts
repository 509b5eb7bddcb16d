/**
 * Values in the logs query language (logQueryLanguage.ts): when a value must be quoted and how.
 * Apart from the parser so that a page that only prints a value (the dashboard's drill-down into
 * the logs, api/contract/reportDrillDown.ts) does not load the whole language with its first load
 * (bench/README.md "First load"); logQueryLanguage.ts re-exports printValue.
 */
import type { FieldValue } from './logSchema';

/** The language's keywords: a value spelled as one is quoted. */
export const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO']);
/** Characters an unquoted value must escape to keep (the printer backslashes them). */
export const VALUE_SPECIAL = /[\s()[\]":<>=\\*]/;

export const needsQuotes = (text: string) => text === '' || VALUE_SPECIAL.test(text) || KEYWORDS.has(text);
export const quote = (text: string) => `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** A value as query text: bare when it can be, else quoted. */
export function printValue(value: FieldValue): string {
  const text = String(value);
  return needsQuotes(text) ? quote(text) : text;
}

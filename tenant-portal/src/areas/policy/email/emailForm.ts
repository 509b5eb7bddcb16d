/**
 * What the Email Policy forms share (issue 13; docs/shared-ui.md §10 validators): the texts shown for the
 * validators' error keys, the per-value checks of senders, recipients and domains, and the
 * actions e-mail rules take (docs/policy.md §3 action: allow, safeview, block).
 */
import {
  domain,
  email,
  ipv4,
  noLeadingTrailingSpaces,
  noLineBreaks,
  type ValidationErrorKey,
} from '@workbench/common/validators/index';
import {
  NAME_MAX_LENGTH,
  VALUES_MAX,
  domainOrWildcard,
} from '@workbench/common/api/contract/policy-kinds/kindDef';
import { ACTIONS } from '@workbench/common/api/contract/policy-kinds/enumerations';
import { RULE_FORM_MESSAGES } from '../web/ruleForm';
import { actionLabel } from '../web/ruleActions';
import { lines } from '../web/listEdits';

/** The texts of the validators' keys (they give keys only, docs/shared-ui.md §10), the web forms' and e-mail's. */
export const EMAIL_FORM_MESSAGES: Record<string, string> = {
  ...RULE_FORM_MESSAGES,
  invalidEmail: 'Enter an e-mail address like name@example.com.',
  invalidDomain: 'Enter a domain like example.com.',
  invalidWildcardDomain: 'Enter a domain like example.com or *.example.com.',
  invalidSender: 'Enter a domain (example.com, *.example.com) or an address (name@example.com).',
  invalidInteger: 'Enter a whole number.',
  duplicate: 'This is listed already.',
  invalidExtension: 'Enter an extension of letters and digits, like pdf.',
  invalidMimeType: 'Enter a MIME type like application/pdf.',
};

export const emailMessage = (key: string | null | undefined): string | undefined =>
  key ? (EMAIL_FORM_MESSAGES[key] ?? key) : undefined;

/** A sender is an address or a domain (*.domain covers its subdomains), as the registry checks. */
export const senderKey = (value: string): string | null =>
  value.includes('@') ? email(value) : domainOrWildcard(value) ? 'invalidSender' : null;

export const emailKey = (value: string): ValidationErrorKey | null => email(value);
export const domainKey = (value: string): ValidationErrorKey | null => domain(value);
export const wildcardDomainKey = (value: string): string | null =>
  domainOrWildcard(value) ? 'invalidWildcardDomain' : null;
export const ipKey = (value: string): ValidationErrorKey | null => ipv4(value);

/**
 * The error text of a one-value-per-line (or comma-separated) field: the first value the check
 * refuses, named by its position, or a repeat; undefined when every value is fine.
 */
export function listError(
  text: string,
  check: (value: string) => string | null,
  options: { required?: boolean; maxLength?: number; separator?: 'lines' | 'commas' } = {},
): string | undefined {
  const values = splitValues(text, options.separator);
  if (options.required && values.length === 0) return EMAIL_FORM_MESSAGES.required;
  if (values.length > VALUES_MAX) return EMAIL_FORM_MESSAGES.tooMany;
  const seen = new Set<string>();
  const noun = options.separator === 'commas' ? 'Value' : 'Line';
  for (const [i, value] of values.entries()) {
    const key =
      value.length > (options.maxLength ?? 254) ? 'maxlength' : seen.has(value) ? 'duplicate' : check(value);
    if (key) return `${noun} ${i + 1}: ${emailMessage(key)}`;
    seen.add(value);
  }
  return undefined;
}

/** Values of a field: one per line (or comma-separated), trimmed, lower-case, blanks dropped. */
export function splitValues(text: string, separator: 'lines' | 'commas' = 'lines'): string[] {
  const parts = separator === 'commas' ? text.split(/[,\s]+/) : lines(text);
  return parts.map((v) => v.trim().toLowerCase()).filter((v) => v !== '');
}

/** A rule or list name: required, one line, no outer spaces, at most NAME_MAX_LENGTH. */
export function nameError(value: string): string | undefined {
  if (value.trim() === '') return EMAIL_FORM_MESSAGES.required;
  if (value.length > NAME_MAX_LENGTH) return EMAIL_FORM_MESSAGES.maxlength;
  return emailMessage(noLineBreaks(value) ?? noLeadingTrailingSpaces(value));
}

export type EmailAction = (typeof ACTIONS)[number];
/** The actions of e-mail rules, labelled as the policy-enforcement vocabulary does ('safeview' is Isolate). */
export const EMAIL_ACTION_OPTIONS: ReadonlyArray<{ code: EmailAction; label: string }> = ACTIONS.map(
  (code) => ({ code, label: actionLabel(code) }),
);
export { actionLabel };

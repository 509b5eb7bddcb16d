/**
 * The validators' error keys (docs/shared-ui.md §10, "Form validators (error key in
 * brackets)"). Validators give no user-facing messages, only these keys (docs/shared-ui.md §10); the form shows the
 * text it maps a key to.
 *
 * Keys the spec names are used verbatim. Where the spec names a rule but no key (file-name style,
 * URL length, CIDR prefixes, single port), the key below is our decision: invalidFileName,
 * invalidUrl, invalidCidr, invalidPort.
 */
export const VALIDATION_ERROR_KEYS = [
  'maxlength',
  'minlength',
  'lineBreaks',
  'noLeadingTrailingSpaces',
  'invalidInteger',
  'invalidNumericInput',
  'invalidRegex',
  'invalidUserName',
  'invalidPassword',
  'invalidFileName',
  'invalidEmail',
  'invalidHostname',
  'invalidIP',
  'invalidIpRange',
  'invalidHostnameOrIp',
  'invalidDomain',
  'nonStandardDomainOrIP',
  'nonStandardIp',
  'invalidPortOrPortRange',
  'invalidPort',
  'invalidCert',
  'invalidUriStartsWith',
  'invalidUrl',
  'invalidPath',
  'invalidCidr',
] as const;

export type ValidationErrorKey = (typeof VALIDATION_ERROR_KEYS)[number];

/**
 * A validator: a pure function of the field's value that returns its error key, or null when the
 * value is valid. Every validator lets an empty value ('' / null / undefined) pass: whether a
 * field is required is a separate rule of the form.
 */
export type Validator = (value: string | null | undefined) => ValidationErrorKey | null;

/** True for '' / null / undefined: the value every validator lets pass. */
export const isEmptyValue = (value: string | null | undefined): value is '' | null | undefined =>
  value === '' || value === null || value === undefined;

/**
 * The entry forms of the DLP lists other than rules (issue 13): groups, dictionaries, auditors and
 * auditor profiles, as fields of the shared entry dialog (web/EntryDialog) with common's
 * validators, and the conversions from and to the documents' entries.
 */
import { email, noLeadingTrailingSpaces, noLineBreaks, regex } from '@workbench/common/validators/index';
import {
  COMMENT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  VALUES_MAX,
} from '@workbench/common/api/contract/policy-kinds/kindDef';
import { DLP_THRESHOLD_MAX } from '@workbench/common/api/contract/policy-kinds/dlpKinds';
import type { StringMatch } from '@workbench/common/api/contract/policy-kinds/webKinds';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import type { EntryField, EntryValues } from '../web/EntryDialog';
import { lines } from '../web/listEdits';
import { dlpMessage } from './dlpRuleForm';

export type Dictionary = PolicyData<'dlp_dicts'>['overrides'][number];
export type Auditor = PolicyData<'dlp_auditors'>['list'][number];
export type AuditorProfile = PolicyData<'auditor_profiles/list'>['list'][number];

/** A name field that must not repeat another entry's name of the same list (case-insensitive). */
export const uniqueNameField = (others: readonly string[]): EntryField => ({
  name: 'name',
  label: 'Name',
  type: 'text',
  validate: (v) => {
    if (v.trim() === '') return dlpMessage('required');
    if (v.length > NAME_MAX_LENGTH) return dlpMessage('maxlength');
    const key = noLineBreaks(v) ?? noLeadingTrailingSpaces(v);
    if (key) return dlpMessage(key);
    return others.some((o) => o.toLowerCase() === v.toLowerCase())
      ? 'Another entry already has this name.'
      : undefined;
  },
});

export const descriptionField: EntryField = {
  name: 'description',
  label: 'Description',
  type: 'text',
  validate: (v) => (v.length > COMMENT_MAX_LENGTH ? dlpMessage('maxlength') : undefined),
};

/** Each line checked by `check`; the first bad one named: "Line 2: …". */
export const eachLine =
  (check: (v: string) => string | undefined, required = false) =>
  (text: string): string | undefined => {
    const values = lines(text);
    if (required && values.length === 0) return dlpMessage('required');
    if (values.length > VALUES_MAX) return dlpMessage('tooMany');
    for (const [i, v] of values.entries()) {
      const error = check(v);
      if (error) return `Line ${i + 1}: ${error}`;
    }
    return undefined;
  };

const optionalDescription = (values: EntryValues): { description?: string } => {
  const d = String(values.description ?? '').trim();
  return d ? { description: d } : {};
};

// Dictionaries -------------------------------------------------------------------------------------

/**
 * A custom dictionary's patterns, one per line: `regex: PX-[0-9]{4}`, `equal: …`, `starts_with: …`,
 * `ends_with: …`; a line without one of these prefixes is matched as `contains`.
 */
export function parsePattern(line: string): { match: StringMatch; value: string } {
  const m = /^(regex|equal|starts_with|ends_with|contains):\s?(.*)$/.exec(line);
  return m ? { match: m[1] as StringMatch, value: m[2] } : { match: 'contains', value: line };
}

export const patternLine = (p: { match: string; value: string }): string =>
  p.match === 'contains' && !/^(regex|equal|starts_with|ends_with|contains):/.test(p.value)
    ? p.value
    : `${p.match}: ${p.value}`;

export const THRESHOLD_ERROR = `A whole number from 1 to ${DLP_THRESHOLD_MAX}.`;

export const dictionaryFields = (
  otherNames: readonly string[],
  predefined: ReadonlyArray<{ code: string; label: string }>,
  isNew: boolean,
): EntryField[] => [
  ...(isNew
    ? [
        {
          name: 'source',
          label: 'Kind',
          type: 'select' as const,
          options: [
            { code: 'predefined', label: 'Predefined (compliance list)' },
            { code: 'custom', label: 'Custom (own patterns)' },
          ],
        },
        {
          name: 'predefined',
          label: 'Compliance list',
          type: 'select' as const,
          options: predefined,
          shown: (v: EntryValues) => v.source === 'predefined',
          validate: (v: string) => (v === '' ? dlpMessage('required') : undefined),
        },
      ]
    : []),
  { ...uniqueNameField(otherNames), shown: (v) => v.source === 'custom' || !isNew },
  { name: 'enabled', label: 'Enabled', type: 'switch' },
  {
    name: 'threshold',
    label: 'Matches in one transfer before it counts',
    type: 'text',
    validate: (v) =>
      /^[1-9][0-9]*$/.test(v) && Number(v) <= DLP_THRESHOLD_MAX ? undefined : THRESHOLD_ERROR,
  },
  {
    name: 'patterns',
    label: 'Patterns (one per line; prefix regex:, equal:, starts_with: or ends_with:, else contains)',
    type: 'text',
    multiline: true,
    validate: (text, values) =>
      eachLine((line) => {
        const p = parsePattern(line);
        if (p.value === '') return dlpMessage('required');
        if (p.value.length > 1024) return dlpMessage('maxlength');
        return p.match === 'regex' ? dlpMessage(regex(p.value) ?? undefined) : undefined;
      }, values.source === 'custom')(text),
  },
  {
    name: 'exceptions',
    label: 'Values never counted (one per line, e.g. test card numbers)',
    type: 'text',
    multiline: true,
    validate: eachLine((v) => (v.length > 1024 ? dlpMessage('maxlength') : undefined)),
  },
];

export const dictionaryValues = (d: Dictionary | null): EntryValues => ({
  source: d?.source ?? 'custom',
  predefined: '',
  name: d?.name ?? '',
  enabled: d?.enabled ?? true,
  threshold: String(d?.threshold ?? 1),
  patterns: (d?.patterns ?? []).map(patternLine).join('\n'),
  exceptions: (d?.exceptions ?? []).join('\n'),
});

/**
 * The dictionary the form describes. A new predefined one takes the compliance list's id and
 * name (the engine knows it by that id); an existing one keeps its id and source.
 */
export function dictionaryOf(
  values: EntryValues,
  base: Dictionary | null,
  newId: string,
  predefined: ReadonlyArray<{ code: string; label: string }>,
): Dictionary {
  const source = base?.source ?? (values.source === 'predefined' ? 'predefined' : 'custom');
  const list =
    !base && source === 'predefined' ? predefined.find((p) => p.code === values.predefined) : undefined;
  return {
    id: base?.id ?? list?.code ?? newId,
    name: list?.label ?? String(values.name),
    source,
    enabled: Boolean(values.enabled),
    threshold: Number(values.threshold),
    patterns: lines(String(values.patterns)).map(parsePattern),
    exceptions: lines(String(values.exceptions)),
  };
}

// Auditors ------------------------------------------------------------------------------------------

/** Which DLP actions' matches are mailed (notify_on), as the choices a person makes. */
export const NOTIFY_OPTIONS = [
  { code: 'block', label: 'Blocked transfers' },
  { code: 'log', label: 'Logged transfers' },
  { code: 'block,log', label: 'Blocked and logged transfers' },
  { code: 'allow,block,log', label: 'Every match (also skipped inspection)' },
];

const notifyCode = (notifyOn: readonly string[]): string => {
  const order = ['allow', 'block', 'log'];
  return [...notifyOn].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(',');
};

export const auditorFields = (
  otherNames: readonly string[],
  otherEmails: readonly string[],
): EntryField[] => [
  uniqueNameField(otherNames),
  {
    name: 'email',
    label: 'E-mail address',
    type: 'text',
    validate: (v) => {
      if (v === '') return dlpMessage('required');
      const key = email(v) ?? (v.length > 254 ? 'maxlength' : null);
      if (key) return dlpMessage(key);
      return otherEmails.some((o) => o.toLowerCase() === v.toLowerCase())
        ? 'Another auditor already has this address.'
        : undefined;
    },
  },
  { name: 'notify_on', label: 'Told of', type: 'select', options: NOTIFY_OPTIONS },
  {
    name: 'attach_file',
    label: 'Attach the matching file (in a password-protected archive)',
    type: 'switch',
  },
];

export const auditorValues = (a: Auditor | null): EntryValues => ({
  name: a?.name ?? '',
  email: a?.email ?? '',
  notify_on: a ? notifyCode(a.notify_on) : 'block',
  attach_file: a?.attach_file ?? false,
});

/** Options for the auditor's current notify_on, with its own combination when it is none of the usual. */
export const notifyOptionsFor = (a: Auditor | null) => {
  const code = a ? notifyCode(a.notify_on) : 'block';
  return NOTIFY_OPTIONS.some((o) => o.code === code)
    ? NOTIFY_OPTIONS
    : [...NOTIFY_OPTIONS, { code, label: code.replace(/,/g, ', ') }];
};

export const auditorOf = (values: EntryValues, id: string): Auditor => ({
  id,
  name: String(values.name),
  email: String(values.email).trim(),
  notify_on: String(values.notify_on).split(','),
  attach_file: Boolean(values.attach_file),
});

// Auditor profiles ------------------------------------------------------------------------------------

export const profileFields = (
  otherNames: readonly string[],
  auditors: ReadonlyArray<{ id: string; name: string }>,
): EntryField[] => [
  uniqueNameField(otherNames),
  {
    name: 'auditors',
    label: 'Auditors (names, one per line)',
    type: 'text',
    multiline: true,
    helperText: `Known auditors: ${auditors.map((a) => a.name).join(', ') || 'none yet (add them under Auditors)'}.`,
    validate: eachLine(
      (v) => (auditors.some((a) => a.name === v) ? undefined : 'No auditor has this name.'),
      true,
    ),
  },
  descriptionField,
];

export const profileValues = (
  p: AuditorProfile | null,
  auditors: ReadonlyArray<{ id: string; name: string }>,
): EntryValues => ({
  name: p?.name ?? '',
  auditors: (p?.auditors ?? []).map((id) => auditors.find((a) => a.id === id)?.name ?? id).join('\n'),
  description: p?.description ?? '',
});

export const profileOf = (
  values: EntryValues,
  id: string,
  auditors: ReadonlyArray<{ id: string; name: string }>,
): AuditorProfile => ({
  id,
  name: String(values.name),
  auditors: [
    ...new Set(lines(String(values.auditors)).map((n) => auditors.find((a) => a.name === n)?.id ?? n)),
  ],
  ...optionalDescription(values),
});

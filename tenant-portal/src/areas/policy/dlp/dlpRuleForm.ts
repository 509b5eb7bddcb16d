/**
 * The DLP rule editor's form (issue 13; docs/glossary.md §2 dlp action, docs/policy.md §3 dlp body dlp.rules;
 * docs/shared-ui.md §9 validators): Formik values, the yup rules on common's validators, and the
 * conversion from and to a rule of the dlp kind. Lists are typed one value per line. Conditions
 * and the schedule the form does not show are kept as they were.
 */
import * as yup from 'yup';
import {
  domain,
  ipOrIpRange,
  noLeadingTrailingSpaces,
  noLineBreaks,
  type ValidationErrorKey,
} from '@workbench/common/validators/index';
import {
  COMMENT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  VALUES_MAX,
} from '@workbench/common/api/contract/policy-kinds/kindDef';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { DLP_ACTIONS, RESOURCE_CATEGORIES } from '@workbench/common/vocabularies/index';
import { lines } from '../web/listEdits';
import { RULE_FORM_MESSAGES, ruleMessage } from '../web/ruleForm';

export type DlpRulesDoc = PolicyData<'dlp'>;
export type DlpRule = DlpRulesDoc['dlp']['rules'][number];
export type DlpDirection = DlpRule['direction'];

export const DLP_ACTION_OPTIONS = DLP_ACTIONS.map((a) => ({ code: a.code, label: a.label }));

export const DIRECTION_OPTIONS: ReadonlyArray<{ code: DlpDirection; label: string }> = [
  { code: 'uploads', label: 'Uploads' },
  { code: 'downloads', label: 'Downloads' },
  { code: 'uploadsAndDownloads', label: 'Uploads and downloads' },
  { code: 'all', label: 'All transfers (also form posts and pages)' },
];

export const RESOURCE_OPTIONS = RESOURCE_CATEGORIES.map((r) => ({ code: r.code, label: r.label }));

export interface DlpRuleFormValues {
  name: string;
  enabled: boolean;
  action: string;
  direction: DlpDirection;
  dictionaries: string[];
  logic: 'and' | 'or';
  resources: string[];
  notifyUser: boolean;
  auditors: string[];
  users: string;
  groups: string;
  domains: string;
  sourceIps: string;
  comment: string;
}

export function dlpRuleFormValues(rule: DlpRule | null): DlpRuleFormValues {
  const c = rule?.conditions ?? {};
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    action: rule?.action ?? 'block',
    direction: rule?.direction ?? 'uploads',
    dictionaries: [...(rule?.dictionaries ?? [])],
    logic: rule?.logic ?? 'or',
    resources: [...(rule?.resources ?? [])],
    notifyUser: rule?.notify_user ?? true,
    auditors: [...(rule?.auditors ?? [])],
    users: (c.users ?? []).join('\n'),
    groups: (c.groups ?? []).join('\n'),
    domains: (c.domain ?? []).join('\n'),
    sourceIps: (c.source_ip_ranges ?? []).join('\n'),
    comment: rule?.comment ?? '',
  };
}

/** The rule the form describes; `base` keeps its id, schedule and the conditions the form does not show. */
export function dlpRuleFromForm(values: DlpRuleFormValues, base: DlpRule | null, id: string): DlpRule {
  const conditions: DlpRule['conditions'] = { ...(base?.conditions ?? {}) };
  const set = (key: 'users' | 'groups' | 'domain' | 'source_ip_ranges', text: string) => {
    const list = lines(text);
    if (list.length) conditions[key] = list;
    else delete conditions[key];
  };
  set('users', values.users);
  set('groups', values.groups);
  set('domain', values.domains);
  set('source_ip_ranges', values.sourceIps);
  const comment = values.comment.trim();
  return {
    id,
    name: values.name,
    enabled: values.enabled,
    conditions,
    ...(base?.schedule ? { schedule: base.schedule } : {}),
    direction: values.direction,
    action: values.action,
    dictionaries: values.dictionaries,
    logic: values.logic,
    auditors: values.auditors,
    resources: values.resources,
    notify_user: values.notifyUser,
    ...(comment ? { comment } : {}),
  };
}

export const DLP_RULE_MESSAGES: Record<string, string> = {
  ...RULE_FORM_MESSAGES,
  noDictionary: 'Choose at least one dictionary.',
  invalidEmail: 'Enter an e-mail address like name@example.com.',
};

export const dlpMessage = (key: string | undefined): string | undefined =>
  key === undefined ? undefined : (DLP_RULE_MESSAGES[key] ?? ruleMessage(key));

/** A one-value-per-line field: each line checked by the validator; the error names the line. */
export function linesRule(validator: ((v: string) => ValidationErrorKey | null) | null, maxLength = 253) {
  return yup.string().test('lines', function check(text) {
    const values = lines(text ?? '');
    if (values.length > VALUES_MAX) return this.createError({ message: DLP_RULE_MESSAGES.tooMany });
    for (const [i, value] of values.entries()) {
      const key = value.length > maxLength ? 'maxlength' : validator?.(value);
      if (key) return this.createError({ message: `Line ${i + 1}: ${dlpMessage(key)}` });
    }
    return true;
  });
}

/** A one-line name: required, at most NAME_MAX_LENGTH, no line breaks or outer spaces. */
export const nameRule = yup
  .string()
  .required('required')
  .max(NAME_MAX_LENGTH, 'maxlength')
  .test('lineBreaks', 'lineBreaks', (v) => noLineBreaks(v) === null)
  .test('noLeadingTrailingSpaces', 'noLeadingTrailingSpaces', (v) => noLeadingTrailingSpaces(v) === null);

const domainOrWildcard = (v: string) => domain(v.startsWith('*.') ? v.slice(2) : v);

export const dlpRuleFormSchema = yup.object({
  name: nameRule,
  dictionaries: yup.array().min(1, 'noDictionary'),
  users: linesRule(null),
  groups: linesRule(null),
  domains: linesRule(domainOrWildcard),
  sourceIps: linesRule(ipOrIpRange, 64),
  comment: yup.string().max(COMMENT_MAX_LENGTH, 'maxlength'),
});

/** Shared pieces of the simple list sections' entry forms (built on common's validators). */
import { noLeadingTrailingSpaces, noLineBreaks, regex } from '@workbench/common/validators/index';
import { COMMENT_MAX_LENGTH, NAME_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { STRING_MATCHES } from '@workbench/common/api/contract/policy-kinds/webKinds';
import type { EntryField, EntryValues } from './EntryDialog';
import { RULE_ACTION_OPTIONS } from './ruleActions';
import { ruleMessage } from './ruleForm';

export const nameField: EntryField = {
  name: 'name',
  label: 'Name',
  type: 'text',
  validate: (v) => {
    if (v.trim() === '') return ruleMessage('required');
    if (v.length > NAME_MAX_LENGTH) return ruleMessage('maxlength');
    return ruleMessage(noLineBreaks(v) ?? noLeadingTrailingSpaces(v) ?? undefined);
  },
};

export const actionField: EntryField = {
  name: 'action',
  label: 'Action',
  type: 'select',
  options: RULE_ACTION_OPTIONS,
};

export const enabledField: EntryField = { name: 'enabled', label: 'Enabled', type: 'switch' };

export const commentField: EntryField = {
  name: 'comment',
  label: 'Comment',
  type: 'text',
  validate: (v) => (v.length > COMMENT_MAX_LENGTH ? ruleMessage('maxlength') : undefined),
};

export const MATCH_OPTIONS = STRING_MATCHES.map((code) => ({
  code,
  label: {
    starts_with: 'Starts with',
    ends_with: 'Ends with',
    contains: 'Contains',
    equal: 'Equals',
    regex: 'Regular expression',
  }[code],
}));

/** A pattern: required, and a valid regular expression when matched as one. */
export const patternValidator =
  (maxLength: number) =>
  (v: string, values: EntryValues): string | undefined => {
    if (v === '') return ruleMessage('required');
    if (v.length > maxLength) return ruleMessage('maxlength');
    return values.match === 'regex' ? ruleMessage(regex(v) ?? undefined) : undefined;
  };

/** A comment kept only when it says something. */
export const commentOf = (values: EntryValues): { comment?: string } => {
  const comment = String(values.comment ?? '').trim();
  return comment ? { comment } : {};
};

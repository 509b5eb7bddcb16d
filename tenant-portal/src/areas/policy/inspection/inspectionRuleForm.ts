/**
 * The content-inspection rule editor's form: the web rule form's shared parts (name, on/off,
 * conditions, schedule, comment: ../web/ruleForm.ts, built on common's validators) plus each
 * rule kind's own fields (inspectionKinds.ts):
 *
 * - exception (inspection/exceptions, global pre/post): an inspection action (docs/glossary.md §2:
 *   allow Mark as Clean, block Mark as Infected, inspect) and the SHA-256 hashes it settles;
 * - content (v3 file types): direction, extensions, file action, CDR;
 * - docs (v4 documents): direction, extensions, file action, download, print, password-protected;
 * - contentV4 (v4 file types): direction, content types (GET /api/policy/v4/content_types), action.
 */
import * as yup from 'yup';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { DIRECTIONS } from '@workbench/common/api/contract/policy-kinds/enumerations';
import {
  FILE_ACTIONS,
  PASSWORD_PROTECTED_HANDLING,
} from '@workbench/common/api/contract/policy-kinds/inspectionKinds';
import {
  INSPECTION_ACTIONS,
  POLICY_ENFORCEMENT_ACTIONS,
  vocabularyLabel,
} from '@workbench/common/vocabularies/index';
import { lines } from '../web/listEdits';
import {
  RULE_FORM_MESSAGES,
  ruleFormSchema,
  ruleFormValues,
  ruleFromForm,
  ruleMessage,
  type RuleFormValues,
  type WebRule,
} from '../web/ruleForm';

export type ExceptionRule = PolicyData<'inspection/exceptions'>['list'][number];
export type ContentRule = PolicyData<'content'>['list'][number];
export type DocRule = PolicyData<'v4/docs'>['list'][number];
export type ContentV4Rule = PolicyData<'v4/content'>['list'][number];
export type InspectionRule = ExceptionRule | ContentRule | DocRule | ContentV4Rule;
export type InspectionRuleKind = 'exception' | 'content' | 'docs' | 'contentV4';
export type Direction = (typeof DIRECTIONS)[number];

/** The rule type of each rule kind. */
export interface RuleOf {
  exception: ExceptionRule;
  content: ContentRule;
  docs: DocRule;
  contentV4: ContentV4Rule;
}

export interface InspectionRuleFormValues extends Omit<RuleFormValues, 'action'> {
  action: string;
  /** One hash per line (exception rules). */
  sha256: string;
  direction: Direction;
  /** Extensions, separated by commas, spaces or lines (content and docs rules). */
  fileTypes: string;
  cdr: boolean;
  allowDownload: boolean;
  allowPrint: boolean;
  passwordProtected: (typeof PASSWORD_PROTECTED_HANDLING)[number];
  /** Content type names (v4 rules); each keeps the sub-entries it had (new ones: all of them). */
  contentTypes: string[];
}

export const DIRECTION_OPTIONS: ReadonlyArray<{ code: Direction; label: string }> = [
  { code: 'downloads', label: 'Downloads' },
  { code: 'uploads', label: 'Uploads' },
  { code: 'uploadsAndDownloads', label: 'Uploads and downloads' },
  { code: 'all', label: 'All transfers' },
];
export const directionLabel = (code: string): string =>
  DIRECTION_OPTIONS.find((d) => d.code === code)?.label ?? code;

/** How a file opens: the policy-enforcement vocabulary's labels ('safeview' is Isolate). */
export const FILE_ACTION_OPTIONS = FILE_ACTIONS.map((code) => ({
  code,
  label: vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, code),
}));
export const INSPECTION_ACTION_OPTIONS = INSPECTION_ACTIONS.map((a) => ({ code: a.code, label: a.label }));
export const PASSWORD_PROTECTED_OPTIONS: ReadonlyArray<{
  code: (typeof PASSWORD_PROTECTED_HANDLING)[number];
  label: string;
}> = [
  { code: 'prompt', label: 'Ask the user for the password' },
  { code: 'allow', label: 'Allow without inspecting' },
  { code: 'block', label: 'Block' },
];

/** The actions a rule kind offers. */
export const actionOptions = (kind: InspectionRuleKind) =>
  kind === 'exception' ? INSPECTION_ACTION_OPTIONS : FILE_ACTION_OPTIONS;
export const ruleActionLabel = (kind: InspectionRuleKind, code: string): string =>
  actionOptions(kind).find((a) => a.code === code)?.label ?? code;

const HASH = /^[a-f0-9]{64}$/;
const EXTENSION = /^[a-z0-9]{1,16}$/;

/** Messages of the fields the web rule form does not have (keys are ours; docs/shared-ui.md §9 maps keys to text). */
export const INSPECTION_FORM_MESSAGES: Record<string, string> = {
  ...RULE_FORM_MESSAGES,
  invalidSha256: 'Enter 64 hexadecimal characters.',
  invalidExtension: 'Enter extensions like pdf or docx: letters and digits, at most 16.',
  duplicateExtension: 'An extension is listed twice.',
  noFileTypes: 'Enter at least one extension.',
  noContentTypes: 'Choose at least one content type.',
  tooManyHashes: 'At most 1000 hashes.',
  invalidInteger: 'Enter a whole number.',
  noInspectionTypes: 'Choose at least one way to inspect.',
  required: 'Required.',
};
export const inspectionMessage = (key: string | undefined): string | undefined =>
  key === undefined ? undefined : (INSPECTION_FORM_MESSAGES[key] ?? ruleMessage(key));

/** Extensions as typed: lower-cased, a leading dot dropped, split at commas, spaces and lines. */
export const extensionsOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
    .filter((e) => e !== '');

/** A rule with the web rule's shape, so the shared form's conversions read its common parts. */
const asWebRule = (rule: InspectionRule | null): WebRule | null =>
  rule
    ? {
        id: rule.id,
        name: rule.name,
        enabled: rule.enabled,
        action: 'block',
        conditions: rule.conditions,
        ...(rule.schedule ? { schedule: rule.schedule } : {}),
        ...(rule.comment !== undefined ? { comment: rule.comment } : {}),
      }
    : null;

const has = <K extends string>(
  rule: InspectionRule | null,
  key: K,
): rule is InspectionRule & Record<K, unknown> => rule !== null && key in rule;

export function inspectionRuleFormValues(
  kind: InspectionRuleKind,
  rule: InspectionRule | null,
): InspectionRuleFormValues {
  const common = ruleFormValues(asWebRule(rule));
  return {
    ...common,
    action: rule?.action ?? (kind === 'exception' ? 'inspect' : 'block'),
    sha256: has(rule, 'sha256') ? (rule as ExceptionRule).sha256.join('\n') : '',
    direction: has(rule, 'direction') ? (rule as ContentRule).direction : 'downloads',
    fileTypes: has(rule, 'file_types') ? (rule as ContentRule).file_types.join(', ') : '',
    cdr: has(rule, 'cdr') ? (rule as ContentRule).cdr : false,
    allowDownload: has(rule, 'allow_download') ? (rule as DocRule).allow_download : true,
    allowPrint: has(rule, 'allow_print') ? (rule as DocRule).allow_print : true,
    passwordProtected: has(rule, 'password_protected') ? (rule as DocRule).password_protected : 'prompt',
    contentTypes: has(rule, 'content_types') ? (rule as ContentV4Rule).content_types.map((c) => c.name) : [],
  };
}

/** The rule the form describes; `base` keeps its id, hidden conditions and content-type sub-entries. */
export function inspectionRuleFromForm<K extends InspectionRuleKind>(
  kind: K,
  values: InspectionRuleFormValues,
  base: RuleOf[K] | null,
  id: string,
): RuleOf[K] {
  const { action: _web, ...common } = ruleFromForm({ ...values, action: 'block' }, asWebRule(base), id);
  const direction = values.direction;
  let rule: InspectionRule;
  switch (kind) {
    case 'exception':
      rule = { ...common, action: values.action, sha256: lines(values.sha256).map((h) => h.toLowerCase()) };
      break;
    case 'content':
      rule = {
        ...common,
        direction,
        file_types: extensionsOf(values.fileTypes),
        action: values.action as ContentRule['action'],
        cdr: values.cdr,
      };
      break;
    case 'docs':
      rule = {
        ...common,
        direction,
        file_types: extensionsOf(values.fileTypes),
        action: values.action as DocRule['action'],
        allow_download: values.allowDownload,
        allow_print: values.allowPrint,
        password_protected: values.passwordProtected,
      };
      break;
    default: {
      const before = new Map(
        ((base as ContentV4Rule | null)?.content_types ?? []).map((c) => [c.name, c.entries]),
      );
      rule = {
        ...common,
        direction,
        content_types: values.contentTypes.map((name) => ({ name, entries: before.get(name) ?? [] })),
        action: values.action as ContentV4Rule['action'],
      };
    }
  }
  return rule as RuleOf[K];
}

const fileTypesRule = yup.string().test('fileTypes', function check(text) {
  const values = extensionsOf(text ?? '');
  if (values.length === 0) return this.createError({ message: 'noFileTypes' });
  if (values.length > 200) return this.createError({ message: 'tooMany' });
  const bad = values.find((e) => !EXTENSION.test(e));
  if (bad !== undefined) return this.createError({ message: 'invalidExtension' });
  if (new Set(values).size !== values.length) return this.createError({ message: 'duplicateExtension' });
  return true;
});

const sha256Rule = yup.string().test('sha256', function check(text) {
  const values = lines(text ?? '');
  if (values.length > 1000) return this.createError({ message: 'tooManyHashes' });
  for (const [i, value] of values.entries())
    if (!HASH.test(value.toLowerCase()))
      return this.createError({ message: `Line ${i + 1}: ${INSPECTION_FORM_MESSAGES.invalidSha256}` });
  return true;
});

/** The form's rules: the web rule form's, and the fields this kind shows. */
export function inspectionRuleSchema(kind: InspectionRuleKind) {
  return ruleFormSchema.shape({
    sha256: kind === 'exception' ? sha256Rule : yup.string(),
    fileTypes: kind === 'content' || kind === 'docs' ? fileTypesRule : yup.string(),
    contentTypes:
      kind === 'contentV4' ? yup.array(yup.string()).min(1, 'noContentTypes') : yup.array(yup.string()),
  });
}

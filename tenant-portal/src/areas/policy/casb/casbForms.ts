/**
 * The cloud-app entry forms (docs/policy.md §3 exceptions.list, appRules, profiles.list; §4
 * app_links; docs/shared-ui.md §10 validators): Formik values, yup rules and the conversion to and from
 * the casb kinds' entries. The name, users, groups and comment rules are the web rule form's own
 * (ruleFormSchema), so a name or a user list reads the same error in every policy editor.
 * Conditions a form does not show are kept as they were.
 */
import * as yup from 'yup';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import {
  CASB_ACTIVITIES,
  CASB_EXCEPTION_ACTIONS,
  CASB_RULE_ACTIONS,
} from '@workbench/common/api/contract/policy-kinds/casbKinds';
import { COMMENT_MAX_LENGTH, domainOrWildcard } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { POLICY_ENFORCEMENT_ACTIONS, vocabularyLabel } from '@workbench/common/vocabularies/index';
import { httpsUrl } from '@workbench/common/validators/urls';
import { lines } from '../web/listEdits';
import { ruleFormSchema, ruleMessage } from '../web/ruleForm';

export type AppRulesDoc = PolicyData<'casb/app_rules'>;
export type AppRule = AppRulesDoc['appRules'][number];
export type CasbExceptionsDoc = PolicyData<'casb/exceptions'>;
export type CasbException = CasbExceptionsDoc['exceptions']['list'][number];
export type ProfilesDoc = PolicyData<'casb/profiles'>;
export type Profile = ProfilesDoc['profiles']['list'][number];
export type DomainList = NonNullable<ProfilesDoc['domain_lists']>[number];
export type AppLinksDoc = PolicyData<'profiles/app_links'>;
export type AppLink = AppLinksDoc['list'][number];

export type Activity = (typeof CASB_ACTIVITIES)[number];
export type AppRuleAction = (typeof CASB_RULE_ACTIONS)[number];
export type ExceptionAction = (typeof CASB_EXCEPTION_ACTIONS)[number];

export const ACTIVITY_LABELS: Record<Activity, string> = {
  login: 'Log in',
  view: 'View',
  upload: 'Upload',
  download: 'Download',
  share: 'Share',
  post: 'Post',
  edit: 'Edit',
  delete: 'Delete',
};

/** Actions labelled as the policy-enforcement vocabulary does ('safeview' is Isolate). */
export const enforcementLabel = (code: string): string => vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, code);

/** Messages of the cloud-app forms beyond the web rule form's (validators give keys only, docs/shared-ui.md §10). */
export const CASB_MESSAGES = {
  noApps: 'Choose at least one app.',
  noActivities: 'Choose at least one activity.',
  noProfile: 'Choose a profile.',
  noApp: 'Choose an app.',
  noDomains: 'Enter at least one domain.',
  nameTaken: 'Another entry has this name.',
  ddlUrl: 'Enter an https URL, e.g. https://lists.example.com/domains.txt.',
} as const;

export const casbMessage = (key: string | undefined): string | undefined =>
  key === undefined ? undefined : ((CASB_MESSAGES as Record<string, string>)[key] ?? ruleMessage(key));

/** One domain per line, each a domain or *.domain; the error names the line. */
export const domainLines = (required: boolean) =>
  yup.string().test('domains', function check(text) {
    const values = lines(text ?? '');
    if (required && values.length === 0) return this.createError({ message: CASB_MESSAGES.noDomains });
    for (const [i, value] of values.entries()) {
      const key = value.length > 253 ? 'maxlength' : domainOrWildcard(value);
      if (key) return this.createError({ message: `Line ${i + 1}: ${ruleMessage(key)}` });
    }
    return true;
  });

const name = ruleFormSchema.fields.name as yup.StringSchema;
const comment = yup.string().max(COMMENT_MAX_LENGTH, 'maxlength');

/** Who a scoped rule applies to (conditions.users / groups): empty is everyone. */
interface Scope {
  users: string;
  groups: string;
}
const scopeSchema = { users: ruleFormSchema.fields.users, groups: ruleFormSchema.fields.groups };
const scopeOf = (c: AppRule['conditions'] | undefined): Scope => ({
  users: (c?.users ?? []).join('\n'),
  groups: (c?.groups ?? []).join('\n'),
});
function conditionsOf(values: Scope, kept: AppRule['conditions'] | undefined): AppRule['conditions'] {
  const { users: _u, groups: _g, ...rest } = kept ?? {};
  const users = lines(values.users);
  const groups = lines(values.groups);
  return { ...rest, ...(users.length ? { users } : {}), ...(groups.length ? { groups } : {}) };
}
const withComment = (text: string) => (text.trim() ? { comment: text.trim() } : {});

/** "everyone", or the users and groups a rule names, for the tables. */
export function scopeSummary(c: AppRule['conditions']): string {
  const parts = [...(c.users ?? []), ...(c.groups ?? []).map((g) => `group ${g}`)];
  if (parts.length === 0) return 'Everyone';
  return parts.length <= 2 ? parts.join(', ') : `${parts.slice(0, 2).join(', ')} +${parts.length - 2}`;
}

// --- App rules ---

export interface AppRuleValues extends Scope {
  name: string;
  enabled: boolean;
  action: AppRuleAction;
  profile_id: string;
  activities: Activity[];
  comment: string;
}

export const appRuleValues = (r: AppRule | null): AppRuleValues => ({
  name: r?.name ?? '',
  enabled: r?.enabled ?? true,
  action: r?.action ?? 'block',
  profile_id: r?.profile_id ?? '',
  activities: r ? [...r.activities] : ['upload', 'share'],
  comment: r?.comment ?? '',
  ...scopeOf(r?.conditions),
});

export const appRuleSchema = yup.object({
  name,
  profile_id: yup.string().required('noProfile'),
  activities: yup.array().min(1, 'noActivities'),
  comment,
  ...scopeSchema,
});

export const appRuleFrom = (v: AppRuleValues, base: AppRule | null, id: string): AppRule => ({
  id,
  name: v.name,
  enabled: v.enabled,
  conditions: conditionsOf(v, base?.conditions),
  ...(base?.schedule ? { schedule: base.schedule } : {}),
  profile_id: v.profile_id,
  // In the vocabulary's order, so a re-save of the same choice is no change.
  activities: CASB_ACTIVITIES.filter((a) => v.activities.includes(a)),
  action: v.action,
  ...withComment(v.comment),
});

// --- Exceptions ---

export interface ExceptionValues extends Scope {
  name: string;
  enabled: boolean;
  action: ExceptionAction;
  apps: string[];
  comment: string;
}

export const exceptionValues = (e: CasbException | null): ExceptionValues => ({
  name: e?.name ?? '',
  enabled: e?.enabled ?? true,
  action: e?.action ?? 'allow',
  apps: e ? [...e.apps] : [],
  comment: e?.comment ?? '',
  ...scopeOf(e?.conditions),
});

export const exceptionSchema = yup.object({
  name,
  apps: yup.array().min(1, 'noApps'),
  comment,
  ...scopeSchema,
});

export const exceptionFrom = (v: ExceptionValues, base: CasbException | null, id: string): CasbException => ({
  id,
  name: v.name,
  enabled: v.enabled,
  conditions: conditionsOf(v, base?.conditions),
  ...(base?.schedule ? { schedule: base.schedule } : {}),
  apps: v.apps,
  action: v.action,
  ...withComment(v.comment),
});

// --- Profiles ---

export interface ProfileValues {
  name: string;
  type: string;
  apps: string[];
  tenant_restrictions: string;
  description: string;
}

export const profileValues = (p: Profile | null): ProfileValues => ({
  name: p?.name ?? '',
  type: p?.type ?? 'unsanctioned',
  apps: p ? [...p.apps] : [],
  tenant_restrictions: (p?.tenant_restrictions ?? []).join('\n'),
  description: p?.description ?? '',
});

/** Names must differ within a list (the server refuses a repeat): `others` are the other entries' names. */
const uniqueName = (others: readonly string[]) =>
  name.test('nameTaken', 'nameTaken', (v) => !others.includes((v ?? '').trim()));

export const profileSchema = (others: readonly string[]) =>
  yup.object({
    name: uniqueName(others),
    apps: yup.array().min(1, 'noApps'),
    tenant_restrictions: domainLines(false),
    description: comment,
  });

export const profileFrom = (v: ProfileValues, id: string): Profile => ({
  id,
  name: v.name,
  type: v.type,
  apps: v.apps,
  tenant_restrictions: lines(v.tenant_restrictions),
  ...(v.description.trim() ? { description: v.description.trim() } : {}),
});

// --- Unsanctioned domain lists ---

export interface DomainListValues {
  name: string;
  domains: string;
  ddl_url: string;
  comment: string;
}

export const domainListValues = (l: DomainList | null): DomainListValues => ({
  name: l?.name ?? '',
  domains: (l?.domains ?? []).join('\n'),
  ddl_url: l?.ddl_url ?? '',
  comment: l?.comment ?? '',
});

export const domainListSchema = (others: readonly string[]) =>
  yup.object({
    name: uniqueName(others),
    // The server's check (validate_ddl_domains) decides on Apply; this one answers as you type.
    domains: domainLines(false),
    ddl_url: yup
      .string()
      // The server's rule (common's httpsUrl): what it refuses, the form refuses as you type.
      .test('ddlUrl', 'ddlUrl', (value) => !value || httpsUrl(value) === null)
      .max(2048, 'maxlength'),
    comment,
  });

export const domainListFrom = (v: DomainListValues, id: string): DomainList => ({
  id,
  name: v.name,
  domains: lines(v.domains),
  ...(v.ddl_url.trim() ? { ddl_url: v.ddl_url.trim() } : {}),
  ...withComment(v.comment),
});

// --- App links ---

export interface AppLinkValues {
  name: string;
  app_id: string;
  domains: string;
  comment: string;
}

export const appLinkValues = (l: AppLink | null): AppLinkValues => ({
  name: l?.name ?? '',
  app_id: l?.app_id ?? '',
  domains: (l?.domains ?? []).join('\n'),
  comment: l?.comment ?? '',
});

export const appLinkSchema = yup.object({
  name,
  app_id: yup.string().required('noApp'),
  domains: domainLines(true),
  comment,
});

export const appLinkFrom = (v: AppLinkValues, id: string): AppLink => ({
  id,
  name: v.name,
  app_id: v.app_id,
  domains: lines(v.domains),
  ...withComment(v.comment),
});

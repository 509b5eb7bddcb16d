/**
 * The shape of a row of the policy-kind registry (../policyKinds.ts) and the building blocks the
 * rows' schemas share. A family's rows live in their own file of this folder.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { PolicyPermissionGroup } from '../../../vocabularies/policyGroups';
import type { Vocabulary } from '../../../vocabularies/vocabulary';
import type { ValidationErrorKey } from '../../../validators/errorKeys';
import { domain } from '../../../validators/network';

/** Whose permission reads and saves a kind: the policy-group registry's (vocabularies/policyGroups.ts). */
export type { PolicyPermissionGroup };

/**
 * The web-policy edit permissions (docs/access.md §4): a role may write one part of the web policy
 * only, as `web_policy:<part>:write`; `web_policy:*:write` covers them all.
 */
export const WEB_POLICY_EDIT_PERMISSIONS = [
  'bnb',
  'browser_and_version',
  'categories',
  'domain',
  'exceptions',
  'threats',
  'sha256',
  'user-agent',
  'webroot_cats',
] as const;
export type WebPolicyEditPermission = (typeof WEB_POLICY_EDIT_PERMISSIONS)[number];

/** A rule broken across fields: the field (dotted path under the body, e.g. data.list.2.name) and why. */
export interface KindCheckIssue {
  field: string;
  message: string;
}

/** `list` (a dot path in `data`) holds entries whose `field` is the id of an item of the tenant settings list `settings`. */
export interface SettingsReference {
  list: string;
  field: string;
  settings: string;
}

/** Who saves: the check of a kind whose document names its tenant (smtp users' tid) compares. */
export interface KindCheckContext {
  tid: string;
}

/**
 * A read-only document that shows part of another kind's document (private access's
 * application_list shows the applications saved with the access rules): the read answers
 * `select(<of>'s document)` as the same revision sees it.
 */
export interface KindView {
  of: string;
  select: (data: never) => unknown;
}

export interface PolicyKindDef<S extends TSchema = TSchema> {
  /**
   * The document's path with `{rev}` where the revision goes. A path without `{rev}` (private
   * access, parent global rules: docs/policy.md §4) reads the tenant's staged revision, and its
   * save is checked against the revision by updated_at only.
   */
  path: string;
  /** Where a save goes when not at `path` (private access reads and writes at different calls). */
  writePath?: string;
  /** GET only: no save route (parent global rules, private-access lists and reference reads). */
  readOnly?: true;
  /**
   * A parent tenant's document: the kind (`global_bnb`, …) whose published version, in the
   * tenant's active parent, this row reads (docs/policy.md §11); its defaults without one.
   */
  parentOf?: string;
  /** A read-only part of another kind's document (implies readOnly). */
  view?: KindView;
  /** Whose permission reads (`<group>:*:read`) and saves (`<group>:<edit>:write`) it. */
  group: PolicyPermissionGroup;
  /** The part of the group a writer needs (`*` when the group's whole write is needed). */
  edit?: WebPolicyEditPermission;
  /**
   * Feature flags (docs/access.md §5) the kind needs beyond its group's (policyGroups.ts `features`):
   * without them the tenant neither reads nor saves it (policyKindFeatures, server route guard).
   */
  features?: readonly string[];
  title: string;
  /** The `data` of a save; a read answers `{ rev_id, ...data }`. */
  data: S;
  /** What a read answers when the document was never saved. */
  defaults: Static<S>;
  /**
   * 'policy': the document holds until changed, so a revision reads the newest version saved in it
   * or before it. 'revision': the document belongs to the revision it was saved in (a publish note).
   */
  scope: 'policy' | 'revision';
  /**
   * Lists whose entries keep their identity across revisions, by dotted path in `data` and the
   * entry's key field: the revision diff reports them added, removed, changed field by field and
   * moved rather than as one changed list.
   */
  keyedLists?: Readonly<Record<string, string>>;
  /** Lists whose order decides (first match wins): a save that reorders them is audited as reorder. */
  orderedLists?: readonly string[];
  /** Rules across fields the schema cannot say: the first broken one, naming its field. */
  check?: (data: Static<S>, context: KindCheckContext) => KindCheckIssue | null;
  /**
   * Entries' fields that hold the id of an item of a tenant settings list (docs/settings.md §3: a
   * browsing-forensics rule's forensics profile): the server refuses a save naming an item the
   * list does not hold (400 naming the field), and a settings save that removes an item the
   * staged revision's entries name (409 naming the rule).
   */
  settingsReferences?: readonly SettingsReference[];
  spec: string;
}

export function kind<S extends TSchema>(def: PolicyKindDef<S>): PolicyKindDef<S> {
  return def;
}

/** One of a vocabulary's codes (shown in OpenAPI as a string enum). */
export const codes = (vocabulary: Vocabulary) =>
  Type.Unsafe<string>({ type: 'string', enum: vocabulary.map((e) => e.code) });

/**
 * One of a list of strings (an enumeration of docs/glossary.md §3); `default` is what a new entry
 * starts with in the editors (the kit reads it, tenant-portal/src/areas/policy/kit/schemaFields.ts).
 */
export const oneOf = <T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

export const closed = { additionalProperties: false } as const;

/** Longest list of rules in one document: more than any tenant keeps, small enough to diff. */
export const RULES_MAX = 2000;
/** Longest list of values inside one rule (domains, users, addresses). */
export const VALUES_MAX = 1000;
export const NAME_MAX_LENGTH = 128;
export const COMMENT_MAX_LENGTH = 500;

/** A rule's id: chosen by the client (a UUID or similar), unique within its list. */
export const RuleId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const RuleName = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH });
export const Comment = Type.String({ maxLength: COMMENT_MAX_LENGTH });
export const StringList = (maxLength = 253) =>
  Type.Array(Type.String({ minLength: 1, maxLength }), { maxItems: VALUES_MAX });

/** The validator's key as the reason of a refused value. */
export const invalidValue = (field: string, key: ValidationErrorKey): KindCheckIssue => ({
  field,
  message: `${field} is invalid (${key}).`,
});

/** The first value of `values` the validator refuses, as an issue at `<path>.<index>`. */
export function firstInvalid(
  values: readonly string[] | undefined,
  path: string,
  validator: (value: string) => ValidationErrorKey | null,
): KindCheckIssue | null {
  for (const [i, value] of (values ?? []).entries()) {
    const key = validator(value);
    if (key) return invalidValue(`${path}.${i}`, key);
  }
  return null;
}

/** The first entry whose key repeats an earlier one's, as an issue naming the repeat. */
export function firstDuplicate<T>(
  items: readonly T[],
  path: string,
  keyField: keyof T & string,
): KindCheckIssue | null {
  const seen = new Set<unknown>();
  for (const [i, item] of items.entries()) {
    const key = item[keyField];
    if (seen.has(key))
      return { field: `${path}.${i}.${keyField}`, message: `${keyField} ${String(key)} is listed twice.` };
    seen.add(key);
  }
  return null;
}

/** The first issue of several checks, in order. */
export const firstIssue = (...checks: Array<() => KindCheckIssue | null>): KindCheckIssue | null => {
  for (const check of checks) {
    const issue = check();
    if (issue) return issue;
  }
  return null;
};

/** A domain, or a wildcard over its subdomains (*.example.com). */
export const domainOrWildcard = (value: string): ValidationErrorKey | null =>
  domain(value.startsWith('*.') ? value.slice(2) : value);

/**
 * The policy-kind registry (docs/policy.md §2, §4 Policy; docs/policy.md §3 Policy revision, §4
 * Policy reads and saves): the one table of the policy documents the portal reads and saves per
 * revision. Each row (see policy-kinds/kindDef.ts) gives the document's API path, its permission
 * group (and web-policy edit permission), the TypeBox schema of its `data` (what a save carries
 * beside rev_id, state and updated_at), what a read returns when nothing was saved, which lists
 * keep their identity across revisions (for the diff) and which lists are ordered.
 *
 * From it the server builds GET and PUT per kind (server/src/policy/policyKindRoutes.ts), validates
 * each save strictly against the row's schema and its check, checks the permissions, diffs
 * revisions and writes the audit events; the client's calls (api/policy.ts) take their paths and
 * types from it.
 *
 * Rows may also read at a path without {rev} (the staged revision), save at another path
 * (writePath), be read-only, or be a read-only view of another kind's document (kindDef.ts).
 *
 * Adding a kind: a row in its family's file under policy-kinds/ with its schema and defaults, an
 * example in common/src/testing/policyKindExamples.ts (the per-kind API tests round-trip it),
 * its view row (features/policy-view/policyKindViews.ts: tab, editor shape, labels, nouns) and
 * its editor (tenant-portal/src/areas/policy/kit/README.md).
 */
import type { Static } from 'typebox';
import { POLICY_GROUP_REGISTRY, type PolicyGroupDef } from '../../vocabularies/policyGroups';
import { WEB_KINDS } from './policy-kinds/webKinds';
import { FIREWALL_KINDS } from './policy-kinds/firewallKinds';
import { WEB_CONTROL_KINDS } from './policy-kinds/webControlKinds';
import { GLOBAL_KINDS } from './policy-kinds/globalKinds';
import { EMAIL_KINDS } from './policy-kinds/emailKinds';
import { DLP_KINDS } from './policy-kinds/dlpKinds';
import { CASB_KINDS } from './policy-kinds/casbKinds';
import { EGRESS_KINDS } from './policy-kinds/egressKinds';
import { INSPECTION_KINDS } from './policy-kinds/inspectionKinds';
import { CUSTOMIZATION_KINDS } from './policy-kinds/customizationKinds';
import { PRIVATE_ACCESS_KINDS } from './policy-kinds/privateAccessKinds';
import { CATEGORY_KINDS } from './policy-kinds/categoryKinds';
import type { PolicyKindDef } from './policy-kinds/kindDef';

export type { PolicyKindDef, PolicyPermissionGroup } from './policy-kinds/kindDef';
export { PORTAL_NOTE_MAX_LENGTH } from './policy-kinds/webKinds';
// The groups and the revision read, apart from the rows (every page reads them): policyKindGroups.ts.
export { POLICY_KIND_GROUPS, REVISION_READ } from './policyKindGroups';

export const POLICY_KIND_REGISTRY = {
  ...WEB_KINDS,
  ...WEB_CONTROL_KINDS,
  ...GLOBAL_KINDS,
  ...EMAIL_KINDS,
  ...DLP_KINDS,
  ...CASB_KINDS,
  ...EGRESS_KINDS,
  ...INSPECTION_KINDS,
  ...CUSTOMIZATION_KINDS,
  ...PRIVATE_ACCESS_KINDS,
  ...FIREWALL_KINDS,
  ...CATEGORY_KINDS,
} satisfies Record<string, PolicyKindDef>;

export type PolicyKind = keyof typeof POLICY_KIND_REGISTRY;
export const POLICY_KINDS = Object.keys(POLICY_KIND_REGISTRY) as PolicyKind[];

/** The `data` of a kind's document. */
export type PolicyData<K extends PolicyKind> = Static<(typeof POLICY_KIND_REGISTRY)[K]['data']>;

/** A read: the revision it was read at and the document. */
export type PolicyDocReply<K extends PolicyKind> = { rev_id: number } & PolicyData<K>;

/** The path of a kind's document at a revision (a path without {rev} reads the staged revision). */
export const policyDocPath = (kind: PolicyKind, rev: number | string): string =>
  POLICY_KIND_REGISTRY[kind].path.replace('{rev}', String(rev));

/** Where a save of a kind goes (its writePath when it has one), into revision `rev`. */
export const policyDocWritePath = (kind: PolicyKind, rev: number | string): string => {
  const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
  return (def.writePath ?? def.path).replace('{rev}', String(rev));
};

/** The document's path names the revision (else it is the staged one). */
export const kindPathHasRev = (path: string): boolean => path.includes('{rev}');

/** A parent tenant's document (parent_global_*): read from the active parent, not this revision. */
export const isParentKind = (kind: PolicyKind): boolean =>
  (POLICY_KIND_REGISTRY[kind] as PolicyKindDef).parentOf !== undefined;

/** A kind that can be saved: not read-only nor a view of another. */
export const isWritableKind = (kind: PolicyKind): boolean => {
  const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
  return !def.readOnly && !def.view;
};

/** Reading a kind: its group's read. */
export const policyKindReadPermission = (kind: PolicyKind): string =>
  `${POLICY_KIND_REGISTRY[kind].group}:*:read`;

/** Saving a kind: its group's write, narrowed to the web-policy edit permission when it has one. */
export const policyKindWritePermission = (kind: PolicyKind): string => {
  const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
  return `${def.group}:${def.edit ?? '*'}:write`;
};

/**
 * The feature flags (docs/access.md §5) a kind needs: its policy group's (policyGroups.ts, the ones
 * the portal's navigation gates the family's page by) and the row's own (a tab of a page, e.g.
 * the watermark of Web Policy). The server refuses the kind's reads and saves without them.
 */
export const policyKindFeatures = (kind: PolicyKind): readonly string[] => {
  const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
  const groups: Readonly<Record<string, PolicyGroupDef>> = POLICY_GROUP_REGISTRY;
  return [...(groups[def.group]?.features ?? []), ...(def.features ?? [])];
};

/**
 * The policy groups (docs/sessions.md §6 policy row, docs/access.md §4 permissions): the one table of the policy
 * area's families, each a permission group (`<group>:*`), a child page of the policy area and,
 * for some, a feature flag. The policy area's children and access rule, the demo roles, who may
 * publish and who may read the revision all derive from it; so do, for these groups and the
 * other areas that keep documents in the revision (REVISION_AREA_GROUP_REGISTRY below), the
 * audit trail's area of a change (its code and label in SUB_EVENT_TYPES) and the page a rule
 * link opens (tenant-portal's policyRuleLinks.ts).
 */
import type { Vocabulary } from './vocabulary';

export interface PolicyGroupDef {
  /** The policy area's child path, e.g. /policy/web. */
  path: string;
  /** The page's title; also the group's label in the audit trail's areas (SUB_EVENT_TYPES). */
  title: string;
  /** Feature flags that must all be on (docs/access.md §5). */
  features?: readonly string[];
  spec: string;
}

const SPEC = 'docs/sessions.md §6 (policy row), docs/access.md §4';

/** Keyed by permission group, in the policy area's navigation order. */
export const POLICY_GROUP_REGISTRY = {
  web_policy: { path: 'web', title: 'Web Policy', spec: SPEC },
  email_policy: { path: 'email', title: 'Email Policy', features: ['menlo_email'], spec: SPEC },
  dlp_policy: { path: 'dlp', title: 'DLP Policy', spec: SPEC },
  casb_policy: { path: 'casb', title: 'Cloud Apps Policy', spec: SPEC },
  egress_policy: { path: 'egress', title: 'Egress Headers', spec: SPEC },
  content_inspection: {
    path: 'content-inspection',
    title: 'Content Inspection',
    features: ['contentInspection'],
    spec: SPEC,
  },
} as const satisfies Record<string, PolicyGroupDef>;

export type PolicyGroup = keyof typeof POLICY_GROUP_REGISTRY;
export const POLICY_GROUPS = Object.keys(POLICY_GROUP_REGISTRY) as PolicyGroup[];

/** The permission a writer of a group holds (roles become `item:write`, docs/access.md §4). */
export const policyWritePermission = (group: string): string => `${group}:*:write`;
export const policyReadPermission = (group: string): string => `${group}:*:read`;

/**
 * The other areas whose documents share the policy revision (docs/sessions.md §6: firewall,
 * customization, private access): each a permission group with its own top-level page.
 */
export interface RevisionAreaGroupDef {
  /** The area's page (the router's path). */
  page: string;
  /** The group's label in the audit trail's areas (SUB_EVENT_TYPES). */
  title: string;
  /** Its audit area's code when it is not the group's name. */
  auditArea?: string;
}

export const REVISION_AREA_GROUP_REGISTRY = {
  fwaas: { page: '/fwaas', title: 'Firewall Policy', auditArea: 'fwaas_policy' },
  private_access: { page: '/secure-application-access', title: 'Private Access' },
  customization: { page: '/customization', title: 'Customization' },
} as const satisfies Record<string, RevisionAreaGroupDef>;

/**
 * Whose permission reads and saves a policy kind (the policy-kind registry's `group`): a policy
 * group of the policy area (docs/access.md §4), or one of the other areas of the revision.
 */
export type PolicyPermissionGroup = PolicyGroup | keyof typeof REVISION_AREA_GROUP_REGISTRY;

/** Every permission group that keeps documents in the revision: the policy area's, then the others. */
export const POLICY_PERMISSION_GROUPS: readonly PolicyPermissionGroup[] = [
  ...POLICY_GROUPS,
  ...(Object.keys(REVISION_AREA_GROUP_REGISTRY) as (keyof typeof REVISION_AREA_GROUP_REGISTRY)[]),
];

const isPolicyGroup = (group: PolicyPermissionGroup): group is PolicyGroup => group in POLICY_GROUP_REGISTRY;

/** The page of a group (the router's path): /policy/<path> for the policy area's, else the area's. */
export const policyGroupPage = (group: PolicyPermissionGroup): string =>
  isPolicyGroup(group)
    ? `/policy/${POLICY_GROUP_REGISTRY[group].path}`
    : REVISION_AREA_GROUP_REGISTRY[group].page;

/** The group's audit area (a SUB_EVENT_TYPES code): the group's name unless its row says otherwise. */
export const policyGroupAuditArea = (group: PolicyPermissionGroup): string => {
  const other: Partial<Record<string, RevisionAreaGroupDef>> = REVISION_AREA_GROUP_REGISTRY;
  return other[group]?.auditArea ?? group;
};

/** The groups' audit areas (code and label), in POLICY_PERMISSION_GROUPS order: part of SUB_EVENT_TYPES. */
export const POLICY_GROUP_AUDIT_AREAS: Vocabulary = POLICY_PERMISSION_GROUPS.map((group) => ({
  code: policyGroupAuditArea(group),
  label: isPolicyGroup(group)
    ? POLICY_GROUP_REGISTRY[group].title
    : REVISION_AREA_GROUP_REGISTRY[group].title,
}));

/**
 * The policy groups (portal-core §2 policy row, §6 permissions): the one table of the policy
 * area's families, each a permission group (`<group>:*`), a child page of the policy area and,
 * for some, a feature flag. The policy area's children and access rule, the demo roles, who may
 * publish and who may read the revision all derive from it.
 */
export interface PolicyGroupDef {
  /** The policy area's child path, e.g. /policy/web. */
  path: string;
  title: string;
  /** Feature flags that must all be on (portal-core §3). */
  features?: readonly string[];
  spec: string;
}

const SPEC = 'portal-core §2 (policy row), §6';

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

/** The permission a writer of a group holds (roles become `item:write`, portal-core §6). */
export const policyWritePermission = (group: string): string => `${group}:*:write`;
export const policyReadPermission = (group: string): string => `${group}:*:read`;

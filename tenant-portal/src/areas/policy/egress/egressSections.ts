/**
 * The Egress Headers page's sections (docs/policy.md §4 Policy: GET and PUT
 * /egress_policy/rules/{rev}, body egress_policy): one document, deep-linkable as
 * #/policy/egress/rules.
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';

export const EGRESS_SECTIONS = [
  { path: 'rules', title: 'Header rules', kind: 'egress_policy' },
] as const satisfies ReadonlyArray<{ path: string; title: string; kind: PolicyKind }>;

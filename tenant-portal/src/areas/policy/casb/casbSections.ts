/**
 * The Cloud Apps Policy page's sections (docs/policy.md §4 Policy; docs/policy.md §3, §4): one per
 * document of the casb_policy group, each deep-linkable as #/policy/casb/<path> and saved on its
 * own. Profiles and their unsanctioned domain lists are one document shown on two tabs.
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';

export const CASB_SECTIONS = [
  { path: 'app-rules', title: 'App rules', kind: 'casb/app_rules' },
  { path: 'exceptions', title: 'Exceptions', kind: 'casb/exceptions' },
  { path: 'profiles', title: 'Profiles', kind: 'casb/profiles' },
  { path: 'domain-lists', title: 'Unsanctioned domains', kind: 'casb/profiles' },
  { path: 'app-links', title: 'App links', kind: 'profiles/app_links' },
  { path: 'discovery', title: 'App discovery', kind: 'casb/app_discovery' },
] as const satisfies ReadonlyArray<{ path: string; title: string; kind: PolicyKind }>;

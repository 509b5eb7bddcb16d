/**
 * The Cloud Apps Policy page's sections (docs/policy.md §4 Policy; docs/policy.md §3, §4): one per
 * document of the casb_policy group, each deep-linkable as #/policy/casb/<path> and saved on its
 * own. Profiles and their unsanctioned domain lists are one document shown on two tabs.
 */
import { familyTabs } from '../familyTabs';

export const CASB_SECTIONS = familyTabs([
  { path: 'app-rules', kind: 'casb/app_rules' },
  { path: 'exceptions', kind: 'casb/exceptions' },
  { path: 'profiles', kind: 'casb/profiles' },
  { path: 'domain-lists', tab: 'Unsanctioned domains', kind: 'casb/profiles' },
  { path: 'app-links', kind: 'profiles/app_links' },
  { path: 'discovery', kind: 'casb/app_discovery' },
] as const);

/**
 * The DLP Policy page's sections (issue 13; docs/policy.md §3 Policy dlp, dlp_groups, dlp_dicts,
 * dlp_auditors, /auditor_profiles/{default|list|file_password}): one per document, each
 * deep-linkable as #/policy/dlp/<path> and saved on its own. The Auditors tab also holds the
 * profiles, the default profile and the attachment password (each its own document).
 */
import { familyTabs } from '../familyTabs';

/** Rules first: what decides; dictionaries, groups and auditors are what rules refer to. */
export const DLP_SECTIONS = familyTabs([
  { path: 'rules', kind: 'dlp' },
  { path: 'dictionaries', kind: 'dlp_dicts' },
  { path: 'groups', kind: 'dlp_groups' },
  { path: 'auditors', kind: 'dlp_auditors' },
  { path: 'profiles', kind: 'auditor_profiles/list' },
  { path: 'cloud-apps', kind: 'v3/casb/dlp/rules' },
] as const);

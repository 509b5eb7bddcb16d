/**
 * The DLP Policy page's sections (issue 13; docs/policy.md §3 Policy dlp, dlp_groups, dlp_dicts,
 * dlp_auditors, /auditor_profiles/{default|list|file_password}): one per document, each
 * deep-linkable as #/policy/dlp/<path> and saved on its own. The Auditors tab also holds the
 * profiles, the default profile and the attachment password (each its own document).
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';

export interface DlpSectionDef {
  path: string;
  title: string;
  kind: PolicyKind;
}

/** Rules first: what decides; dictionaries, groups and auditors are what rules refer to. */
export const DLP_SECTIONS = [
  { path: 'rules', title: 'DLP rules', kind: 'dlp' },
  { path: 'dictionaries', title: 'Dictionaries', kind: 'dlp_dicts' },
  { path: 'groups', title: 'Groups', kind: 'dlp_groups' },
  { path: 'auditors', title: 'Auditors', kind: 'dlp_auditors' },
  { path: 'profiles', title: 'Auditor profiles', kind: 'auditor_profiles/list' },
  { path: 'cloud-apps', title: 'Cloud-app DLP rules', kind: 'v3/casb/dlp/rules' },
] as const satisfies readonly DlpSectionDef[];

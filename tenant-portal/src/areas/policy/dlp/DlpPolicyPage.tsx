import { Box, Typography } from '@mui/material';
import { dlpPolicyIds } from '@workbench/common/test-ids/dlpIds';
import type { PageProps } from '../../../routes/routeModel';
import {
  PolicyFamilyPage,
  describeListError,
  familySections,
  groupTab,
  policySection,
  type FamilySection,
  type SectionEditorProps,
} from '../PolicyFamilyPage';
import { RuleTable } from '../web/RuleTable';
import { DLP_RULE_COLUMNS, DlpRulesSection, describeDlpRuleError } from './DlpRulesSection';
import {
  AuditorsSection,
  DefaultProfileSection,
  DictionariesSection,
  FilePasswordSection,
  ProfilesSection,
} from './DlpListSections';
import type { DlpRule } from './dlpRuleForm';

const titled = (path: string) => groupTab('dlp_policy', path);

/** The CASB variant (GET /v3/casb/dlp/rules/{rev}): what the cloud-app engine applies, read-only. */
function CloudAppRules({ doc }: SectionEditorProps<'v3/casb/dlp/rules'>) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The DLP rules as the cloud-app (CASB) engine applies them to transfers to and from cloud apps: the
        enabled rules, in their order. Change them under DLP rules.
      </Typography>
      <RuleTable<DlpRule>
        ids={dlpPolicyIds}
        label="Cloud-app DLP rules"
        rows={doc.rules}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly
        onChange={() => undefined}
        emptyText="No enabled DLP rules."
        columns={[
          { name: 'position', header: '#', minWidth: 60, value: (r) => String(doc.rules.indexOf(r) + 1) },
          ...DLP_RULE_COLUMNS,
        ]}
      />
    </Box>
  );
}

const profiles = policySection({
  ...titled('profiles'),
  kind: 'auditor_profiles/list',
  Editor: ProfilesSection,
  describeError: describeListError('Profile', 'list'),
});
const defaultProfile = policySection({
  path: 'default-profile',
  title: 'Default auditor profile',
  kind: 'auditor_profiles/default',
  Editor: DefaultProfileSection,
});
const filePassword = policySection({
  path: 'file-password',
  title: 'Attachment password',
  kind: 'auditor_profiles/file_password',
  Editor: FilePasswordSection,
});

/**
 * The DLP Policy page's sections (issue 13), in its view rows' order. The Auditor profiles tab
 * also holds the default profile and the attachment password, each saved on its own.
 */
export const DLP_POLICY_SECTIONS: readonly FamilySection[] = familySections('dlp_policy', [
  policySection({
    ...titled('rules'),
    kind: 'dlp',
    Editor: DlpRulesSection,
    describeError: describeDlpRuleError,
  }),
  policySection({
    ...titled('dictionaries'),
    kind: 'dlp_dicts',
    Editor: DictionariesSection,
    describeError: describeListError('Dictionary', 'overrides'),
  }),
  policySection({
    ...titled('auditors'),
    kind: 'dlp_auditors',
    Editor: AuditorsSection,
    describeError: describeListError('Auditor', 'list'),
  }),
  {
    ...profiles,
    render: (link) => (
      <>
        {profiles.render(link)}
        <Box sx={{ mt: 4 }}>{defaultProfile.render(link)}</Box>
        <Box sx={{ mt: 4 }}>{filePassword.render(link)}</Box>
      </>
    ),
  },
  policySection({ ...titled('cloud-apps'), kind: 'v3/casb/dlp/rules', Editor: CloudAppRules }),
]);

/**
 * The DLP Policy page (issue 13; docs/access.md §1 dlp_policy, docs/policy.md §4 Policy): a tab per section, each a
 * DLP document saved on its own into the staged revision; `?rule=<id>` opens a rule or entry.
 */
export function DlpPolicyPage({ title }: PageProps) {
  return <PolicyFamilyPage title={title} family="dlp" base="/policy/dlp" sections={DLP_POLICY_SECTIONS} />;
}

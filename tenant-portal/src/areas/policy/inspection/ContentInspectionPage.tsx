import { Box } from '@mui/material';
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
import { few } from './inspectionModel';
import { SettingsSection } from './SettingsSection';
import { ExceptionsSection, describeRulesError } from './ExceptionsSection';
import { FileTypesTab } from './FileTypesSection';
import { InspectionRuleList } from './InspectionRuleList';
import { RuntimeAnalysisSection } from './RuntimeAnalysisSection';
import { GlobalExceptionsSection, ParentGlobalSection } from './GlobalExceptionsSection';
import { editorServerError } from '../kit/serverError';

const titled = (path: string) => groupTab('content_inspection', path);

function Exceptions({
  editor,
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'inspection/exceptions'>) {
  return (
    <ExceptionsSection
      doc={doc}
      onChange={onChange}
      readOnly={readOnly}
      openRuleId={linkedKey}
      onOpenRule={onOpenRule}
      serverError={editorServerError(editor)}
    />
  );
}

function Documents({
  editor,
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'v4/docs'>) {
  return (
    <InspectionRuleList
      kind="docs"
      listId="docs"
      label="Document rules"
      noun="Document rule"
      rules={doc.list}
      onChange={(list) => onChange({ ...doc, list })}
      readOnly={readOnly}
      filesColumn={{
        header: 'Documents',
        value: (r) =>
          `${few(r.file_types)}${r.allow_download ? '' : '; no download'}${r.allow_print ? '' : '; no print'}`,
      }}
      emptyText="No document rules: documents open as the inspection settings say."
      openRuleId={linkedKey}
      onOpenRule={onOpenRule}
      serverError={editorServerError(editor)}
    />
  );
}

const globalSection = policySection({
  ...titled('global-exceptions'),
  kind: 'inspection/global_exceptions',
  Editor: GlobalExceptionsSection,
  describeError: describeRulesError('pre', 'post'),
});

/**
 * The Content Inspection page's sections (issue 13; docs/policy.md §4 Policy; docs/policy.md §3, §7):
 * one per document of the content_inspection family, in its view rows' order.
 */
export const INSPECTION_PAGE_SECTIONS: readonly FamilySection[] = familySections('content_inspection', [
  policySection({ ...titled('settings'), kind: 'inspection', Editor: SettingsSection }),
  policySection({
    ...titled('exceptions'),
    kind: 'inspection/exceptions',
    Editor: Exceptions,
    describeError: describeRulesError('list'),
  }),
  { ...titled('file-types'), kind: 'content', render: (link) => <FileTypesTab link={link} /> },
  policySection({
    ...titled('documents'),
    kind: 'v4/docs',
    Editor: Documents,
    describeError: describeListError('Rule', 'list'),
  }),
  policySection({ ...titled('runtime-analysis'), kind: 'runtime_analysis', Editor: RuntimeAnalysisSection }),
  {
    ...globalSection,
    render: (link) => (
      <>
        {globalSection.render(link)}
        <Box sx={{ mt: 4 }}>
          <ParentGlobalSection />
        </Box>
      </>
    ),
  },
]);

/**
 * The Content Inspection page (issue 13; permission group content_inspection, feature flag
 * contentInspection): a tab per section, each a document of the family saved on its own,
 * deep-linkable as #/policy/content-inspection/<section>; `?rule=<id>` opens a rule.
 */
export function ContentInspectionPage({ title }: PageProps) {
  return (
    <PolicyFamilyPage
      title={title}
      family="inspection"
      base="/policy/content-inspection"
      sections={INSPECTION_PAGE_SECTIONS}
    />
  );
}

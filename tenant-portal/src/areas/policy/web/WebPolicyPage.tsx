import { useSearchParams } from 'react-router-dom';
import { Box, FormControlLabel, Switch } from '@mui/material';
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
import { kitEditor } from '../kit/kitEditor';
import { EXTENSION_SECTION, PARENT_GLOBAL_SECTIONS, PARENT_READ_ONLY_REASON } from './webSections';
import { CategoriesSection } from './CategoriesSection';
import { RisksSection } from './RisksSection';
import { ExceptionsSection, describeExceptionsError } from './ExceptionsSection';
import { BnbSection } from './BnbSection';
import { UserAgentsSection } from './UserAgentsSection';
import { Sha256Section } from './Sha256Section';
import { SslBypassSection } from './SslBypassSection';
import { useCategoryGroups } from './useCategoryGroups';
import { CategoryMigration } from './CategoryMigration';
import { BandwidthSection, CopyPasteSection, ForensicsSection, WatermarkSection } from './WebControlSections';
import {
  GlobalExceptionsSection,
  ParentGlobalBnbSection,
  ParentGlobalExceptionsSection,
  describeGlobalExceptionsError,
} from './GlobalSections';
import { editorServerError } from '../kit/serverError';

/** A category id of ?category=, or null. */
const categoryParam = (value: string | null): number | null =>
  value !== null && /^[1-9][0-9]{0,3}$/.test(value) ? Number(value) : null;

function Categories({ doc, onChange, readOnly }: SectionEditorProps<'cats'>) {
  const [search] = useSearchParams();
  return (
    <CategoriesSection
      doc={doc}
      onChange={onChange}
      readOnly={readOnly}
      groups={useCategoryGroups()}
      focusId={categoryParam(search.get('category'))}
    />
  );
}

/** The extension categories switch: its own kind and permission (webroot_cats). */
function Extension({ doc, onChange, readOnly }: SectionEditorProps<'cats/extension'>) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={doc.categories_85_to_88.enable}
          disabled={readOnly}
          onChange={(e) => onChange({ categories_85_to_88: { enable: e.target.checked } })}
        />
      }
      label="Use the extension categories 85–88 (their sites leave the categories they had before)"
    />
  );
}

function Exceptions({
  editor,
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'web/exceptions'>) {
  return (
    <ExceptionsSection
      doc={doc}
      onChange={onChange}
      readOnly={readOnly}
      groups={useCategoryGroups()}
      openRuleId={linkedKey}
      onOpenRule={onOpenRule}
      serverError={editorServerError(editor)}
    />
  );
}

function SslBypass(props: SectionEditorProps<'v3/sslbump_bypass'>) {
  return <SslBypassSection {...props} groups={useCategoryGroups()} />;
}

const titled = (path: string) => groupTab('web_policy', path);

/** A tab that shows the tenant's section, then the parent's read-only one below it. */
const withParent = (own: FamilySection, parent: FamilySection): FamilySection => ({
  ...own,
  render: (link) => (
    <>
      {own.render(link)}
      <Box sx={{ mt: 4 }}>{parent.render(link)}</Box>
    </>
  ),
});

const categories = policySection({
  ...titled('categories'),
  kind: 'cats',
  Editor: Categories,
  describeError: describeListError('Entry', 'list'),
});
const extension = policySection({ ...EXTENSION_SECTION, kind: 'cats/extension', Editor: Extension });

/**
 * The Web Policy page's sections (issue 12; docs/access.md §4 web-policy edit permissions, docs/policy.md §4
 * Policy): one per document of the web family, in its view rows' order. The Categories tab also
 * holds the extension categories switch, saved on its own.
 */
export const WEB_POLICY_SECTIONS: readonly FamilySection[] = familySections('web_policy', [
  {
    ...categories,
    render: (link) => (
      <>
        <CategoryMigration />
        {categories.render(link)}
        <Box sx={{ mt: 4 }}>{extension.render(link)}</Box>
      </>
    ),
  },
  policySection({ ...titled('threats'), kind: 'risks', Editor: RisksSection }),
  policySection({
    ...titled('exceptions'),
    kind: 'web/exceptions',
    Editor: Exceptions,
    describeError: describeExceptionsError,
  }),
  policySection({ ...titled('browsers'), kind: 'bnb', Editor: BnbSection }),
  policySection({
    ...titled('user-agents'),
    kind: 'web/user_agents',
    Editor: UserAgentsSection,
    describeError: describeListError('Rule', 'list'),
  }),
  policySection({
    ...titled('sha256'),
    kind: 'web/sha256',
    Editor: Sha256Section,
    describeError: describeListError('Hash', 'list'),
  }),
  policySection({
    ...titled('ssl-bypass'),
    kind: 'v3/sslbump_bypass',
    Editor: SslBypass,
    describeError: describeListError('Entry', 'list'),
  }),
  policySection({
    ...titled('copy-paste'),
    kind: 'copy_paste',
    Editor: CopyPasteSection,
    describeError: describeListError('Rule', 'copy_paste_policy.rules'),
  }),
  policySection({
    ...titled('watermark'),
    kind: 'watermark',
    Editor: WatermarkSection,
    describeError: describeListError('Rule', 'watermark.rules'),
  }),
  policySection({
    ...titled('forensics'),
    kind: 'bf/web',
    Editor: ForensicsSection,
    describeError: describeListError('Rule', 'browsing_forensics.rules'),
  }),
  policySection({
    ...titled('bandwidth'),
    kind: 'bandwidth',
    Editor: BandwidthSection,
    describeError: describeListError('Rule', 'bandwidth.rules'),
  }),
  withParent(
    policySection({
      ...titled('global-exceptions'),
      kind: 'web/global_exceptions',
      Editor: GlobalExceptionsSection,
      describeError: describeGlobalExceptionsError,
    }),
    policySection({
      ...PARENT_GLOBAL_SECTIONS.exceptions,
      Editor: ParentGlobalExceptionsSection,
      readOnlyReason: PARENT_READ_ONLY_REASON,
    }),
  ),
  // The tenant's own global browser rules are the kit's (their view row); the parent's show below.
  withParent(
    policySection({ ...titled('global-browsers'), kind: 'global_bnb', ...kitEditor('global_bnb') }),
    policySection({
      ...PARENT_GLOBAL_SECTIONS.browsers,
      Editor: ParentGlobalBnbSection,
      readOnlyReason: PARENT_READ_ONLY_REASON,
    }),
  ),
]);

/**
 * The Web Policy page (issue 12): a tab per section, each section a document of the web family
 * saved on its own. Sections are deep-linkable (#/policy/web/exceptions); `?rule=<id>` opens a
 * domain rule and `?category=<id>` shows a category first (the logs explorer links web log rows so).
 */
export function WebPolicyPage({ title }: PageProps) {
  return <PolicyFamilyPage title={title} family="web" base="/policy/web" sections={WEB_POLICY_SECTIONS} />;
}

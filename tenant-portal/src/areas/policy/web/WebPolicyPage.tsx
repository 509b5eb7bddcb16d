import { useCallback } from 'react';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Box, FormControlLabel, Switch, Tab, Tabs } from '@mui/material';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { AreaPage } from '../../AreaPage';
import { useRuleParam } from '../useRuleParam';
import type { PageProps } from '../../../routes/areas';
import { NOT_FOUND_PATH } from '../../../routes/areas';
import { EXTENSION_SECTION, WEB_SECTIONS, sectionOf, type WebSection } from './webSections';
import { PolicySection } from './PolicySection';
import { CategoriesSection } from './CategoriesSection';
import { RisksSection } from './RisksSection';
import { ExceptionsSection, describeExceptionsError } from './ExceptionsSection';
import { BnbSection } from './BnbSection';
import { UserAgentsSection } from './UserAgentsSection';
import { Sha256Section } from './Sha256Section';
import { SslBypassSection } from './SslBypassSection';
import { useCategoryGroups } from './useCategoryGroups';
import { pathInList } from './listEdits';

/** A category id of ?category=, or null. */
const categoryParam = (value: string | null): number | null =>
  value !== null && /^[1-9][0-9]{0,3}$/.test(value) ? Number(value) : null;

/** "Rule 3" / "Entry 2" for a 400 inside a list, when the section has nothing better. */
const describeListError = (noun: string, list: string) => (path: string) => {
  const at = pathInList(path, list);
  return at ? `${noun} ${at.index + 1}` : null;
};

/**
 * The Web Policy page (issue 12): a tab per section, each section a document of the web family
 * saved on its own. Sections are deep-linkable (#/policy/web/exceptions); `?rule=<id>` opens a
 * domain rule and `?category=<id>` shows a category first (the logs explorer links web log rows so).
 */
export function WebPolicyPage({ title }: PageProps) {
  const params = useParams();
  const [search] = useSearchParams();
  const [ruleId, openRule] = useRuleParam();
  const section = sectionOf(params['*']);
  const groups = useCategoryGroups();

  if (!section) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <AreaPage title={title}>
      <Box data-testid={webPolicyIds.page}>
        <Tabs
          value={section.path}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Web policy sections"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          data-testid={webPolicyIds.tabs}
        >
          {WEB_SECTIONS.map((s) => (
            <Tab
              key={s.path}
              value={s.path}
              label={s.title}
              component={RouterLink}
              to={`/policy/web/${s.path}`}
              data-testid={`${webPolicyIds.tab}-${s.path}`}
            />
          ))}
        </Tabs>
        <SectionContent
          section={section}
          groups={groups}
          ruleId={ruleId}
          categoryId={categoryParam(search.get('category'))}
          onOpenRule={openRule}
        />
        {section.kind === 'cats' && (
          <Box sx={{ mt: 4 }}>
            <SectionContent
              section={EXTENSION_SECTION}
              groups={groups}
              ruleId={null}
              categoryId={null}
              onOpenRule={openRule}
            />
          </Box>
        )}
      </Box>
    </AreaPage>
  );
}

function SectionContent({
  section,
  groups,
  ruleId,
  categoryId,
  onOpenRule,
}: {
  section: WebSection;
  groups: ReturnType<typeof useCategoryGroups>;
  ruleId: string | null;
  categoryId: number | null;
  onOpenRule: (id: string | null) => void;
}) {
  const { title, path } = section;
  const dropLink = useCallback(() => onOpenRule(null), [onOpenRule]);
  const link = { linkedKey: ruleId, onLinkOpened: dropLink };
  switch (section.kind) {
    case 'cats':
      return (
        <PolicySection
          kind="cats"
          title={title}
          testId={path}
          describeError={describeListError('Entry', 'list')}
        >
          {(ed) => (
            <CategoriesSection
              doc={ed.draft}
              onChange={ed.edit}
              readOnly={ed.readOnly}
              groups={groups}
              focusId={categoryId}
            />
          )}
        </PolicySection>
      );
    case 'cats/extension':
      // Its own kind and permission (webroot_cats), shown on the Categories tab under the tree.
      return (
        <PolicySection kind="cats/extension" title={title} testId={path}>
          {(ed) => (
            <FormControlLabel
              control={
                <Switch
                  checked={ed.draft.categories_85_to_88.enable}
                  disabled={ed.readOnly}
                  onChange={(e) => ed.edit({ categories_85_to_88: { enable: e.target.checked } })}
                />
              }
              label="Use the extension categories 85–88 (their sites leave the categories they had before)"
            />
          )}
        </PolicySection>
      );
    case 'risks':
      return (
        <PolicySection kind="risks" title={title} testId={path}>
          {(ed) => <RisksSection doc={ed.draft} onChange={ed.edit} readOnly={ed.readOnly} />}
        </PolicySection>
      );
    case 'web/exceptions':
      return (
        <PolicySection
          kind="web/exceptions"
          title={title}
          testId={path}
          describeError={describeExceptionsError}
        >
          {(ed) => (
            <ExceptionsSection
              doc={ed.draft}
              onChange={ed.edit}
              readOnly={ed.readOnly}
              groups={groups}
              openRuleId={ruleId}
              onOpenRule={onOpenRule}
              serverError={
                ed.error && ed.errorPath !== null ? { path: ed.errorPath, message: ed.error.message } : null
              }
            />
          )}
        </PolicySection>
      );
    case 'bnb':
      return (
        <PolicySection kind="bnb" title={title} testId={path}>
          {(ed) => <BnbSection doc={ed.draft} onChange={ed.edit} readOnly={ed.readOnly} {...link} />}
        </PolicySection>
      );
    case 'web/user_agents':
      return (
        <PolicySection
          kind="web/user_agents"
          title={title}
          testId={path}
          describeError={describeListError('Rule', 'list')}
        >
          {(ed) => <UserAgentsSection doc={ed.draft} onChange={ed.edit} readOnly={ed.readOnly} {...link} />}
        </PolicySection>
      );
    case 'web/sha256':
      return (
        <PolicySection
          kind="web/sha256"
          title={title}
          testId={path}
          describeError={describeListError('Hash', 'list')}
        >
          {(ed) => <Sha256Section doc={ed.draft} onChange={ed.edit} readOnly={ed.readOnly} {...link} />}
        </PolicySection>
      );
    case 'v3/sslbump_bypass':
      return (
        <PolicySection
          kind="v3/sslbump_bypass"
          title={title}
          testId={path}
          describeError={describeListError('Entry', 'list')}
        >
          {(ed) => (
            <SslBypassSection
              doc={ed.draft}
              onChange={ed.edit}
              readOnly={ed.readOnly}
              groups={groups}
              {...link}
            />
          )}
        </PolicySection>
      );
  }
}

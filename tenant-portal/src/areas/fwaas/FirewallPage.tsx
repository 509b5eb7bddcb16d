import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Box, Tab, Tabs } from '@mui/material';
import { selectPolicyDocDirty, useAppSelector } from '@workbench/common';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { AreaPage } from '../AreaPage';
import { useRuleParam } from '../policy/useRuleParam';
import { NOT_FOUND_PATH, type PageProps } from '../../routes/areas';
import { FIREWALL_SECTIONS, firewallSectionOf, type FirewallSectionDef } from './firewallSections';
import { FirewallSection } from './FirewallSection';
import { RulesSection, describeRuleError } from './RulesSection';
import { ServicesSection, describeServiceError } from './ServicesSection';
import { FeedsSection, describeFeedError } from './FeedsSection';

/**
 * The Firewall page (issue 12; portal-core §2 fwaas: fwaas:* permission, title Firewall, every
 * environment): a tab per firewall document — rules, services, threat feeds — each saved on its
 * own into the staged revision. Sections are deep-linkable (#/fwaas/services); `?rule=<id>` opens
 * a rule. The publish bar of the policy pages goes above this page (the route wraps it).
 */
export function FirewallPage({ title }: PageProps) {
  const params = useParams();
  const [ruleId, openRule] = useRuleParam();
  const section = firewallSectionOf(params['*']);

  if (!section) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <AreaPage title={title}>
      <Box data-testid={firewallIds.page}>
        <Tabs
          value={section.path}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Firewall sections"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          data-testid={firewallIds.tabs}
        >
          {FIREWALL_SECTIONS.map((s) => (
            <Tab
              key={s.path}
              value={s.path}
              label={<TabLabel section={s} />}
              component={RouterLink}
              to={`/fwaas/${s.path}`}
              data-testid={`${firewallIds.tab}-${s.path}`}
            />
          ))}
        </Tabs>
        <SectionContent key={section.path} section={section} ruleId={ruleId} onOpenRule={openRule} />
      </Box>
    </AreaPage>
  );
}

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A tab's title, marked while its section has unsaved changes (they stay when switching tabs). */
function TabLabel({ section }: { section: FirewallSectionDef }) {
  const dirty = useAppSelector(selectPolicyDocDirty(section.kind));
  return (
    <span>
      {section.title}
      {dirty && (
        <>
          <Box component="span" sx={{ color: 'warning.main', ml: 0.5 }} aria-hidden>
            •
          </Box>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {' '}
            (unsaved changes)
          </Box>
        </>
      )}
    </span>
  );
}

function SectionContent({
  section,
  ruleId,
  onOpenRule,
}: {
  section: FirewallSectionDef;
  ruleId: string | null;
  onOpenRule: (id: string | null) => void;
}) {
  switch (section.kind) {
    case 'fwaas/rules':
      return (
        <FirewallSection section={{ ...section, kind: 'fwaas/rules' }} describeError={describeRuleError}>
          {(ed) => <RulesSection editor={ed} ruleId={ruleId} onOpenRule={onOpenRule} />}
        </FirewallSection>
      );
    case 'fwaas/services':
      return (
        <FirewallSection
          section={{ ...section, kind: 'fwaas/services' }}
          describeError={describeServiceError}
        >
          {(ed) => <ServicesSection editor={ed} />}
        </FirewallSection>
      );
    case 'fwaas/feeds':
      return (
        <FirewallSection section={{ ...section, kind: 'fwaas/feeds' }} describeError={describeFeedError}>
          {(ed) => <FeedsSection editor={ed} />}
        </FirewallSection>
      );
  }
}

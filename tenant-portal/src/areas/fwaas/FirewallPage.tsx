import type { FamilySection } from '../policy/PolicyFamilyPage';
import { PolicyFamilyPage } from '../policy/PolicyFamilyPage';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { PageProps } from '../../routes/areas';
import { FIREWALL_SECTIONS } from './firewallSections';
import { FirewallSection } from './FirewallSection';
import { RulesSection, describeRuleError } from './RulesSection';
import { ServicesSection, describeServiceError } from './ServicesSection';
import { FeedsSection, describeFeedError } from './FeedsSection';

const [rules, services, feeds] = FIREWALL_SECTIONS;

/** The firewall documents' sections, in firewallSections.ts's order (rules first). */
const SECTIONS: readonly FamilySection[] = [
  {
    ...rules,
    render: ({ ruleId, openRule }) => (
      <FirewallSection section={rules} describeError={describeRuleError}>
        {(ed) => <RulesSection editor={ed} ruleId={ruleId} onOpenRule={openRule} />}
      </FirewallSection>
    ),
  },
  {
    ...services,
    render: () => (
      <FirewallSection section={services} describeError={describeServiceError}>
        {(ed) => <ServicesSection editor={ed} />}
      </FirewallSection>
    ),
  },
  {
    ...feeds,
    render: () => (
      <FirewallSection section={feeds} describeError={describeFeedError}>
        {(ed) => <FeedsSection editor={ed} />}
      </FirewallSection>
    ),
  },
];

/**
 * The Firewall page (issue 12; portal-core §2 fwaas: fwaas:* permission, title Firewall, every
 * environment): a tab per firewall document — rules, services, threat feeds — each saved on its
 * own into the staged revision. Sections are deep-linkable (#/fwaas/services); `?rule=<id>` opens
 * a rule. The publish bar of the policy pages goes above this page (the route wraps it).
 */
export function FirewallPage({ title }: PageProps) {
  return <PolicyFamilyPage title={title} family="fw" base="/fwaas" sections={SECTIONS} ids={firewallIds} />;
}

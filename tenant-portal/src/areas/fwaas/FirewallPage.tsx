import type { FamilySection } from '../policy/PolicyFamilyPage';
import { PolicyFamilyPage } from '../policy/PolicyFamilyPage';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { PageProps } from '../../routes/routeModel';
import { FIREWALL_SECTIONS, type FirewallSectionDef } from './firewallSections';
import { PolicySection } from '../policy/PolicySection';
import { RulesSection, describeRuleError } from './RulesSection';
import { ServicesSection, describeServiceError } from './ServicesSection';
import { FeedsSection, describeFeedError } from './FeedsSection';

const [rules, services, feeds] = FIREWALL_SECTIONS;

/**
 * A firewall section's frame (the shared PolicySection: heading, Save / Undo / Redo, save error,
 * conflict dialog, a reply without the kind's fields said so) under the firewall's test ids; the
 * document is "Firewall <section>" in the conflict dialog and the could-not-be-read message.
 */
const frame = ({ path, title }: FirewallSectionDef) => ({
  title,
  testId: path,
  testIdPrefix: firewallIds.section,
  documentName: `Firewall ${title.toLowerCase()}`,
});

/** The firewall documents' sections, in firewallSections.ts's order (rules first). */
const SECTIONS: readonly FamilySection[] = [
  {
    ...rules,
    render: ({ ruleId, openRule }) => (
      <PolicySection kind={rules.kind} {...frame(rules)} describeError={describeRuleError}>
        {(ed) => <RulesSection editor={ed} ruleId={ruleId} onOpenRule={openRule} />}
      </PolicySection>
    ),
  },
  {
    ...services,
    render: () => (
      <PolicySection kind={services.kind} {...frame(services)} describeError={describeServiceError}>
        {(ed) => <ServicesSection editor={ed} />}
      </PolicySection>
    ),
  },
  {
    ...feeds,
    render: () => (
      <PolicySection kind={feeds.kind} {...frame(feeds)} describeError={describeFeedError}>
        {(ed) => <FeedsSection editor={ed} />}
      </PolicySection>
    ),
  },
];

/**
 * The Firewall page (issue 12; docs/sessions.md §6 fwaas: fwaas:* permission, title Firewall, every
 * environment): a tab per firewall document — rules, services, threat feeds — each saved on its
 * own into the staged revision. Sections are deep-linkable (#/fwaas/services); `?rule=<id>` opens
 * a rule. The publish bar of the policy pages goes above this page (the route wraps it).
 */
export function FirewallPage({ title }: PageProps) {
  return <PolicyFamilyPage title={title} family="fw" base="/fwaas" sections={SECTIONS} ids={firewallIds} />;
}

import type { FamilySection } from '../policy/PolicyFamilyPage';
import { PolicyFamilyPage, familySections, groupTab } from '../policy/PolicyFamilyPage';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { PageProps } from '../../routes/routeModel';
import { PolicySection } from '../policy/PolicySection';
import { RulesSection, describeRuleError } from './RulesSection';
import { ServicesSection, describeServiceError } from './ServicesSection';
import { FeedsSection, describeFeedError } from './FeedsSection';

/** Rules first: what decides traffic; services and feeds are what rules refer to (the view rows' order). */
const rules = { ...groupTab('fwaas', 'rules'), kind: 'fwaas/rules' } as const;
const services = { ...groupTab('fwaas', 'services'), kind: 'fwaas/services' } as const;
const feeds = { ...groupTab('fwaas', 'feeds'), kind: 'fwaas/feeds' } as const;

/**
 * A firewall section's frame (the shared PolicySection: heading, Save / Undo / Redo, save error,
 * conflict dialog, a reply without the kind's fields said so) under the firewall's test ids; the
 * document is "Firewall <section>" in the conflict dialog and the could-not-be-read message.
 */
const frame = ({ path, title }: { path: string; title: string }) => ({
  title,
  testId: path,
  testIdPrefix: firewallIds.section,
  documentName: `Firewall ${title.toLowerCase()}`,
});

/** The firewall documents' sections, in their view rows' order (rules first). */
export const FIREWALL_PAGE_SECTIONS: readonly FamilySection[] = familySections('fwaas', [
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
]);

/**
 * The Firewall page (issue 12; docs/sessions.md §6 fwaas: fwaas:* permission, title Firewall, every
 * environment): a tab per firewall document — rules, services, threat feeds — each saved on its
 * own into the staged revision. Sections are deep-linkable (#/fwaas/services); `?rule=<id>` opens
 * a rule. The publish bar of the policy pages goes above this page (the route wraps it).
 */
export function FirewallPage({ title }: PageProps) {
  return (
    <PolicyFamilyPage
      title={title}
      family="fw"
      base="/fwaas"
      sections={FIREWALL_PAGE_SECTIONS}
      ids={firewallIds}
    />
  );
}

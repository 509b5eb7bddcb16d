/**
 * The sub-event types (docs/glossary.md §2 log filter vocabularies): the admin areas an audit event is
 * about, the audit log's `sub_event_type`. The policy groups' areas come from the policy-group
 * registry (a change of a kind is filed under its group) and the provider entities' from the
 * provider-entity registry (each entity's key, labelled with its title), so a new group or entity
 * needs no entry here; the audit trail refuses a route whose area is not in this list.
 */
import { POLICY_GROUP_AUDIT_AREAS } from '../../vocabularies/policyGroups';
import { OTHER_SUB_EVENT_TYPES } from '../../vocabularies/logFilterVocabularies';
import type { Vocabulary } from '../../vocabularies/vocabulary';
import { PROVIDER_ENTITY_TITLES } from './providerEntityTitles';

export const SUB_EVENT_TYPES: Vocabulary = [
  ...POLICY_GROUP_AUDIT_AREAS,
  ...OTHER_SUB_EVENT_TYPES,
  // Our choice (issue 34 points 7, 8): the contact form and the connectivity test's results.
  { code: 'contact_form', label: 'Contact Form' },
  { code: 'connectivity', label: 'Connectivity Test' },
  // A tenant's report region (docs/provider-console.md §14).
  { code: 'report_regions', label: 'Report Regions' },
  // Our choice (issue 37): tenant quota (docs/provider-console.md §11).
  { code: 'quota', label: 'Quota' },
  // Our choice (issue 37): the provider's default PAC file (docs/provider-console.md §12).
  { code: 'provider_pac', label: 'Provider PAC' },
  // Our choice (issue 41): two-person approval of policy publishes (docs/policy-impact.md).
  { code: 'policy_approval', label: 'Policy Approval' },
  // Our choice (issue 35): an on-premises appliance's own settings and certificates (docs/appliances.md).
  { code: 'appliance_settings', label: 'Appliance Settings' },
  // Our choice (issue 35): the central manager's appliances, groups, templates (docs/central-manager.md).
  { code: 'central_manager', label: 'Central Manager' },
  // Our choice (issue 40): alert rules, firings and notification channels (docs/alerts.md).
  { code: 'alerts', label: 'Alerts' },
  // Our choice (issue 40 point 3): log streaming destinations (docs/streaming.md).
  { code: 'streaming', label: 'Log Streaming' },
  // Our choice (issue 41 points 4, 5): dashboards people build (docs/dashboards.md).
  { code: 'dashboards', label: 'Dashboards' },
  ...Object.entries(PROVIDER_ENTITY_TITLES).map(([entity, title]) => ({ code: entity, label: title })),
];

/**
 * The Firewall page's sections (issue 12; docs/sessions.md §6 fwaas, docs/policy.md §8
 * rules/fwaas/{services|rules|feeds}): one per firewall document of the policy-kind registry,
 * each deep-linkable as #/fwaas/<path> and saved on its own.
 */
import { familyTabs } from '../policy/familyTabs';

/** Rules first: what decides traffic; services and feeds are what rules refer to. */
export type FirewallSectionDef = (typeof FIREWALL_SECTIONS)[number];

export const FIREWALL_SECTIONS = familyTabs([
  { path: 'rules', kind: 'fwaas/rules' },
  { path: 'services', kind: 'fwaas/services' },
  { path: 'feeds', kind: 'fwaas/feeds' },
] as const);

export type FirewallSectionPath = (typeof FIREWALL_SECTIONS)[number]['path'];

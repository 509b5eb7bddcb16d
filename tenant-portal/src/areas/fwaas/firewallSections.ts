/**
 * The Firewall page's sections (issue 12; docs/sessions.md §6 fwaas, docs/policy.md §8
 * rules/fwaas/{services|rules|feeds}): one per firewall document of the policy-kind registry,
 * each deep-linkable as #/fwaas/<path> and saved on its own.
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';

export interface FirewallSectionDef {
  path: 'rules' | 'services' | 'feeds';
  /** The tab's and the section's heading. */
  title: string;
  kind: Extract<PolicyKind, `fwaas/${string}`>;
}

/** Rules first: what decides traffic; services and feeds are what rules refer to. */
export const FIREWALL_SECTIONS = [
  { path: 'rules', title: 'Rules', kind: 'fwaas/rules' },
  { path: 'services', title: 'Services', kind: 'fwaas/services' },
  { path: 'feeds', title: 'Threat feeds', kind: 'fwaas/feeds' },
] as const satisfies readonly FirewallSectionDef[];

export type FirewallSectionPath = (typeof FIREWALL_SECTIONS)[number]['path'];

/**
 * The firewall documents as the page edits them (common's policy-kind registry, firewallKinds:
 * fwaas/services, fwaas/rules, fwaas/feeds) and the pure edits and summaries the sections share.
 */
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import {
  FIREWALL_ACTIONS,
  FIREWALL_REQUEST_TYPES,
} from '@workbench/common/vocabularies/logFilterVocabularies';
import { COUNTRIES } from '@workbench/common/vocabularies/countries';
import { vocabularyLabel } from '@workbench/common/vocabularies/vocabulary';
import { upsert } from '../policy/web/listEdits';

// One reordering for the firewall and the policy rule tables.
export { moveItem } from '../policy/web/listEdits';

export type ServicesDoc = PolicyData<'fwaas/services'>;
export type RulesDoc = PolicyData<'fwaas/rules'>;
export type FeedsDoc = PolicyData<'fwaas/feeds'>;
export type FirewallService = ServicesDoc['list'][number];
export type FirewallRule = RulesDoc['list'][number];
export type FirewallFeed = FeedsDoc['list'][number];

export const actionLabel = (code: string): string => vocabularyLabel(FIREWALL_ACTIONS, code);
export const requestTypeLabel = (code: string): string => vocabularyLabel(FIREWALL_REQUEST_TYPES, code);
export const countryLabel = (code: string): string => vocabularyLabel(COUNTRIES, code);

export const PROTOCOL_LABELS: Record<FirewallService['protocol'], string> = {
  tcp: 'TCP',
  udp: 'UDP',
  icmp: 'ICMP',
  any: 'Any',
};
export const FEED_TYPE_LABELS: Record<FirewallFeed['type'], string> = {
  ip: 'IP addresses',
  domain: 'Domains',
};

/** Replaces the item with the id of `item`, or appends it when none has that id. */
export const upsertById = <T extends { id: string }>(list: readonly T[], item: T): T[] =>
  upsert(list, item, (t) => t.id);

/** Inserts `item` right after the item with id `afterId` (a duplicate goes under its original). */
export function insertAfter<T extends { id: string }>(list: readonly T[], afterId: string, item: T): T[] {
  const i = list.findIndex((t) => t.id === afterId);
  if (i < 0) return [...list, item];
  return [...list.slice(0, i + 1), item, ...list.slice(i + 1)];
}

export const removeById = <T extends { id: string }>(list: readonly T[], id: string): T[] =>
  list.filter((t) => t.id !== id);

/** A new id in the registry's RuleId alphabet (letters, digits, _ and -; at most 64). */
export function newId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `fw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** "Name (copy)", "Name (copy 2)", … : the first that no other item has. */
export function copyName(name: string, taken: readonly string[]): string {
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '');
  const names = new Set(taken.map((n) => n.toLowerCase()));
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? `${base} (copy)` : `${base} (copy ${n})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** "a, b +3 more" for a table cell; an empty list reads `empty`. */
export function summarize(values: readonly string[], empty = 'Any', shown = 2): string {
  if (values.length === 0) return empty;
  const head = values.slice(0, shown).join(', ');
  return values.length > shown ? `${head} +${values.length - shown} more` : head;
}

/** Where a rule's traffic comes from: addresses, users and groups (empty: any source). */
export function sourceSummary(rule: FirewallRule): string {
  const parts = [
    ...rule.sources,
    ...rule.users.map((u) => `user ${u}`),
    ...rule.groups.map((g) => `group ${g}`),
  ];
  return summarize(parts);
}

/** Where a rule's traffic goes: addresses, domains and countries (empty: any destination). */
export function destinationSummary(rule: FirewallRule): string {
  return summarize([...rule.destinations, ...rule.domains, ...rule.countries.map(countryLabel)]);
}

/** The label of a service id: its name, or that it was deleted from the services document. */
export function serviceName(id: string, services: readonly FirewallService[]): string {
  return services.find((s) => s.id === id)?.name ?? `Deleted service (${id})`;
}

export const serviceMissing = (id: string, services: readonly FirewallService[]): boolean =>
  !services.some((s) => s.id === id);

/** The rules whose services list names the service, in rule order. */
export const rulesUsingService = (serviceId: string, rules: readonly FirewallRule[]): FirewallRule[] =>
  rules.filter((r) => r.services.includes(serviceId));

/** "Every 15 minutes", "Every 2 hours", "Every day". */
export function refreshLabel(minutes: number): string {
  if (minutes === 1440) return 'Every day';
  if (minutes % 60 === 0) return minutes === 60 ? 'Every hour' : `Every ${minutes / 60} hours`;
  return `Every ${minutes} minutes`;
}

/**
 * The index and rest of a 400's path inside the document's list (`list.2.sources.0`:
 * { index: 2, rest: 'sources.0' }), or null when the path is elsewhere.
 */
export function pathInList(path: string | null): { index: number; rest: string } | null {
  if (path === null) return null;
  const m = /^list\.(\d+)(?:\.(.*))?$/.exec(path);
  return m ? { index: Number(m[1]), rest: m[2] ?? '' } : null;
}

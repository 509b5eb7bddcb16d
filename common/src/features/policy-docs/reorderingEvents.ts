/**
 * reorderingEvents (docs/policy.md §3 Policy revision: exception rules carry list, bypass,
 * reorderingEvents): the rule moves a save reports beside the list, audited as "Rule Order
 * Changed" (docs/glossary.md §2 audit actions). Only kinds whose schema has the field get them.
 */
import { POLICY_KIND_REGISTRY, type PolicyKind } from '../../api/contract/policyKinds';

export interface ReorderingEvent {
  rule_id: string;
  from: number;
  to: number;
}

/**
 * The rules that moved from `before` to `after`: of the rules in both, those outside the longest
 * run that kept its relative order (dragging one rule reports that rule, not every rule it shifted).
 * `from` and `to` are 0-based places in the old and new list.
 */
export function reorderingEvents(
  before: ReadonlyArray<{ id: string }>,
  after: ReadonlyArray<{ id: string }>,
): ReorderingEvent[] {
  const oldIndex = new Map(before.map((r, i) => [r.id, i]));
  const kept = after
    .map((r, i) => ({ id: r.id, to: i, from: oldIndex.get(r.id) }))
    .filter((r): r is { id: string; to: number; from: number } => r.from !== undefined);
  // Longest increasing subsequence of old places, in new order (O(n²): lists hold at most 2000 rules).
  const length = kept.map(() => 1);
  const prev = kept.map(() => -1);
  let best = -1;
  for (let i = 0; i < kept.length; i += 1) {
    for (let j = 0; j < i; j += 1)
      if (kept[j].from < kept[i].from && length[j] + 1 > length[i]) {
        length[i] = length[j] + 1;
        prev[i] = j;
      }
    if (best < 0 || length[i] > length[best]) best = i;
  }
  const stayed = new Set<number>();
  for (let i = best; i >= 0; i = prev[i]) stayed.add(i);
  return kept.filter((_, i) => !stayed.has(i)).map((r) => ({ rule_id: r.id, from: r.from, to: r.to }));
}

const hasReorderingEvents = (kind: PolicyKind): boolean => {
  const schema = POLICY_KIND_REGISTRY[kind].data as { properties?: Record<string, unknown> };
  return Boolean(schema.properties && 'reorderingEvents' in schema.properties);
};

/**
 * The list whose moves a save reports: the kind's one ordered list (private access keeps its rules
 * under `access_rules`), else `list`.
 */
const orderedListPath = (kind: PolicyKind): string => {
  const ordered = POLICY_KIND_REGISTRY[kind].orderedLists;
  return ordered?.length === 1 ? ordered[0] : 'list';
};

const at = (doc: unknown, path: string): Array<{ id: string }> | undefined => {
  const value = path
    .split('.')
    .reduce<unknown>((v, part) => (v as Record<string, unknown> | null)?.[part], doc);
  return Array.isArray(value) ? (value as Array<{ id: string }>) : undefined;
};

/**
 * The body of a save: the draft, plus the moves of its ordered list when the kind reports them.
 * Such a kind's save always carries reorderingEvents, empty when nothing moved, as the spec lists
 * it in the body ("Exception rules: list, bypass, reorderingEvents").
 */
export function withReorderingEvents(kind: PolicyKind, saved: unknown, draft: unknown): unknown {
  if (!hasReorderingEvents(kind) || !draft || typeof draft !== 'object') return draft;
  const { reorderingEvents: _old, ...rest } = draft as Record<string, unknown>;
  const path = orderedListPath(kind);
  return { ...rest, reorderingEvents: reorderingEvents(at(saved, path) ?? [], at(rest, path) ?? []) };
}

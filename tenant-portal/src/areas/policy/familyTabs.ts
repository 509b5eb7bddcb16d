/**
 * A policy family's tabs (issue 32 point 1): each a deep-linkable path and the kind it edits,
 * derived from the kinds' view rows (common/src/features/policy-view/policyKindViews.ts): a
 * group's tabs are the rows of its kinds (the registry's `group`) that name a `path`, in the view
 * table's order, each labelled with the row's tab. So a family has no table of its own to edit.
 */
import {
  POLICY_KIND_REGISTRY,
  POLICY_KINDS,
  type PolicyKind,
} from '@workbench/common/api/contract/policyKinds';
import type { PolicyPermissionGroup } from '@workbench/common/vocabularies/policyGroups';
import {
  POLICY_KIND_VIEWS,
  policyKindTab,
  type PolicyKindView,
} from '@workbench/common/features/policy-view/policyKindViews';

export interface FamilyTabRow {
  path: string;
  kind: PolicyKind;
  /** The label of a second tab of a kind whose own tab the view row names. */
  tab?: string;
}

export type FamilyTab<R extends FamilyTabRow = FamilyTabRow> = R & {
  /** The tab's and the section's heading. */
  title: string;
};

/** The rows with their labels, in the table's order (each position keeps its row's type). */
export function familyTabs<const R extends readonly FamilyTabRow[]>(
  rows: R,
): { readonly [I in keyof R]: FamilyTab<R[I]> } {
  return rows.map((row) => ({ ...row, title: row.tab ?? policyKindTab(row.kind) })) as {
    readonly [I in keyof R]: FamilyTab<R[I]>;
  };
}

/** The view table's kinds in its order (the order of a family's tabs). */
const VIEW_ORDER = Object.keys(POLICY_KIND_VIEWS).filter((k): k is PolicyKind =>
  (POLICY_KINDS as readonly string[]).includes(k),
);

/**
 * The tabs of a permission group's page, from the view rows: one row per kind with a `path` (and
 * per `secondTab`). Two kinds with the same path are one tab that shows both; both rows are kept,
 * the first is the tab's own (a rule link finds either).
 */
export function groupTabs(group: PolicyPermissionGroup): readonly FamilyTab[] {
  const rows: FamilyTabRow[] = [];
  for (const kind of VIEW_ORDER) {
    const view: PolicyKindView = POLICY_KIND_VIEWS[kind];
    if (POLICY_KIND_REGISTRY[kind].group !== group || view.path === undefined) continue;
    rows.push({ path: view.path, kind });
    if (view.secondTab) rows.push({ path: view.secondTab.path, kind, tab: view.secondTab.tab });
  }
  return familyTabs(rows);
}

/** A tab's path and title by its path, for a page's section list (throws on a path not in the table). */
export function tabTitled<R extends FamilyTab>(
  tabs: readonly R[],
  path: R['path'],
): { path: string; title: string } {
  const tab = tabs.find((t) => t.path === path);
  if (!tab) throw new Error(`No policy section ${path}`);
  return { path: tab.path, title: tab.title };
}

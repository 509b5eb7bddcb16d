/**
 * A policy family's tabs (issue 32 point 1): each a deep-linkable path and the kind it edits; the
 * label is the kind's view row's tab (common/src/features/policy-view/policyKindViews.ts), so a
 * family table names no title of its own. `tab` is only for a second tab of the same kind
 * (cloud-app profiles' unsanctioned domains, private access's applications).
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { policyKindTab } from '@workbench/common/features/policy-view/policyKindViews';

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

/** A tab's path and title by its path, for a page's section list (throws on a path not in the table). */
export function tabTitled<R extends FamilyTab>(
  tabs: readonly R[],
  path: R['path'],
): { path: string; title: string } {
  const tab = tabs.find((t) => t.path === path);
  if (!tab) throw new Error(`No policy section ${path}`);
  return { path: tab.path, title: tab.title };
}

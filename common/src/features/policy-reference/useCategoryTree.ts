/**
 * The category tree the staged revision's rules use: reads category_version, then the matching
 * tree (GET /cats for version 1, /cats_v2 for version 2: docs/policy.md §4 Policy), and only that
 * one. After a category migration the version row is read again and the v2 tree follows.
 */
import type { CategoryTree } from '../../api/contract/policyReference';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type { PolicyReferenceStatus } from './policyReferenceSlice';
import { usePolicyReference } from './usePolicyReference';

export interface CategoryTreeView {
  status: PolicyReferenceStatus;
  /** 1 or 2 once category_version is read; null before. */
  version: 1 | 2 | null;
  tree: CategoryTree | null;
  error: ApiCallErrorInfo | null;
}

export function useCategoryTree(): CategoryTreeView {
  const version = usePolicyReference('category_version');
  const v = version.data?.version ?? null;
  const v1 = usePolicyReference('cats', { enabled: v === 1 });
  const v2 = usePolicyReference('cats_v2', { enabled: v === 2 });
  if (v === null)
    return {
      status: version.status === 'ready' ? 'loading' : version.status,
      version: v,
      tree: null,
      error: version.error,
    };
  const tree = v === 2 ? v2 : v1;
  return { status: tree.status, version: v, tree: tree.data, error: tree.error };
}

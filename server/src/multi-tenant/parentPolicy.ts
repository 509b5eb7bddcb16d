/**
 * How a parent's publish reaches its children (docs/policy.md §11, docs/decisions.md §13): nothing
 * is copied. A child's parent_global_* document is read, at each read, from its active parent's
 * own global document at the parent's published revision; without an active association (none,
 * pending, declined or ended) it is the row's empty defaults, which the portal shows as "No rules
 * set by the parent". So a parent's publish is what its children read next, and its staged,
 * unpublished changes are never seen by them.
 */
import {
  POLICY_KIND_REGISTRY,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore } from '../store/ConfigStore';
import { readPolicyDoc } from '../policy/revisionStaging';

/** The parent's published version of the row's global kind, or the row's defaults. */
export async function readParentDoc(store: ConfigStore, tid: string, def: PolicyKindDef): Promise<unknown> {
  const of = def.parentOf as PolicyKind | undefined;
  if (!of || !(of in POLICY_KIND_REGISTRY)) return def.defaults;
  const parent = await store.tenantAssociations.activeParentOf(tid);
  const published = parent ? await store.revisions.get(parent) : null;
  if (!parent || !published) return def.defaults;
  return readPolicyDoc(store, parent, of, published.revId);
}

/**
 * The diff between two of a tenant's revisions, per kind (issue 12): what the tenant's
 * `GET /api/policy/v1/revisions/diff` answers (policyRoutes.ts) and the provider's view of the same
 * tenant answers too (provider/tenantPolicyRoutes.ts), so both read one computation.
 */
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import type { KindDiff, PolicyDiff } from '@workbench/common/api/contract/policy';
import type { ConfigStore } from '../store/ConfigStore';
import { ApiHttpError } from '../http/errors';
import { currentRevision, readPolicyDoc } from './revisionStaging';
import { diffPolicyDoc } from './policyDiff';

export const NOT_A_REVISION_MSG = (rev: number) => `Revision ${rev} does not exist.`;

/**
 * The kinds that hold the tenant's policy: not a publish note (it belongs to its revision), nor a
 * read-only kind (a parent's rules, a view of another kind's document).
 */
export const POLICY_DOC_KINDS = POLICY_KINDS.filter((k) => {
  const def: PolicyKindDef = POLICY_KIND_REGISTRY[k];
  return def.scope === 'policy' && !def.readOnly && !def.view;
});

/**
 * What changed from revision `from` to revision `to` of the tenant, per kind `canRead` lets the
 * caller see; 404 naming `rev` for a revision above the staged one.
 */
export async function revisionDiff(
  store: ConfigStore,
  tid: string,
  { from, to }: { from: number; to: number },
  canRead: (kind: PolicyKind) => boolean,
): Promise<PolicyDiff> {
  const current = await currentRevision(store, tid);
  for (const rev of [from, to])
    if (rev < 1 || rev > current.stagedRevId) throw new ApiHttpError(404, NOT_A_REVISION_MSG(rev), 'rev');
  const kinds: KindDiff[] = [];
  for (const kind of POLICY_DOC_KINDS) {
    if (!canRead(kind)) continue;
    const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
    const changes = diffPolicyDoc(
      def,
      await readPolicyDoc(store, tid, kind, from),
      await readPolicyDoc(store, tid, kind, to),
    );
    if (changes.length > 0) kinds.push({ kind, title: def.title, changes });
  }
  return { from, to, kinds };
}

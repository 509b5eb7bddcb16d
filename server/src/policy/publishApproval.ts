/**
 * Whether a tenant's publishes need a second administrator's approval (its policy_approval
 * settings document; docs/policy-impact.md §2), and the publish route's check. Apart from the
 * approval routes so the publish route reads it without importing them.
 */
import { APPROVAL_MESSAGES } from '@workbench/common/api/contract/publishApproval';
import type { ApprovalRequest } from '@workbench/common/api/contract/publishApproval';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import { ApiHttpError } from '../http/errors';
import { readSettingsDocument } from '../settings/settingsDocumentRoutes';

export async function approvalRequired(store: ConfigStore, tid: string): Promise<boolean> {
  const { doc } = await readSettingsDocument(store, 'policy_approval', tid);
  return doc.two_person_approval === true;
}

/** With the setting on, a tenant's publish goes through an approval request (409 otherwise). */
export async function assertPublishAllowed(store: ConfigStore, tid: string): Promise<void> {
  if (await approvalRequired(store, tid)) throw new ApiHttpError(409, APPROVAL_MESSAGES.required);
}

/** The config store's entity of approval requests (one row per request, its tenant in `tid`). */
export const APPROVAL_ENTITY = 'policy_approval_requests';

export type Stored = ApprovalRequest & { tid: string };
export const storedOf = (record: EntityRecord): Stored => record.data as unknown as Stored;

/** The approved requests behind published revisions `revIds` (the history's "approved by"). */
export async function approvalsOfPublished(
  store: ConfigStore,
  tid: string,
  revIds: readonly number[],
): Promise<Map<number, Stored>> {
  const wanted = new Set(revIds);
  if (wanted.size === 0) return new Map();
  const { records } = await store.entities.newest(
    APPROVAL_ENTITY,
    { tid, status: 'approved' },
    { limit: 1000 },
  );
  return new Map(
    records
      .map(storedOf)
      .flatMap((r) => (wanted.has(r.staged_rev_id) ? [[r.staged_rev_id, r] as const] : [])),
  );
}

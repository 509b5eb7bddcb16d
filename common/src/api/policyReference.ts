/**
 * Policy reference-data calls (docs/policy.md §4 Policy; docs/policy.md §4 Policy reads and saves),
 * typed by the rows of the registry (contract/policyReference.ts): one call for every row, and
 * the two migration commands.
 */
import type { Revision } from './contract/policy';
import {
  POLICY_MIGRATION_PATHS,
  policyReferencePath,
  type MigrationBody,
  type PolicyMigration,
  type PolicyReferenceName,
  type PolicyReferenceReply,
} from './contract/policyReference';
import type { HttpClient } from './http';

/**
 * Reads a row: `getPolicyReference(http, 'cats')`, or with the revision for the rows read by
 * revision, `getPolicyReference(http, 'ad/group_users', { rev: 4 })`. It carries a timestamp
 * like the other policy reads (docs/policy.md §4 category_version?timestamp), so no cache in
 * between answers a tenant's value from before a migration.
 */
export async function getPolicyReference<N extends PolicyReferenceName>(
  http: HttpClient,
  name: N,
  params: { rev?: number } = {},
): Promise<PolicyReferenceReply<N>> {
  const r = await http.get<PolicyReferenceReply<N>>(policyReferencePath(name, params), {
    callName: `getPolicyReference:${name}`,
    params: { timestamp: String(Date.now()) },
  });
  return r.data;
}

/**
 * Runs a migration on the staged revision (PUT /category_migration or /v4/content_migration).
 * Like every policy save it carries rev_id, state and updated_at (docs/policy.md §2), plus the
 * staged_rev_id; the reply is the revision after it (409 when someone changed it in between).
 */
export async function migratePolicy(
  http: HttpClient,
  migration: PolicyMigration,
  revision: Revision,
): Promise<Revision> {
  const body: MigrationBody = {
    rev_id: revision.rev_id,
    staged_rev_id: revision.staged_rev_id,
    state: revision.state,
    updated_at: revision.updated_at,
  };
  const r = await http.put<Revision>(POLICY_MIGRATION_PATHS[migration], body, {
    callName: `migratePolicy:${migration}`,
  });
  return r.data;
}

/**
 * Which write actions the shell and the policy landing offer. Roles become `item:read` /
 * `item:write` (docs/access.md §1), so a web-policy writer holds e.g. `web_policy:*:write`; the
 * check spells the write segment out so a `web_policy:*:read` grant does not match.
 */
import type { AccessController } from '@workbench/common';
import { policyWritePermission as writePermission } from '@workbench/common/vocabularies/policyGroups';
import { POLICY_KIND_GROUPS } from '@workbench/common/api/contract/policyKindGroups';

/** The note editor is editable for web-policy writers. */
export const canWritePolicyNote = (access: AccessController): boolean =>
  access.can(writePermission('web_policy'));

/**
 * Publish (and discard, rollback) is offered to a writer of any group whose documents are in the
 * revision: the policy groups and the firewall's (the server's REVISION_PUBLISH rule).
 */
export const canPublishPolicy = (access: AccessController): boolean =>
  POLICY_KIND_GROUPS.some((group) => access.can(writePermission(group)));

/**
 * Which write actions the shell and the policy landing offer. Roles become `item:read` /
 * `item:write` (portal-core §6), so a web-policy writer holds e.g. `web_policy:*:write`; the
 * check spells the write segment out so a `web_policy:*:read` grant does not match.
 */
import type { AccessController } from '@workbench/common';
import {
  POLICY_GROUPS,
  policyWritePermission as writePermission,
} from '@workbench/common/vocabularies/policyGroups';

/** The note editor is editable for web-policy writers. */
export const canWritePolicyNote = (access: AccessController): boolean =>
  access.can(writePermission('web_policy'));

/** Publish is offered to a writer of any policy group. */
export const canPublishPolicy = (access: AccessController): boolean =>
  POLICY_GROUPS.some((group) => access.can(writePermission(group)));

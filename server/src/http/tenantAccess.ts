/**
 * Who may reach a tenant's API from where, the guard's one check for both documents that decide
 * it: the provider's IP restrictions (docs/ip-restrictions.md) and the tenant's own
 * admin_access_control (docs/sign-in-settings.md "Enforcement"). Both are read in one query per
 * request, on every request (a change applies to the next call, on every server).
 */
import type { ApiError } from '@workbench/common/api/contract/errors';
import { IP_RESTRICTED_FIELD, ipRestrictedMessage } from '@workbench/common/api/contract/ipRestrictions';
import {
  ADMIN_ACCESS_REFUSED_FIELD,
  adminAccessRefusedMessage,
} from '@workbench/common/api/contract/signInSettings';
import type { ServerContext, TenantSession } from '../context';
import { IP_RESTRICTIONS_ENTITY, ipRefusal, ipRestrictionsFrom } from '../tokens/ipRestrictions';
import {
  ADMIN_ACCESS_CONTROL_ENTITY,
  adminAccessControlFrom,
  adminAccessRefusal,
  signInMethodOf,
} from '../sign-in-settings/adminAccessControl';
import { apiError } from './errors';

/** The 403 body refusing the session's call from `ip`, or null when both documents admit it. */
export async function tenantAccessRefusal(
  ctx: ServerContext,
  session: TenantSession,
  ip: string,
): Promise<ApiError | null> {
  const [restrictions, control] = await ctx.store.entities.getTwo(
    [IP_RESTRICTIONS_ENTITY, ADMIN_ACCESS_CONTROL_ENTITY],
    session.tid,
  );
  // The provider's restriction first: only the provider can lift it, so it is the one to name.
  const address = ipRefusal(ipRestrictionsFrom(restrictions?.data), ip);
  if (address !== null)
    return { ...apiError(403, ipRestrictedMessage(address)), [IP_RESTRICTED_FIELD]: address };
  const rules = adminAccessControlFrom(control?.data);
  const refused = adminAccessRefusal(rules, signInMethodOf(session), ip);
  if (refused === null) return null;
  return {
    ...apiError(403, adminAccessRefusedMessage(refused, rules.allowed_methods)),
    [ADMIN_ACCESS_REFUSED_FIELD]: refused,
  };
}

/**
 * admin_access_control enforced (issue 33 point 4; docs/sign-in-settings.md "Enforcement"): while
 * a tenant's document is on, its administration answers only callers from `allowed_ranges` who
 * came in by one of `allowed_methods`. The guard applies it with the provider's IP restrictions,
 * one read for both (http/tenantAccess.ts); the routes that save it live in signInSettingsRoutes.ts.
 */
import {
  ADMIN_ACCESS_CONTROL_DEFAULTS,
  type AdminAccessControl,
  type AdminAccessRefused,
  type AdminSignInMethod,
} from '@workbench/common/api/contract/signInSettings';
import type { TenantSession } from '../context';
import { ipAllowed } from '../tokens/ipRestrictions';

/** The config-store entity holding each tenant's document (its id is the tenant's). */
export const ADMIN_ACCESS_CONTROL_ENTITY = 'tenant_admin_access_control';

/** The stored document's rules (the defaults, off, before the first save). */
export const adminAccessControlFrom = (stored: Record<string, unknown> | undefined): AdminAccessControl =>
  (stored as AdminAccessControl | undefined) ?? ADMIN_ACCESS_CONTROL_DEFAULTS;

/**
 * How the caller came in. The only sign-in this server has is the password form
 * (auth/tenantAuthRoutes.ts); a single sign-on sign-in, when it lands, records its method on the
 * session record and this reads it.
 */
export const signInMethodOf = (session: Pick<TenantSession, 'viaBearer'>): AdminSignInMethod =>
  session.viaBearer ? 'api_token' : 'password';

/** What the document refuses of a caller by `method` from `ip` (the address first); null when nothing. */
export function adminAccessRefusal(
  control: AdminAccessControl,
  method: AdminSignInMethod,
  ip: string,
): AdminAccessRefused | null {
  if (!control.enabled) return null;
  if (!ipAllowed(control.allowed_ranges, ip)) return { reason: 'address', address: ip };
  if (!control.allowed_methods.includes(method)) return { reason: 'method', method };
  return null;
}

import { Type, type Static } from 'typebox';
import { AdminAccessRefused } from './signInSettings';

/** Every non-2xx JSON reply. `field` names the offending input on 400s. */
export const ApiError = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  /** A stale policy save (409): who changed the revision since it was loaded, and when. */
  changed_by: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  changed_at: Type.Optional(Type.String()),
  /** A 403 of a call made before a pending step was done: the step (contract/pendingSteps.ts). */
  pending_step: Type.Optional(Type.String()),
  /** A 403 of a call from outside the tenant's IP restrictions: the address refused (contract/ipRestrictions.ts). */
  ip_restricted: Type.Optional(Type.String()),
  /** A 403 of a call the tenant's admin_access_control refuses: the address or method (contract/signInSettings.ts). */
  admin_access_refused: Type.Optional(AdminAccessRefused),
});
export type ApiError = Static<typeof ApiError>;

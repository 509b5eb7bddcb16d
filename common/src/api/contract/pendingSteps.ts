/**
 * Pending steps: what a signed-in portal account must do before anything else of the portal
 * opens, in this fixed order (a password someone else set is changed before the terms of service
 * are accepted). While a step is pending the server answers every call but the step's own (and
 * sign-out, user info, the session refresh) with 403, the step's reason and `pending_step`
 * (server/src/http/guard.ts); the user info lists the pending steps and the portal shows the
 * first one's page and nothing else (tenant-portal/src/pending-steps).
 *
 * Adding a step is one row here; the compiler then asks for its server check
 * (server/src/auth/pendingSteps.ts) and its page (tenant-portal/src/pending-steps/pendingStepPages.ts),
 * and the step's own calls declare it in `whilePending`. Plain constants: the sign-in pages load
 * this module.
 */
export const PENDING_STEP_ROWS = [
  {
    id: 'change_password',
    /** The 403's message: a caller of the API reads what to do, and where. */
    reason: 'Your password was set by someone else: change it first (POST /api/auth/v1/change_password).',
  },
  {
    id: 'accept_terms',
    reason:
      'The terms of service of this tenant have not been accepted in their current version: read them (GET /api/settings/v1/tenants/tos) and accept them first (PUT with their version).',
  },
] as const;

export type PendingStep = (typeof PENDING_STEP_ROWS)[number]['id'];
/** The steps in the order they are asked for. */
export const PENDING_STEPS: readonly PendingStep[] = PENDING_STEP_ROWS.map((row) => row.id);

export const pendingStepReason = (step: PendingStep): string =>
  PENDING_STEP_ROWS.find((row) => row.id === step)?.reason ?? step;

/** The field of a 403 body that names the step the call waits for. */
export const PENDING_STEP_FIELD = 'pending_step';

/** The pending step a reply body names (a 403 of the guard), or null. */
export function pendingStepOf(body: unknown): PendingStep | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[PENDING_STEP_FIELD];
  return PENDING_STEPS.find((step) => step === value) ?? null;
}
